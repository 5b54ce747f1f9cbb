import { DeleteTaskDialog } from "@/entities/task/components/delete-task-dialog";
import { deleteSelectionQuestion, namedTasks } from "./graph-texts";

type DeleteSelectionDialogProps = {
  open: boolean;
  /** The names of the selected tasks, kept while the dialog fades out. */
  taskNames: string[];
  /** The selected tasks: the question says what deleting them moves. */
  taskIds: number[];
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before selected tasks go; stays open with 'Deleting...' while it runs. */
export function DeleteSelectionDialog({
  open,
  taskNames,
  taskIds,
  deleting,
  onCancel,
  onConfirm,
}: DeleteSelectionDialogProps) {
  const taskCount = taskNames.length;
  return (
    <DeleteTaskDialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={taskCount === 1 ? "Delete Task" : "Delete Tasks"}
      description={deleteSelectionQuestion(taskCount)}
      taskIds={taskIds}
      deleting={deleting}
      onConfirm={onConfirm}
    >
      {/* Which tasks: the count alone names none of them. */}
      <span className="mt-2 block font-medium" data-testid="deleted-task-names">
        {namedTasks(taskNames)}
      </span>
    </DeleteTaskDialog>
  );
}
