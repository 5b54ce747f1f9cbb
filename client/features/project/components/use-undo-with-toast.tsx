// Undo and redo with their toasts, for the keys and the Activity panel's buttons: the toast names
// what was undone and offers the opposite, which is the undo of the entry the server just made.
import { describeChange } from "@core/activity/describe";
import type { ActivityEntryDto } from "@core/schemas/activity";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ToastAction } from "@/components/ui/toast";
import { useUndoActivity } from "@/entities/activity/api/undo-activity";
import { useActivityNames } from "@/entities/activity/components/use-activity-words";
import { cachedActivityEntry } from "@/lib/api/activity-cache";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

/** How an undo or redo ended: done, refused by the server for good (409, 403), or failed otherwise. */
export type RevertOutcome = "done" | "refused" | "failed";

export const HISTORY_TOASTS = {
  undone: "Undone",
  redone: "Redone",
  nothingToUndo: "Nothing to undo.",
  nothingToRedo: "Nothing to redo.",
  undoFailed: "Failed to undo",
  redoFailed: "Failed to redo",
} as const;

/**
 * Returns `revert(entry)`: undoes a change, or redoes when the entry is an undo, and toasts the
 * outcome. Resolves when done, failed or not.
 */
export function useUndoWithToast(projectId: number) {
  const queryClient = useQueryClient();
  const undoActivity = useUndoActivity();
  const names = useActivityNames(projectId);
  const { mutateAsync } = undoActivity;

  const revert = useCallback(
    async function revertEntry(target: ActivityEntryDto): Promise<RevertOutcome> {
      const redoing = target.isUndo;
      // Named before the undo: it is the change the user sees going back (or coming again).
      const words = describeChange(target, {
        ...names,
        entryById: (id) => cachedActivityEntry(queryClient, projectId, id),
      });
      let made: ActivityEntryDto;
      try {
        made = await mutateAsync({ entryId: target.id, projectId });
      } catch (error) {
        const title = redoing ? HISTORY_TOASTS.redoFailed : HISTORY_TOASTS.undoFailed;
        console.error(title, error);
        toast({ variant: "destructive", title, description: errorMessage(error) });
        // Refused for good (changed since, undone already, not allowed): the keys pass it by next time.
        return error instanceof ApiError && (error.status === 409 || error.status === 403)
          ? "refused"
          : "failed";
      }
      const opposite = redoing ? "Undo" : "Redo";
      toast({
        title: redoing ? HISTORY_TOASTS.redone : HISTORY_TOASTS.undone,
        description: words,
        action: (
          <ToastAction altText={opposite} onClick={() => void revertEntry(made)}>
            {opposite}
          </ToastAction>
        ),
      });
      return "done";
    },
    [mutateAsync, names, projectId, queryClient],
  );

  return { revert, pending: undoActivity.isPending };
}
