// Adjacency built once per computation, so every graph function runs in O(tasks + dependencies).

export type GraphTask = { id: number; completed: boolean };
/** sourceTaskId is the prerequisite, targetTaskId the dependent. */
export type GraphDependency = { sourceTaskId: number; targetTaskId: number };

export type DependencyGraph = {
  /** task id -> ids of the tasks it waits for */
  prerequisitesOf: Map<number, number[]>;
  /** task id -> ids of the tasks waiting for it */
  dependentsOf: Map<number, number[]>;
};

/**
 * Indexes dependencies by task. Dependencies naming a task that is not in `taskIds` are ignored,
 * so a stale edge can never make a task wait for something that does not exist.
 * @example buildGraph([1, 2], [{ sourceTaskId: 1, targetTaskId: 2 }]).prerequisitesOf.get(2) // [1]
 */
export function buildGraph(
  taskIds: Iterable<number>,
  dependencies: readonly GraphDependency[],
): DependencyGraph {
  const prerequisitesOf = new Map<number, number[]>();
  const dependentsOf = new Map<number, number[]>();
  for (const id of taskIds) {
    prerequisitesOf.set(id, []);
    dependentsOf.set(id, []);
  }
  for (const { sourceTaskId, targetTaskId } of dependencies) {
    const prerequisites = prerequisitesOf.get(targetTaskId);
    const dependents = dependentsOf.get(sourceTaskId);
    if (!prerequisites || !dependents) continue;
    prerequisites.push(sourceTaskId);
    dependents.push(targetTaskId);
  }
  return { prerequisitesOf, dependentsOf };
}

/**
 * Ids of the tasks that have at least one prerequisite not yet completed.
 * @example tasksWithIncompletePrerequisites([{ id: 1, completed: false }, { id: 2, completed: false }],
 *   [{ sourceTaskId: 1, targetTaskId: 2 }]) // Set {2}
 */
export function tasksWithIncompletePrerequisites(
  tasks: readonly GraphTask[],
  dependencies: readonly GraphDependency[],
): Set<number> {
  const completed = new Map(tasks.map((task) => [task.id, task.completed]));
  const waiting = new Set<number>();
  for (const { sourceTaskId, targetTaskId } of dependencies) {
    if (completed.get(sourceTaskId) === false && completed.has(targetTaskId)) waiting.add(targetTaskId);
  }
  return waiting;
}
