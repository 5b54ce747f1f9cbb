// The outline as the scheduling engine reads it (engine.ts): each task slot's parent, the children
// of each slot and the tree in depth-first order, from the tasks' parentId, in one linear pass.
/** The outline as the engine reads it: each slot's parent and the tree in depth-first order. */
export type SlotOutline = {
  /** The parent's slot, -1 at the top level. */
  parent: Int32Array;
  /**
   * The children of slot s: children[first[s]] .. children[first[s + 1] - 1], each one whose
   * parent is s (a child cut loose from a loop is left in its old parent's list: check parent).
   */
  first: Int32Array;
  children: Int32Array;
  /** Every slot, each summary before its subtree (which follows it, contiguous). */
  order: Int32Array;
  /** A slot's place in `order`. */
  place: Int32Array;
  /** How many slots a slot's subtree holds, itself included: more than 1 for a summary. */
  size: Int32Array;
};

/**
 * Reads the tasks' parentId as core/tasks/outline.ts does: a parent that is not among the tasks
 * leaves a task at the top level, and so does a loop (never stored): the first task, in slot
 * order, that the top level does not reach is cut loose, with its subtree. Null without an outline.
 */
export function readOutline(
  tasks: readonly { parentId?: number | null }[],
  slotOf: (id: number) => number,
): SlotOutline | null {
  const count = tasks.length;
  const parent = new Int32Array(count).fill(-1);
  let linked = 0;
  for (let slot = 0; slot < count; slot++) {
    const parentId = tasks[slot].parentId;
    if (parentId === null || parentId === undefined) continue;
    // A missing parent leaves the task at the top; one that is the task itself is a loop, cut below.
    const above = slotOf(parentId);
    if (above < 0) continue;
    parent[slot] = above;
    linked++;
  }
  if (linked === 0) return null;
  // The children of each slot (a counting sort by parent), then the tree, depth first.
  const first = new Int32Array(count + 1);
  for (let slot = 0; slot < count; slot++) if (parent[slot] >= 0) first[parent[slot] + 1]++;
  for (let slot = 0; slot < count; slot++) first[slot + 1] += first[slot];
  const children = new Int32Array(linked);
  const filled = first.slice(0, count);
  for (let slot = 0; slot < count; slot++) if (parent[slot] >= 0) children[filled[parent[slot]]++] = slot;
  const order = new Int32Array(count);
  const reached = new Uint8Array(count);
  const stack = new Int32Array(count);
  let ordered = 0;
  const walk = (root: number) => {
    let top = 0;
    stack[top++] = root;
    reached[root] = 1;
    while (top > 0) {
      const slot = stack[--top];
      order[ordered++] = slot;
      for (let at = first[slot + 1] - 1; at >= first[slot]; at--) {
        const child = children[at];
        if (parent[child] !== slot || reached[child]) continue; // cut loose from a loop
        reached[child] = 1;
        stack[top++] = child;
      }
    }
  };
  for (let slot = 0; slot < count; slot++) if (parent[slot] < 0) walk(slot);
  for (let slot = 0; slot < count; slot++) {
    if (reached[slot]) continue;
    parent[slot] = -1;
    walk(slot);
  }
  const place = new Int32Array(count);
  for (let at = 0; at < count; at++) place[order[at]] = at;
  const size = new Int32Array(count).fill(1);
  for (let at = count - 1; at >= 0; at--) {
    const slot = order[at];
    if (parent[slot] >= 0) size[parent[slot]] += size[slot];
  }
  return { parent, first, children, order, place, size };
}

/** Whether slot `above` is a summary over slot `below` (at any depth). */
export const isAbove = ({ place, size }: SlotOutline, above: number, below: number) =>
  place[above] < place[below] && place[below] < place[above] + size[above];
