import type { TaskDto } from "@core/schemas/projects";
import type { UpdateTaskInput } from "@core/schemas/tasks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { parseTaskId } from "@/lib/api/tasks/task-id";
import { TASK_FAILURE_TITLES, updateToast } from "@/lib/api/tasks/task-toasts";
import { requestJson } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";

export type UpdateTaskVariables = {
  taskId: number | string;
  /** The project the task is in before the update, to tell a move and refresh that project. */
  projectId: number;
  /** Only the fields that change; `projectId` among them moves the task. */
  changes: UpdateTaskInput;
};

/** PUT /api/tasks/{id} with the changed fields. A non-numeric id fails before any call. */
export async function updateTask({ taskId, changes }: UpdateTaskVariables): Promise<TaskDto> {
  const id = parseTaskId(taskId);
  return requestJson<TaskDto>("PUT", `/api/tasks/${id}`, changes);
}

export type UpdateTaskOptions = {
  /** Toast the success per spec section 4 (none for layout-only changes). Default true. */
  notifySuccess?: boolean;
  /** Toast 'Failed to update task'. Off for completion toggles, whose failures are only logged. */
  notifyError?: boolean;
};

/** Updates a task and refreshes the project lists, My Tasks, and the project(s) it was in and went to. */
export function useUpdateTask({ notifySuccess = true, notifyError = true }: UpdateTaskOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: async (_task, { projectId, changes }) => {
      const message = notifySuccess ? updateToast(changes, projectId) : null;
      if (message) toast(message);
      await invalidateAfterTaskChange(queryClient, [projectId, changes.projectId]);
    },
    onError: (error) => {
      console.error(TASK_FAILURE_TITLES.update, error);
      if (notifyError) {
        toast({
          variant: "destructive",
          title: TASK_FAILURE_TITLES.update,
          description: errorMessage(error),
        });
      }
    },
  });
}
