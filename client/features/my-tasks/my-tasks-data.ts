// The My Tasks answer (GET /api/my-tasks) and the pure steps the page takes on it.
import type { TaskDto } from "@core/schemas/projects";
import { mapTaskInGroups } from "@/lib/api/tasks/optimistic-task-write";
import { setCompleted } from "@/lib/api/tasks/update-task";

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
