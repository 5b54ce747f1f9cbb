import type * as React from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

type FormDialogProps = {
  open: boolean;
  /** Not called while the form is submitting: the dialog stays until the answer is in. */
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The form's submit handler (react-hook-form's handleSubmit). */
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** The submit button's text, and its text while submitting ("Create Project", "Creating..."). */
  submitLabel: string;
  pendingLabel: string;
  /** The fields, between the title and the Cancel and submit buttons. */
  children: React.ReactNode;
};

/**
 * A dialog holding one small form: title and description, the fields, then Cancel and a submit
 * button. The browser's own validation is off (noValidate): the fields show the schema's messages.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submitting,
  submitLabel,
  pendingLabel,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={submitting}>
              {submitting ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
