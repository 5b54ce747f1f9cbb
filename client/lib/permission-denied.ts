import { toast } from "@/lib/use-toast";

/** The 'Permission denied' texts, for actions refused without edit rights. */
export const PERMISSION_MESSAGES = {
  editTask: "You don't have permission to edit this task",
  createTasks: "You don't have permission to create tasks",
  deleteItems: "You don't have permission to delete items",
  createDependencies: "You don't have permission to create dependencies",
  deleteDependencies: "You don't have permission to delete dependencies",
  deleteTask: "You don't have permission to delete this task",
  addTasks: "You don't have permission to add tasks to this project",
} as const;

export type PermissionMessage = (typeof PERMISSION_MESSAGES)[keyof typeof PERMISSION_MESSAGES];

/**
 * Refuses an action the user may not take: returns true (and toasts 'Permission denied') when
 * `allowed` is false, so a handler can start with `if (denied(canEdit, ...)) return;`.
 */
export function denied(allowed: boolean, message: PermissionMessage): boolean {
  if (allowed) return false;
  toast({ variant: "destructive", title: "Permission denied", description: message });
  return true;
}
