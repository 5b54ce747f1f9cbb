import { buildOutline, type OutlineTask } from "@core/tasks/outline";
import type * as React from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeletionPreview } from "@/entities/schedule/components/use-deletion-preview";

type DeleteTaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Delete Task" unless told ("Delete Tasks", for a selection of several). */
  title?: string;
  /** The question, which differs between the task dialog, the list and the graph's selection. */
  description: string;
  /** Said under the question (the graph's selection names its tasks). */
  children?: React.ReactNode;
  /** The tasks, whose deletion's moves (a dry run) the question names. */
  taskIds: readonly number[];
  deleting: boolean;
  onConfirm: () => void;
};

/**
 * Asks before tasks are deleted, saying what their deletion moves (tasks that waited on them start
 * earlier); stays open with 'Deleting...' while the call runs.
 */
export function DeleteTaskDialog({
  open,
  onOpenChange,
  title = "Delete Task",
  description,
  children,
  taskIds,
  deleting,
  onConfirm,
}: DeleteTaskDialogProps) {
  const moves = useDeletionPreview(taskIds, open);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        <>
          <span className="block">{description}</span>
          {children}
          {moves && (
            <span className="mt-2 block font-medium" data-testid="deletion-preview">
              {moves}
            </span>
          )}
        </>
      }
      action="Delete"
      busyAction="Deleting..."
      busy={deleting}
      onConfirm={onConfirm}
    />
  );
}

/**
 * The question before a task goes; a summary's names the tasks under it, which go with it.
 * @example taskDeleteQuestion("Write copy", true) // 'Are you sure you want to delete "Write copy"? This action cannot be undone.'
 * @example taskDeleteQuestion("Design", false, 3) // 'Delete "Design" and the 3 tasks under it?'
 */
export function taskDeleteQuestion(name: string, withUndoWarning: boolean, below = 0): string {
  const question =
    below > 0
      ? `Delete "${name}" and the ${below === 1 ? "task" : `${below} tasks`} under it?`
      : `Are you sure you want to delete "${name}"?`;
  return withUndoWarning ? `${question} This action cannot be undone.` : question;
}

/**
 * How many tasks are under a task in the outline (its whole subtree, which its deletion takes along).
 * @example tasksUnder([{ id: 1, parentId: null, order: 0 }, { id: 2, parentId: 1, order: 0 }], 1) // 1
 */
export function tasksUnder(tasks: readonly OutlineTask[], taskId: number): number {
  if (!tasks.some((task) => task.parentId === taskId)) return 0;
  return buildOutline(tasks).descendantsOf(taskId).length;
}
