import { apiRoutes } from "@core/api/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateProjectData, invalidateProjectLists } from "@/lib/api/query-keys";
import { apiRequest } from "@/lib/api-client";
import { removeStored, STORAGE_KEYS } from "@/lib/storage-keys";

/** DELETE /api/projects/{id}: the project goes with its tasks, dependencies and categories (owner only). */
export async function deleteProject(projectId: number): Promise<void> {
  await apiRequest("DELETE", apiRoutes.project.url({ id: projectId }));
}

/**
 * Deletes a project and forgets it as the open project. Its own data is only marked stale: the page
 * showing it is about to leave, and a refetch now would answer 404.
 */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_nothing, projectId) => {
      removeStored(STORAGE_KEYS.openProjectId);
      await Promise.all([
        invalidateProjectLists(queryClient),
        invalidateProjectData(queryClient, projectId, { refetch: false }),
      ]);
    },
  });
}
