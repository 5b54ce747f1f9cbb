// Asks before a dialog's unsaved changes go away by accident: Escape or a click outside the task
// dialog would close it and drop what was typed. With changes unsaved, those are held and "Discard
// changes?" is asked instead; Cancel and the close button still close at once (a choice, not a
// slip).
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export const DISCARD_TEXTS = {
  title: "Discard changes?",
  description: "What you changed in this task is not saved yet.",
  action: "Discard",
} as const;

/**
 * `guard` goes to the dialog content's onEscapeKeyDown and onPointerDownOutside (not to focus
 * leaving it: a dialog opened over it takes the focus); `dialog` is rendered beside the dialog.
 * `unsaved()` is read when the key or click comes; `onDiscard` closes for good.
 */
export function useDiscardQuestion({
  unsaved,
  onDiscard,
}: {
  unsaved: () => boolean;
  onDiscard: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const guard = (event: Event) => {
    if (!unsaved()) return;
    event.preventDefault();
    setAsking(true);
  };
  const dialog = (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      title={DISCARD_TEXTS.title}
      description={DISCARD_TEXTS.description}
      action={DISCARD_TEXTS.action}
      onConfirm={() => {
        setAsking(false);
        onDiscard();
      }}
    />
  );
  return { guard, dialog };
}
