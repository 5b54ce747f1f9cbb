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

/** @example taskDeleteQuestion("Write copy", true) // 'Are you sure you want to delete "Write copy"? This action cannot be undone.' */
export function taskDeleteQuestion(name: string, withUndoWarning: boolean): string {
  const question = `Are you sure you want to delete "${name}"?`;
  return withUndoWarning ? `${question} This action cannot be undone.` : question;
}
