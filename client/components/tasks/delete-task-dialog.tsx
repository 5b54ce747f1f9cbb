import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type DeleteTaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, which differs between the task dialog and the list. */
  description: string;
  deleting: boolean;
  onConfirm: () => void;
};

/** Asks before a task is deleted; stays open with 'Deleting...' while the call runs. */
export function DeleteTaskDialog({
  open,
  onOpenChange,
  description,
  deleting,
  onConfirm,
}: DeleteTaskDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Task"
      description={description}
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
