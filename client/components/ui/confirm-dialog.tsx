import type * as React from "react";
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

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  /** The confirming button's label, and its label while the action runs. */
  action: string;
  busyAction?: string;
  busy?: boolean;
  /** Destructive (red, the default) for a deletion; default for a question that destroys nothing. */
  tone?: "destructive" | "default";
  /**
   * Focus the confirming button when the dialog opens, so Enter confirms: for a question whose
   * answer the user already chose (apply the change they made). Cancel has the focus otherwise.
   */
  focusAction?: boolean;
  onConfirm: () => void;
};

/**
 * Asks before something is deleted or revoked (a task, a selection, a category, a project, a member,
 * the public link): Cancel, and a destructive button that reads `busyAction` and keeps the dialog
 * open while the call runs. With `tone="default"` it asks before an action that destroys nothing
 * (completing a task that still waits).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  busyAction = action,
  busy = false,
  tone = "destructive",
  focusAction = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent className="sm:max-w-md">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="wrap-anywhere">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            autoFocus={focusAction}
            className={buttonVariants({ variant: tone })}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? busyAction : action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
