import { type GraphDependency, type GraphTask, tasksWithIncompletePrerequisites } from "./dependency-graph";

export type SchedulableTask = GraphTask & { snoozeUntil: Date | string | null };

/**
 * Unblocked (spec section 4): not completed, not snoozed past `now`, and every prerequisite
 * completed. Returns the ids of such tasks.
 * @example unblockedTaskIds([{ id: 1, completed: false, snoozeUntil: null }], [], new Date()) // Set {1}
 */
export function unblockedTaskIds(
  tasks: readonly SchedulableTask[],
  dependencies: readonly GraphDependency[],
  now: Date,
): Set<number> {
  const waiting = tasksWithIncompletePrerequisites(tasks, dependencies);
  const unblocked = new Set<number>();
  for (const task of tasks) {
    if (task.completed || waiting.has(task.id)) continue;
    if (task.snoozeUntil !== null && new Date(task.snoozeUntil).getTime() > now.getTime()) continue;
    unblocked.add(task.id);
  }
  return unblocked;
}
