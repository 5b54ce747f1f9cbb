// Before a change that moves other tasks or the project's finish is applied, the app shows what it
// would move (from the server's dry run) and waits for Apply or Cancel. A change that moves nothing
// else applies at once; a dry run that fails lets the real write run and report its own error.
import { moveChain, movedWithChain, previewMatters, previewSummary } from "@core/scheduling/preview-text";
import type { SchedulePreview } from "@core/schemas/scheduling";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { previewSchedule, type ScheduleWrite } from "@/entities/schedule/api/preview-schedule";

export const PREVIEW_TITLE = "Apply this schedule change?";
const NAMES_SHOWN = 5;

type Pending = { preview: SchedulePreview; answer: (apply: boolean) => void };

/**
 * `ask(write, editedTaskId)` previews `write` and resolves true when it may be applied: at once when
 * it moves nothing else, else when the user chooses Apply (false on Cancel). `confirm(write, apply,
 * editedTaskId)` runs `apply` then. `dialog` must be rendered; `nameOf` names the moved tasks.
 */
export function useSchedulePreview(nameOf: (taskId: number) => string | undefined) {
  const [pending, setPending] = useState<Pending | null>(null);
  const latest = useRef(0);

  async function ask(write: ScheduleWrite, editedTaskId: number | null = null): Promise<boolean> {
    const request = ++latest.current;
    let preview: SchedulePreview;
    try {
      preview = await previewSchedule(write);
    } catch {
      return true;
    }
    if (request !== latest.current) return false; // a newer change was asked about meanwhile
    if (!previewMatters(preview, editedTaskId)) return true;
    return new Promise((resolve) => setPending({ preview, answer: resolve }));
  }

  async function confirm(write: ScheduleWrite, apply: () => void, editedTaskId: number | null = null) {
    if (await ask(write, editedTaskId)) apply();
  }

  const name = (id: number) => nameOf(id) ?? `Task ${id}`;
  // Each moved task with the chain that moved it ("Roof, after Pour foundation → Frame walls").
  const moved = pending?.preview.moved ?? [];
  const lines = moved
    .slice(0, NAMES_SHOWN)
    .map((move) => movedWithChain(name(move.id), moveChain(moved, move.id).map(name)));
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (open || !pending) return;
        pending.answer(false);
        setPending(null);
      }}
      title={PREVIEW_TITLE}
      tone="default"
      action="Apply"
      focusAction
      description={
        pending && (
          <>
            <span className="block" data-testid="schedule-preview">
              {previewSummary(pending.preview, new Date().getFullYear())}
            </span>
            {lines.length > 0 && (
              <span className="mt-2 block text-xs" data-testid="schedule-preview-moves">
                Moves:
                {lines.map((line) => (
                  <span key={line} className="block pl-2">
                    {line}
                  </span>
                ))}
                {moved.length > NAMES_SHOWN && (
                  <span className="block pl-2">and {moved.length - NAMES_SHOWN} more</span>
                )}
              </span>
            )}
          </>
        )
      }
      onConfirm={() => {
        pending?.answer(true);
        setPending(null);
      }}
    />
  );
  return { ask, confirm, dialog };
}
