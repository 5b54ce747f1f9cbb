// The adjacency of the typed-array graph algorithms (findCycle, criticalPath, executionPhases, the
// scheduling engine): tasks are slots 0..n-1, dependencies flat edge arrays grouped by slot with a
// counting sort, so each runs in O(tasks + dependencies) without Maps (docs/performance.md, "Domain").

type SlotDependency = { sourceTaskId: number; targetTaskId: number };

/**
 * The dependencies kept as edges: edge e (0 <= e < count) runs from slot sources[e] (the
 * prerequisite) to slot targets[e] (the dependent) and is dependencies[dependencyAt[e]].
 */
export type SlotEdges = {
  count: number;
  sources: Int32Array;
  targets: Int32Array;
  dependencyAt: Int32Array;
};

/**
 * The edges between known slots, in the order of `dependencies`: one naming a task without a slot
 * (`slotOf` answers -1) is left out, and so is one `keep` refuses.
 * @example slotEdges([{ sourceTaskId: 7, targetTaskId: 9 }], (id) => [7, 9].indexOf(id)).targets // Int32Array [1]
 */
export function slotEdges<D extends SlotDependency>(
  dependencies: readonly D[],
  slotOf: (id: number) => number,
  keep?: (dependency: D, source: number, target: number) => boolean,
): SlotEdges {
  const sources = new Int32Array(dependencies.length);
  const targets = new Int32Array(dependencies.length);
  const dependencyAt = new Int32Array(dependencies.length);
  let count = 0;
  dependencies.forEach((dependency, index) => {
    const source = slotOf(dependency.sourceTaskId);
    const target = slotOf(dependency.targetTaskId);
    if (source < 0 || target < 0 || (keep && !keep(dependency, source, target))) return;
    sources[count] = source;
    targets[count] = target;
    dependencyAt[count] = index;
    count++;
  });
  return { count, sources, targets, dependencyAt };
}

/**
 * Task id -> its position in `ids`, or -1. Dense ids (one sequence, as a project's are) use an
 * array offset by the lowest id; others a Map. A repeated id keeps its first position.
 */
export function taskIndex(ids: ArrayLike<number>): (id: number) => number {
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index];
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
  }
  const span = highest - lowest + 1;
  if (ids.length > 0 && Number.isSafeInteger(span) && span <= 4 * ids.length + 1024) {
    const positions = new Int32Array(span).fill(-1);
    for (let index = 0; index < ids.length; index++)
      if (positions[ids[index] - lowest] === -1) positions[ids[index] - lowest] = index;
    return (id) => {
      const at = id - lowest;
      return Number.isInteger(at) && at >= 0 && at < span ? positions[at] : -1;
    };
  }
  const positions = new Map<number, number>();
  for (let index = 0; index < ids.length; index++)
    if (!positions.has(ids[index])) positions.set(ids[index], index);
  return (id) => positions.get(id) ?? -1;
}

/** The edges at slot s are edges[first[s]] .. edges[first[s + 1] - 1], in edge order. */
export type EdgesBySlot = { first: Int32Array; edges: Int32Array };

/**
 * Groups the edges by one of their ends: by `sources` the edges leaving each slot (its dependents),
 * by `targets` those arriving (its prerequisites).
 * @example edgesBySlot(2, edges.count, edges.sources) // { first: Int32Array [0, 1, 1], edges: Int32Array [0] }
 */
export function edgesBySlot(slotCount: number, edgeCount: number, ends: Int32Array): EdgesBySlot {
  const first = new Int32Array(slotCount + 1);
  for (let edge = 0; edge < edgeCount; edge++) first[ends[edge] + 1]++;
  for (let slot = 0; slot < slotCount; slot++) first[slot + 1] += first[slot];
  const edges = new Int32Array(edgeCount);
  const filled = first.slice(0, slotCount);
  for (let edge = 0; edge < edgeCount; edge++) edges[filled[ends[edge]]++] = edge;
  return { first, edges };
}

/**
 * A topological order of the slots (Kahn's algorithm, roots in slot order): the first `sorted`
 * slots of `order` each come after all their prerequisites; the slots on a cycle, and those that
 * wait on one, follow in slot order.
 * @example topologicalOrder(2, edges, edgesBySlot(2, edges.count, edges.sources)) // { order: Int32Array [0, 1], sorted: 2 }
 */
export function topologicalOrder(
  slotCount: number,
  { count, targets }: SlotEdges,
  leaving: EdgesBySlot,
): { order: Int32Array; sorted: number } {
  const waitingOn = new Int32Array(slotCount);
  for (let edge = 0; edge < count; edge++) waitingOn[targets[edge]]++;
  const order = new Int32Array(slotCount);
  let ordered = 0;
  for (let slot = 0; slot < slotCount; slot++) if (waitingOn[slot] === 0) order[ordered++] = slot;
  for (let next = 0; next < ordered; next++) {
    const slot = order[next];
    for (let at = leaving.first[slot]; at < leaving.first[slot + 1]; at++) {
      const target = targets[leaving.edges[at]];
      if (--waitingOn[target] === 0) order[ordered++] = target;
    }
  }
  const sorted = ordered;
  for (let slot = 0; slot < slotCount && ordered < slotCount; slot++)
    if (waitingOn[slot] > 0) order[ordered++] = slot;
  return { order, sorted };
}
