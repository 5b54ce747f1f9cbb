// The My Tasks answer (GET /api/my-tasks) and the pure steps the page takes on it.
import type { TaskDto } from "@core/schemas/projects";
import { mapTaskInGroups } from "@/entities/task/api/optimistic-task-write";
import { setCompleted } from "@/entities/task/api/update-task";

export type MyTasksProject = { id: number; name: string; slug: string };
/** One accordion group: a project and its unblocked tasks not assigned to someone else. */
export type MyTasksGroup = { project: MyTasksProject; tasks: TaskDto[] };

/** Lists refresh 2 seconds after a task is completed, so the tick can be seen. */
export const COMPLETED_REFRESH_DELAY_MS = 2_000;

/**
 * The groups with one task replaced by `change(task)`; everything else is left as it is (same
 * objects), so React re-renders little.
 */
export function mapTask(
  groups: readonly MyTasksGroup[] | undefined,
  taskId: number,
  change: (task: TaskDto) => TaskDto,
): MyTasksGroup[] | undefined {
  return mapTaskInGroups(groups, taskId, change);
}

/**
 * The groups with one task marked completed or not, as the optimistic update shows it before the
 * server answers (the change is the one setCompleted writes).
 *
 * @example setTaskCompleted(groups, 7, true, now) // task 7 reads completed, completedAt = now
 */
export function setTaskCompleted(
  groups: readonly MyTasksGroup[] | undefined,
  taskId: number,
  completed: boolean,
  now: Date,
): MyTasksGroup[] | undefined {
  return mapTask(groups, taskId, (task) => ({ ...task, ...setCompleted(task, completed, now).changes }));
}

/** Whether a task is snoozed at `now`: its snooze date is still ahead. */
export const isSnoozed = (task: Pick<TaskDto, "snoozeUntil">, now: Date) =>
  task.snoozeUntil !== null && Date.parse(task.snoozeUntil) > now.getTime();

/**
 * The groups as shown: with the snoozed tasks, or without them (a group left empty goes), and how
 * many snoozed tasks there are either way, for the "Show snoozed (N)" toggle.
 *
 * @example shownGroups(groups, false, now) // { groups: [...without snoozed], snoozed: 2 }
 */
export function shownGroups(
  groups: readonly MyTasksGroup[],
  showSnoozed: boolean,
  now: Date,
): { groups: MyTasksGroup[]; snoozed: number } {
  let snoozed = 0;
  const shown: MyTasksGroup[] = [];
  for (const group of groups) {
    const awake = group.tasks.filter((task) => !isSnoozed(task, now));
    snoozed += group.tasks.length - awake.length;
    if (showSnoozed) shown.push(group);
    else if (awake.length === group.tasks.length) shown.push(group);
    else if (awake.length > 0) shown.push({ ...group, tasks: awake });
  }
  return { groups: shown, snoozed };
}
