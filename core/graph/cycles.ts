import { buildGraph, type GraphDependency } from "./dependency-graph";

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
  const ids = [...taskIds];
  const { dependentsOf } = buildGraph(ids, dependencies);
  const state = new Map<number, "active" | "done">();
  const parent = new Map<number, number>();
  for (const start of ids) {
    if (state.has(start)) continue;
    const stack: { id: number; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, "active");
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const dependents = dependentsOf.get(frame.id) as number[];
      if (frame.next === dependents.length) {
        state.set(frame.id, "done");
        stack.pop();
        continue;
      }
      const dependent = dependents[frame.next++];
      if (state.get(dependent) === "active") {
        const cycle = [frame.id];
        for (let step = frame.id; step !== dependent; ) {
          step = parent.get(step) as number;
          cycle.push(step);
        }
        cycle.reverse();
        return [...cycle, dependent];
      }
      if (!state.has(dependent)) {
        state.set(dependent, "active");
        parent.set(dependent, frame.id);
        stack.push({ id: dependent, next: 0 });
      }
    }
  }
  return null;
}
