import { apiRoutes } from "@core/api/routes";
import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import { type OutlineAction, planOutlineAction } from "@core/tasks/outline";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { patchTasksInCache } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type OutlineTasksVariables = { projectId: number; taskIds: number[]; action: OutlineAction };

/** The failure toast's title of an indent or outdent (its description is the server's words). */
export const OUTLINE_FAILURE_TITLE = "Failed to move tasks in the outline";

/**
 * POST /api/projects/{id}/outline: Tab (indent) or Shift+Tab (outdent) on the chosen tasks; answers
 * the tasks it moved.
 */
export function outlineTasks({
  projectId,
  taskIds,
  action,
}: OutlineTasksVariables): Promise<{ tasks: TaskDto[] }> {
  return requestJson("POST", apiRoutes.projectOutline.url({ id: projectId }), { taskIds, action });
}

/**
 * Indents or outdents tasks: the rows move at once (the same rule as the server's,
 * planOutlineAction), take the server's places when it answers, go back and say why on a failure,
 * and the project is refreshed after, as for any task write (its event brings the moved tasks to a
 * project followed live). No success toast: the list says it to screen readers itself.
 */
export function useOutlineTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: outlineTasks,
    meta: { notices: { failure: OUTLINE_FAILURE_TITLE } },
    onMutate: ({ projectId, taskIds, action }) => {
      const detail = queryClient.getQueryData<ProjectDetailDto>(projectKeys.detail(projectId));
      if (!detail) return { undo: () => {} };
      const places = planOutlineAction(detail.tasks, taskIds, action);
      return {
        undo: patchTasksInCache(
          queryClient,
          projectId,
          new Map(places.map(({ taskId, parentId, order }) => [taskId, { parentId, order }])),
        ),
      };
    },
    onSuccess: ({ tasks }, { projectId }) => {
      patchTasksInCache(
        queryClient,
        projectId,
        new Map(tasks.map(({ id, parentId, order }) => [id, { parentId, order }])),
      );
    },
    onError: (_error, _variables, context) => context?.undo(),
    onSettled: (_data, _error, { projectId }) => invalidateAfterTaskChange(queryClient, [projectId]),
  });
}
