import { buildGraph, type GraphDependency } from "./dependency-graph";
import { edgesBySlot, slotEdges, taskIndex } from "./slot-edges";

/**
 * The cycle that a new dependency prerequisite -> dependent would close, as task ids
 * [prerequisite, dependent, ..., prerequisite], or null when the graph stays acyclic. A task
 * depending on itself is the cycle [id, id]. Breadth-first from the dependent along existing
 * edges, so the cycle named is a shortest one: O(tasks + dependencies).
 * @example cycleClosedBy([1, 2], [{ sourceTaskId: 1, targetTaskId: 2 }], 2, 1) // [2, 1, 2]
 */
export function cycleClosedBy(
  taskIds: Iterable<number>,
  dependencies: readonly GraphDependency[],
  prerequisiteId: number,
  dependentId: number,
): number[] | null {
  const { dependentsOf } = buildGraph(taskIds, dependencies);
  return cycleClosedAlong((id) => dependentsOf.get(id), prerequisiteId, dependentId);
}

/**
 * cycleClosedBy over an adjacency the caller already holds (the server keeps one per project
 * between dependency writes): `dependentsOf(id)` lists the tasks waiting for `id`.
 * @example cycleClosedAlong((id) => ({ 1: [2] })[id], 2, 1) // [2, 1, 2]
 */
export function cycleClosedAlong(
  dependentsOf: (id: number) => readonly number[] | undefined,
  prerequisiteId: number,
  dependentId: number,
): number[] | null {
  if (prerequisiteId === dependentId) return [prerequisiteId, prerequisiteId];
  const cameFrom = new Map<number, number>([[dependentId, dependentId]]);
  const queue = [dependentId];
  for (let next = 0; next < queue.length; next++) {
    const id = queue[next];
    if (id === prerequisiteId) {
      const path = [id];
      for (let step = id; step !== dependentId; ) {
        step = cameFrom.get(step) as number;
        path.push(step);
      }
      return [prerequisiteId, ...path.reverse()];
    }
    for (const dependent of dependentsOf(id) ?? []) {
      if (!cameFrom.has(dependent)) {
        cameFrom.set(dependent, id);
        queue.push(dependent);
      }
    }
  }
  return null;
}

/**
 * Some cycle of the graph as task ids [a, b, ..., a], or null for a DAG. Iterative depth-first
 * search (no recursion limit on long chains): O(tasks + dependencies).
 * @example findCycle([1, 2], [{ sourceTaskId: 1, targetTaskId: 2 }, { sourceTaskId: 2, targetTaskId: 1 }]) // [1, 2, 1]
 */
export function findCycle(
  taskIds: Iterable<number>,
  dependencies: readonly GraphDependency[],
): number[] | null {
  // Flat arrays instead of Maps: at 100,000 tasks Maps fall out of the CPU's cache and the search
  // stops scaling linearly (docs/performance.md, "Domain"). Same order of visit as before: tasks in
  // the order given, each one's dependents in the order of `dependencies`.
  const ids = [...taskIds];
  const indexOf = taskIndex(ids);
  const count = ids.length;
  const edges = slotEdges(dependencies, indexOf); // an edge naming an unknown task is ignored
  const { targets } = edges;
  const { first: firstEdge, edges: leaving } = edgesBySlot(count, edges.count, edges.sources);

  const UNSEEN = 0;
  const ACTIVE = 1;
  const DONE = 2;
  const state = new Uint8Array(count);
  const parent = new Int32Array(count);
  const stackNode = new Int32Array(count);
  const stackNext = new Int32Array(count);
  for (let start = 0; start < count; start++) {
    if (state[start] !== UNSEEN) continue;
    let depth = 0;
    stackNode[0] = start;
    stackNext[0] = firstEdge[start];
    state[start] = ACTIVE;
    while (depth >= 0) {
      const node = stackNode[depth];
      if (stackNext[depth] === firstEdge[node + 1]) {
        state[node] = DONE;
        depth--;
        continue;
      }
      const dependent = targets[leaving[stackNext[depth]++]];
      if (state[dependent] === ACTIVE) {
        const cycle = [ids[node]];
        for (let step = node; step !== dependent; ) {
          step = parent[step];
          cycle.push(ids[step]);
        }
        cycle.reverse();
        return [...cycle, ids[dependent]];
      }
      if (state[dependent] === UNSEEN) {
        state[dependent] = ACTIVE;
        parent[dependent] = node;
        depth++;
        stackNode[depth] = dependent;
        stackNext[depth] = firstEdge[dependent];
      }
    }
  }
  return null;
}

/**
 * The tasks a task (or a new one) may not link to without closing a cycle, for the dialog's
 * pickers: it may not wait for a task that already waits on it, directly or not (its dependents'
 * closure), nor block one it already waits on (its prerequisites' closure). A new task stands on
 * its picks: it may not wait for what its blocked tasks lead to, nor block what its prerequisites
 * come from. O(tasks + dependencies).
 * @example cycleClosingPicks([1, 2, 3], [{ sourceTaskId: 1, targetTaskId: 2 }, { sourceTaskId: 2, targetTaskId: 3 }], { taskId: 1, waitsFor: [], blocks: [] })
 * // { waitsFor: Set {2, 3}, blocks: Set {} }
 */
export function cycleClosingPicks(
  taskIds: Iterable<number>,
  dependencies: readonly GraphDependency[],
  picking: { taskId: number | null; waitsFor: readonly number[]; blocks: readonly number[] },
): { waitsFor: Set<number>; blocks: Set<number> } {
  const { prerequisitesOf, dependentsOf } = buildGraph(taskIds, dependencies);
  const closure = (starts: readonly number[], next: Map<number, number[]>) => {
    const seen = new Set<number>(starts);
    const queue = [...starts];
    for (let index = 0; index < queue.length; index++) {
      for (const id of next.get(queue[index]) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        queue.push(id);
      }
    }
    return seen;
  };
  // What the task leads to (its dependents onward) and comes from (its prerequisites back).
  const leadsTo = picking.taskId === null ? picking.blocks : [picking.taskId];
  const comesFrom = picking.taskId === null ? picking.waitsFor : [picking.taskId];
  const waitsFor = closure(leadsTo, dependentsOf);
  const blocks = closure(comesFrom, prerequisitesOf);
  if (picking.taskId !== null) {
    // The task itself is not a pick either way (a dependency on itself is no link).
    waitsFor.add(picking.taskId);
    blocks.add(picking.taskId);
  }
  return { waitsFor, blocks };
}
