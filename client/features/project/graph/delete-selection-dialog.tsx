import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteSelectionQuestion } from "./graph-texts";

type DeleteSelectionDialogProps = {
  open: boolean;
  /** The number of selected tasks, kept while the dialog fades out. */
  taskCount: number;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before selected tasks go; stays open with 'Deleting...' while it runs. */
export function DeleteSelectionDialog({
  open,
  taskCount,
  deleting,
  onCancel,
  onConfirm,
}: DeleteSelectionDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={taskCount === 1 ? "Delete Task" : "Delete Tasks"}
      description={deleteSelectionQuestion(taskCount)}
      action="Delete"
      busyAction="Deleting..."
      busy={deleting}
      onConfirm={onConfirm}
    />
  );
}
