import { apiRoutes } from "@core/api/routes";
import type { ActivityEntryDto } from "@core/schemas/activity";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addActivityEntry } from "@/lib/api/activity-cache";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type UndoActivityVariables = { entryId: number; projectId: number };

/**
 * POST /api/activity/{entryId}/undo: reverts the entry and answers the undo's own entry (undoing an
 * undo is redo). 409 when it was undone already or the row changed since, 403 for viewers.
 */
export function undoActivity({ entryId }: UndoActivityVariables): Promise<ActivityEntryDto> {
  return requestJson<ActivityEntryDto>("POST", apiRoutes.activityUndo.url({ entryId }));
}

/**
 * Undoes an entry. The undo's entry goes into the activity lists at once (the next Ctrl+Z must not
 * find the same entry again); its effects on tasks arrive as the project's live events, so only a
 * project not followed live (and My Tasks) is read again. Toasts are the caller's.
 */
export function useUndoActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoActivity,
    onSuccess: async (entry, { projectId }) => {
      addActivityEntry(queryClient, projectId, entry);
      await invalidateAfterTaskChange(queryClient, [projectId]);
    },
  });
}
