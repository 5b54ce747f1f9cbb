import {
  type GraphDependency,
  type GraphTask,
  outlineOfTasks,
  tasksWithIncompletePrerequisites,
} from "./dependency-graph";

export type SchedulableTask = GraphTask & { snoozeUntil: Date | string | null; status: string };

/**
 * Unblocked: not completed, not snoozed past `now`, and every prerequisite completed; also not
 * marked blocked by hand, which the views show as Blocked
 * (docs/decisions/012-tasks-and-dependencies.md). Returns the ids of such tasks. In an outline only
 * leaves are work: a summary is never unblocked, and a leaf waits for what holds any summary above
 * it (tasksWithIncompletePrerequisites).
 * @example unblockedTaskIds([{ id: 1, completed: false, snoozeUntil: null, status: "todo" }], [], new Date()) // Set {1}
 */
export function unblockedTaskIds(
  tasks: readonly SchedulableTask[],
  dependencies: readonly GraphDependency[],
  now: Date,
): Set<number> {
  const waiting = tasksWithIncompletePrerequisites(tasks, dependencies);
  const outline = outlineOfTasks(tasks);
  const unblocked = new Set<number>();
  for (const task of tasks) {
    if (outline?.isSummary(task.id)) continue;
    if (task.completed || task.status === "blocked" || waiting.has(task.id)) continue;
    if (task.snoozeUntil !== null && new Date(task.snoozeUntil).getTime() > now.getTime()) continue;
    unblocked.add(task.id);
  }
  return unblocked;
}
