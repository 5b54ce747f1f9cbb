// The texts of the task toasts, and which one an update earns.
import { LAYOUT_ONLY_FIELDS, type TaskChanges } from "@core/schemas/tasks";

export type ToastText = { title: string; description: string };

export const TASK_TOASTS = {
  created: { title: "Task created", description: "New task has been added to the project" },
  updated: { title: "Task updated", description: "Task has been updated successfully" },
  moved: { title: "Task updated", description: "Task has been moved to another project" },
  deleted: { title: "Task deleted", description: "Task has been removed from the project" },
} as const satisfies Record<string, ToastText>;

export const TASK_FAILURE_TITLES = {
  create: "Failed to create task",
  update: "Failed to update task",
  delete: "Failed to delete task",
} as const;

/** The task dialog's own toasts, which name the task. */
export const TASK_DIALOG_TOASTS = {
  updated: (name: string): ToastText => ({
    title: "Task updated",
    description: `"${name}" has been updated successfully`,
  }),
  createdElsewhere: (name: string): ToastText => ({
    title: "Task created",
    description: `"${name}" has been added successfully`,
  }),
  deleted: (name: string): ToastText => ({
    title: "Task deleted",
    description: `"${name}" has been removed`,
  }),
  saveFailed: { title: "Error", description: "There was an error saving the task" },
  deleteFailed: { title: "Error", description: "There was an error deleting the task." },
  selectProject: { title: "Error", description: "Please select a project." },
  noProject: { title: "Error", description: "No project specified." },
} as const;

/** Whether an update changes another project than the one the task is in. */
export function isMove(changes: TaskChanges, fromProjectId: number | undefined): boolean {
  return changes.projectId !== undefined && changes.projectId !== fromProjectId;
}

/**
 * The toast an update earns: none when only the layout (position, size) changed, 'moved' when the
 * task went to another project, 'updated' otherwise.
 *
 * @example updateToast({ positionX: 10, positionY: 20 }, 3) // null
 * @example updateToast({ projectId: 4 }, 3) // TASK_TOASTS.moved
 */
export function updateToast(changes: TaskChanges, fromProjectId: number | undefined): ToastText | null {
  const fields = Object.keys(changes);
  const layoutOnly = fields.every((field) => (LAYOUT_ONLY_FIELDS as readonly string[]).includes(field));
  if (layoutOnly) return null;
  return isMove(changes, fromProjectId) ? TASK_TOASTS.moved : TASK_TOASTS.updated;
}
