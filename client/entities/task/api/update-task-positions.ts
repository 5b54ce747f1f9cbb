import { apiRoutes } from "@core/api/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { parseTaskId } from "@/entities/task/api/task-id";
import { patchProjectDetail } from "@/lib/api/project-detail-cache";
import { reloadProject } from "@/lib/api/query-keys";
import { apiRequest } from "@/lib/api-client";

export type TaskPosition = { taskId: number; positionX: number; positionY: number };
export type SaveTaskPositionsVariables = { projectId: number; positions: TaskPosition[] };

/**
 * Saves where graph cards stand: one card with PUT /api/tasks/{id} {positionX, positionY}, several
 * (a dragged selection, an auto-layout) with PUT /api/projects/{id}/tasks/positions in one request,
 * which saves all of them or none.
 */
export async function saveTaskPositions({ projectId, positions }: SaveTaskPositionsVariables) {
  if (positions.length === 0) return;
  if (positions.length === 1) {
    const [{ taskId, positionX, positionY }] = positions;
    await apiRequest("PUT", apiRoutes.task.url({ id: parseTaskId(taskId) }), { positionX, positionY });
    return;
  }
  await apiRequest("PUT", apiRoutes.taskPositions.url({ id: projectId }), { positions });
}

/**
 * Saves card positions with no toast (a position-only update says nothing). The cached project
 * takes the new positions at once and nothing is refetched, since no list shows positions; a
 * failure is logged and the project reloaded, so the cards go back to where the server has them.
 * Callers that want to say more pass their own `onError` to `mutate`.
 */
export function useSaveTaskPositions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaskPositions,
    onMutate: ({ projectId, positions }) => {
      const moved = new Map(positions.map((entry) => [entry.taskId, entry]));
      patchProjectDetail(queryClient, projectId, (detail) => ({
        ...detail,
        tasks: detail.tasks.map((task) => {
          const entry = moved.get(task.id);
          return entry ? { ...task, positionX: entry.positionX, positionY: entry.positionY } : task;
        }),
      }));
    },
    onError: (error, { projectId }) => {
      console.error("Failed to save task positions", error);
      void reloadProject(queryClient, projectId);
    },
  });
}
