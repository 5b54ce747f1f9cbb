import { useDeletionPreview } from "@/components/scheduling/use-deletion-preview";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type DeleteTaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, which differs between the task dialog and the list. */
  description: string;
  /** The task, whose deletion's moves (a dry run) the question names. */
  taskId: number;
  deleting: boolean;
  onConfirm: () => void;
};

/**
 * Asks before a task is deleted, saying what its deletion moves (tasks that waited on it start
 * earlier); stays open with 'Deleting...' while the call runs.
 */
export function DeleteTaskDialog({
  open,
  onOpenChange,
  description,
  taskId,
  deleting,
  onConfirm,
}: DeleteTaskDialogProps) {
  const moves = useDeletionPreview([taskId], open);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Task"
      description={
        <>
          <span className="block">{description}</span>
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
