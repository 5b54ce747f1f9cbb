import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import { buildOutline, placesForMove } from "@core/tasks/outline";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateTask } from "@/entities/task/api/update-task";
import { patchTasksInCache } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange, projectKeys } from "@/lib/api/query-keys";

export type MoveTaskVariables = {
  taskId: number;
  projectId: number;
  /** The new parent (null: the top level). */
  parentId: number | null;
  /** The place among the new siblings, not counting the task (PUT /api/tasks/{id}'s `order`). */
  index: number;
};

/** The failure toast's title of a move in the outline (its description is the server's words). */
export const MOVE_FAILURE_TITLE = "Failed to move the task";

/**
 * Moves a task with its subtree in the outline (a row dragged in the list or the Gantt chart): one
 * `PUT /api/tasks/{id}` with `parentId` and `order`. Unlike useUpdateTask, which shows only the task
 * itself at once, the moved task and the siblings pushed along take their new places at once (the
 * server's rule, placesForMove), go back on a failure, and the project is refreshed after (a move
 * renumbers other tasks). No success toast: the view says it to screen readers.
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation<TaskDto, Error, MoveTaskVariables, { undo: () => void }>({
    mutationFn: ({ taskId, projectId, parentId, index }) =>
      updateTask({ taskId, projectId, changes: { parentId, order: index } }),
    meta: { notices: { failure: MOVE_FAILURE_TITLE } },
    onMutate: ({ taskId, projectId, parentId, index }) => {
      const detail = queryClient.getQueryData<ProjectDetailDto>(projectKeys.detail(projectId));
      if (!detail) return { undo: () => {} };
      const outline = buildOutline(detail.tasks);
      const orders = new Map(detail.tasks.map((task) => [task.id, task.order]));
      const places = placesForMove(outline, orders, taskId, parentId, index);
      return {
        undo: patchTasksInCache(
          queryClient,
          projectId,
          new Map(places.map((place) => [place.taskId, { parentId: place.parentId, order: place.order }])),
        ),
      };
    },
    onError: (_error, _variables, context) => context?.undo(),
    onSettled: (_task, _error, { projectId }) => invalidateAfterTaskChange(queryClient, [projectId]),
  });
}
