import { apiRoutes } from "@core/api/routes";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScheduleWrite } from "@/entities/schedule/api/preview-schedule";
import { parseTaskId } from "@/entities/task/api/task-id";
import { TASK_FAILURE_TITLES, TASK_TOASTS } from "@/entities/task/api/task-toasts";
import { showWriteAnswer } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange, projectKeys } from "@/lib/api/query-keys";
import { apiRequest } from "@/lib/api-client";
import { optionalNotices } from "@/lib/write-notices";

export type DeleteTaskVariables = { taskId: number | string; projectId: number };

/** The request of a deletion, which the deletion's schedule preview sends too, as its dry run. */
export function deleteTaskRequest({ taskId }: Pick<DeleteTaskVariables, "taskId">): ScheduleWrite {
  return { method: "DELETE", url: apiRoutes.task.url({ id: parseTaskId(taskId) }) };
}

/** DELETE /api/tasks/{id}: the task goes with its dependencies, and a summary with its subtree (204). */
export async function deleteTask(variables: DeleteTaskVariables): Promise<void> {
  const { method, url } = deleteTaskRequest(variables);
  await apiRequest(method, url);
}

/** The task and, for a summary, every task under it, as the project's cached outline has them. */
export function deletedWith(tasks: ProjectDetailDto["tasks"] | undefined, taskId: number): number[] {
  if (!tasks?.some((task) => task.parentId === taskId)) return [taskId];
  return [taskId, ...buildOutline(tasks).descendantsOf(taskId)];
}

/**
 * Deletes a task (a summary with the tasks under it) and refreshes the project lists, My Tasks and
 * its project. With `notify` (the default) it toasts 'Task deleted' or 'Failed to delete task'.
 */
export function useDeleteTask({ notify = true }: { notify?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    meta: { notices: optionalNotices(notify, TASK_TOASTS.deleted, TASK_FAILURE_TITLES.delete) },
    onSuccess: async (_nothing, { projectId, taskId }) => {
      const cached = queryClient.getQueryData<ProjectDetailDto>(projectKeys.detail(projectId));
      showWriteAnswer(queryClient, projectId, {
        deletedTaskIds: deletedWith(cached?.tasks, parseTaskId(taskId)),
      });
      await invalidateAfterTaskChange(queryClient, [projectId]);
    },
  });
}
