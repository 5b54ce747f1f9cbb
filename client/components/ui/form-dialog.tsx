import type * as React from "react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogShell } from "@/components/ui/dialog";

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
    <DialogShell
      open={open}
      onOpenChange={(next) => !submitting && onOpenChange(next)}
      className="sm:max-w-md"
      title={title}
      description={description}
      onSubmit={onSubmit}
      footer={<CancelAndAction pending={submitting} label={submitLabel} pendingLabel={pendingLabel} />}
    >
      {children}
    </DialogShell>
  );
}

/**
 * A dialog's Cancel and its action, which reads `pendingLabel` while it runs; neither can be pressed
 * meanwhile. Without `onClick` the action submits the dialog's form.
 */
export function CancelAndAction({
  label,
  pendingLabel,
  pending,
  disabled = false,
  onClick,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type={onClick ? "button" : "submit"} onClick={onClick} disabled={disabled || pending}>
        {pending ? pendingLabel : label}
      </Button>
    </>
  );
}
