import { useMutation, useQueryClient } from "@tanstack/react-query";
import { showWriteAnswer } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { parseTaskId } from "@/lib/api/tasks/task-id";
import { TASK_FAILURE_TITLES, TASK_TOASTS } from "@/lib/api/tasks/task-toasts";
import { apiRequest } from "@/lib/api-client";

export type DeleteTaskVariables = { taskId: number | string; projectId: number };

/** DELETE /api/tasks/{id}: the task goes with its dependencies (204). */
export async function deleteTask({ taskId }: DeleteTaskVariables): Promise<void> {
  await apiRequest("DELETE", `/api/tasks/${parseTaskId(taskId)}`);
}

/**
 * Deletes a task and refreshes the project lists, My Tasks and its project. With `notify` (the
 * default) it toasts 'Task deleted' or 'Failed to delete task'.
 */
export function useDeleteTask({ notify = true }: { notify?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    meta: {
      notices: notify
        ? { success: TASK_TOASTS.deleted, failure: TASK_FAILURE_TITLES.delete }
        : { logAs: TASK_FAILURE_TITLES.delete },
    },
    onSuccess: async (_nothing, { projectId, taskId }) => {
      showWriteAnswer(queryClient, projectId, { deletedTaskIds: [parseTaskId(taskId)] });
      await invalidateAfterTaskChange(queryClient, [projectId]);
    },
  });
}
