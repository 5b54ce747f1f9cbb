import { apiRoutes } from "@core/api/routes";
import type { TaskDto } from "@core/schemas/projects";
import type { CreateTaskInput } from "@core/schemas/tasks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TASK_FAILURE_TITLES, TASK_TOASTS } from "@/entities/task/api/task-toasts";
import { showWriteAnswer } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";
import { optionalNotices } from "@/lib/write-notices";

export type CreateTaskVariables = { projectId: number; task: CreateTaskInput };

/** POST /api/projects/{id}/tasks: answers the new task (201). */
export function createTask({ projectId, task }: CreateTaskVariables): Promise<TaskDto> {
  return requestJson<TaskDto>("POST", apiRoutes.projectTasks.url({ id: projectId }), task);
}

/**
 * Creates a task, then refreshes the project lists, My Tasks and that project's data. With `notify`
 * (the default) it toasts 'Task created' or 'Failed to create task'; the task dialog turns that off
 * and says it in its own words.
 */
export function useCreateTask({ notify = true }: { notify?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    meta: { notices: optionalNotices(notify, TASK_TOASTS.created, TASK_FAILURE_TITLES.create) },
    onSuccess: async (task, { projectId }) => {
      // Its event brings its schedule; until then it shows as made.
      showWriteAnswer(queryClient, projectId, { tasks: [{ ...task, schedule: null }] });
      await invalidateAfterTaskChange(queryClient, [projectId]);
    },
  });
}
