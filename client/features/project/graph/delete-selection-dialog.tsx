import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import { deleteSelectionQuestion } from "./graph-texts";

type DeleteSelectionDialogProps = {
  open: boolean;
  /** The number of selected tasks, kept while the dialog fades out. */
  taskCount: number;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before selected tasks go (spec section 2); stays open with 'Deleting...' while it runs. */
export function DeleteSelectionDialog({
  open,
  taskCount,
  deleting,
  onCancel,
  onConfirm,
}: DeleteSelectionDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !deleting && onCancel()}>
      <AlertDialogContent className="sm:max-w-md">
        <AlertDialogHeader>
          <AlertDialogTitle>{taskCount === 1 ? "Delete Task" : "Delete Tasks"}</AlertDialogTitle>
          <AlertDialogDescription>{deleteSelectionQuestion(taskCount)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={deleting}
            onClick={onConfirm}
          >
            {deleting ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
