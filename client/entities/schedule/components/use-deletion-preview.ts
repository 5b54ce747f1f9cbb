// What deleting tasks would move, asked of the server's dry run while the deletion's question is
// open (decisions section 8): the question then says it, and Delete applies it.
import { previewMatters, previewSummary } from "@core/scheduling/preview-text";
import { useQuery } from "@tanstack/react-query";
import { previewSchedule } from "@/entities/schedule/api/preview-schedule";
import { deleteTaskRequest } from "@/entities/task/api/delete-task";

/** Said when several tasks go and any of them moves others: each dry run sees one deletion alone. */
export const DELETIONS_MOVE_OTHERS = "Tasks that wait on them will move when they are deleted.";

/**
 * The sentence to add to a deletion's question, or null when it moves nothing (or the dry run
 * failed: the deletion itself reports its own error).
 * @example useDeletionPreview([7], open) // "This moves 5 tasks; the project now finishes Dec 14 (was Dec 29)."
 */
export function useDeletionPreview(taskIds: readonly number[], enabled: boolean): string | null {
  const query = useQuery({
    queryKey: ["deletion-preview", ...taskIds],
    enabled: enabled && taskIds.length > 0,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    queryFn: async () => {
      const previews = await Promise.all(
        taskIds.map((taskId) => previewSchedule(deleteTaskRequest({ taskId }))),
      );
      const moving = previews.filter((preview) => previewMatters(preview, null));
      if (moving.length === 0) return null;
      if (previews.length > 1) return DELETIONS_MOVE_OTHERS;
      return previewSummary(moving[0], new Date().getFullYear());
    },
  });
  return enabled ? (query.data ?? null) : null;
}
