import { buildGraph, type GraphDependency } from "./dependency-graph";

/**
 * Structural dependency level of every task, completion ignored: 0 for tasks with no
 * prerequisite, else 1 + the highest level among its prerequisites. Also returns the tasks in a
 * topological order (prerequisites first). Tasks on a cycle, which the server never stores, are put
 * one level after the last. O(tasks + dependencies).
 * @example dependencyLevels([1, 2, 3], [{ sourceTaskId: 1, targetTaskId: 2 }]).level // Map {1 => 0, 2 => 1, 3 => 0}
 */
export function dependencyLevels(
  taskIds: readonly number[],
  dependencies: readonly GraphDependency[],
): { level: Map<number, number>; order: number[] } {
  const { prerequisitesOf, dependentsOf } = buildGraph(taskIds, dependencies);
  const level = new Map<number, number>();
  const waitingOn = new Map<number, number>();
  const order: number[] = [];
  for (const id of taskIds) {
    const count = (prerequisitesOf.get(id) as number[]).length;
    waitingOn.set(id, count);
    if (count === 0) {
      level.set(id, 0);
      order.push(id);
    }
  }
  for (let next = 0; next < order.length; next++) {
    const id = order[next];
    for (const dependent of dependentsOf.get(id) as number[]) {
      level.set(dependent, Math.max(level.get(dependent) ?? 0, (level.get(id) as number) + 1));
      const left = (waitingOn.get(dependent) as number) - 1;
      waitingOn.set(dependent, left);
      if (left === 0) order.push(dependent);
    }
  }
  if (order.length < taskIds.length) {
    const last = Math.max(-1, ...order.map((id) => level.get(id) as number));
    for (const id of taskIds) {
      if ((waitingOn.get(id) as number) > 0) {
        level.set(id, last + 1);
        order.push(id);
      }
    }
  }
  return { level, order };
}
