// Links in an outline: a link into a summary holds every task below it, and a link from a summary
// waits for every task below it, so a cycle can run through a summary (A → Design, where Design
// holds B, and B → A) and a link between a task and its own summary means nothing. The check sees
// through summaries by giving each task an entry and an exit: a link joins the prerequisite's exit
// to the dependent's entry, a summary's entry leads to its children's entries and their exits to
// its exit, and a leaf's entry leads to its own exit. Linear in tasks and links.

export type OutlineLinkTask = { id: number; parentId: number | null };
export type OutlineLink = { sourceTaskId: number; targetTaskId: number };

export type OutlineLinkProblem =
  /** The link joins a task and a summary above it. */
  | { kind: "ancestor"; summaryId: number; taskId: number }
  /** The links close a cycle; `taskIds` names the tasks on it in order, the first again last. */
  | { kind: "cycle"; taskIds: number[] };

/**
 * The first link of `links` (in order) that joins a task to its own summary, or, failing that, a
 * cycle the links close through the outline; null when there is neither.
 * @example outlineLinkProblem([{ id: 1, parentId: null }, { id: 2, parentId: 1 }], [{ sourceTaskId: 1, targetTaskId: 2 }])
 * // { kind: "ancestor", summaryId: 1, taskId: 2 }
 */
export function outlineLinkProblem(
  tasks: readonly OutlineLinkTask[],
  links: readonly OutlineLink[],
): OutlineLinkProblem | null {
  const slot = new Map<number, number>();
  for (const task of tasks) slot.set(task.id, slot.size);
  const count = tasks.length;
  const parentSlot = new Int32Array(count).fill(-1);
  const hasChildren = new Uint8Array(count);
  for (const task of tasks) {
    const parent = task.parentId === null ? undefined : slot.get(task.parentId);
    if (parent === undefined) continue;
    parentSlot[slot.get(task.id) as number] = parent;
    hasChildren[parent] = 1;
  }
  const isAbove = (above: number, below: number) => {
    for (let at = parentSlot[below], steps = 0; at !== -1 && steps < count; at = parentSlot[at], steps++) {
      if (at === above) return true;
    }
    return false;
  };
  for (const link of links) {
    const source = slot.get(link.sourceTaskId);
    const target = slot.get(link.targetTaskId);
    if (source === undefined || target === undefined) continue;
    if (isAbove(source, target))
      return { kind: "ancestor", summaryId: link.sourceTaskId, taskId: link.targetTaskId };
    if (isAbove(target, source))
      return { kind: "ancestor", summaryId: link.targetTaskId, taskId: link.sourceTaskId };
  }

  // Nodes: entry of slot s is 2s, exit 2s + 1.
  const next: number[][] = Array.from({ length: 2 * count }, () => []);
  for (let at = 0; at < count; at++) {
    if (!hasChildren[at]) next[2 * at].push(2 * at + 1);
    const parent = parentSlot[at];
    if (parent !== -1) {
      next[2 * parent].push(2 * at);
      next[2 * at + 1].push(2 * parent + 1);
    }
  }
  for (const link of links) {
    const source = slot.get(link.sourceTaskId);
    const target = slot.get(link.targetTaskId);
    if (source === undefined || target === undefined || source === target) continue;
    next[2 * source + 1].push(2 * target);
  }
  const cycle = findNodeCycle(next);
  if (!cycle) return null;
  // Name each task once where the cycle passes it (its entry and exit are one step).
  const taskIds: number[] = [];
  for (const node of cycle) {
    const id = tasks[node >> 1].id;
    if (taskIds[taskIds.length - 1] !== id) taskIds.push(id);
  }
  if (taskIds.length > 1 && taskIds[0] === taskIds[taskIds.length - 1]) taskIds.pop();
  // Only the tasks a link leaves or enters read as a cycle to a person: keep the links' ends.
  const ends = new Set(links.flatMap((link) => [link.sourceTaskId, link.targetTaskId]));
  const named = taskIds.filter((id) => ends.has(id));
  const shown = named.length >= 2 ? named : taskIds;
  return { kind: "cycle", taskIds: [...shown, shown[0]] };
}

/** A cycle among nodes (iterative depth-first search), as the nodes on it in order; null: none. */
function findNodeCycle(next: readonly number[][]): number[] | null {
  const state = new Uint8Array(next.length); // 0 new, 1 on the path, 2 done
  const position = new Int32Array(next.length);
  for (let start = 0; start < next.length; start++) {
    if (state[start] !== 0) continue;
    const path: number[] = [start];
    state[start] = 1;
    position[start] = 0;
    while (path.length > 0) {
      const node = path[path.length - 1];
      const out = next[node];
      if (position[node] < out.length) {
        const to = out[position[node]++];
        if (state[to] === 1) return path.slice(path.indexOf(to));
        if (state[to] === 0) {
          state[to] = 1;
          position[to] = 0;
          path.push(to);
        }
      } else {
        state[node] = 2;
        path.pop();
      }
    }
  }
  return null;
}
