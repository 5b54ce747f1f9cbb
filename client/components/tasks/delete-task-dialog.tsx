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

type DeleteTaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, which differs between the task dialog and the list (spec section 2). */
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
    <AlertDialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <AlertDialogContent className="sm:max-w-md">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Task</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
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

/** @example taskDeleteQuestion("Write copy", true) // 'Are you sure you want to delete "Write copy"? This action cannot be undone.' */
export function taskDeleteQuestion(name: string, withUndoWarning: boolean): string {
  const question = `Are you sure you want to delete "${name}"?`;
  return withUndoWarning ? `${question} This action cannot be undone.` : question;
}
