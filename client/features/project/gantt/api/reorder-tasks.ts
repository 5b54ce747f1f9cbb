import { apiRoutes } from "@core/api/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { patchTasksInCache } from "@/lib/api/project-detail-cache";
import { invalidateProjectData } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type TaskOrder = { taskId: number; order: number };
type ReorderVariables = { projectId: number; taskOrders: TaskOrder[] };

/** PUT /api/projects/{id}/tasks/reorder: new orders for tasks of one category, all or nothing. */
export function reorderTasks({ projectId, taskOrders }: ReorderVariables): Promise<unknown> {
  return requestJson("PUT", apiRoutes.taskReorder.url({ id: projectId }), { taskOrders });
}

/**
 * Reorders rows of the Gantt chart: the rows move at once, the project reloads on success, and a
 * failure puts them back and is only logged.
 */
export function useReorderTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderTasks,
    onMutate: ({ projectId, taskOrders }) => ({
      undo: patchTasksInCache(
        queryClient,
        projectId,
        new Map(taskOrders.map(({ taskId, order }) => [taskId, { order }])),
      ),
    }),
    onError: (error, _variables, context) => {
      context?.undo();
      console.error("Failed to reorder tasks", error);
    },
    onSettled: (_data, _error, { projectId }) => invalidateProjectData(queryClient, projectId),
  });
}
