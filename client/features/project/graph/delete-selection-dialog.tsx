import { DeleteTaskDialog, taskDeleteQuestion } from "@/entities/task/components/delete-task-dialog";
import { deleteSelectionQuestion, namedTasks } from "./graph-texts";

type DeleteSelectionDialogProps = {
  open: boolean;
  /** The names of the selected tasks, kept while the dialog fades out. */
  taskNames: string[];
  /** The selected tasks: the question says what deleting them moves. */
  taskIds: number[];
  /** How many tasks are under the selected summaries (they go too); 0 without summaries. */
  below?: number;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before selected tasks go; stays open with 'Deleting...' while it runs. */
export function DeleteSelectionDialog({
  open,
  taskNames,
  taskIds,
  below = 0,
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
      description={
        taskCount === 1 && below > 0
          ? taskDeleteQuestion(taskNames[0], false, below)
          : deleteSelectionQuestion(taskCount, below)
      }
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
