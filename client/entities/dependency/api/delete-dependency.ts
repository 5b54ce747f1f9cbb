import { apiRoutes } from "@core/api/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DEPENDENCY_FAILURE_TITLES } from "@/entities/dependency/api/dependency-toasts";
import type { ScheduleWrite } from "@/entities/schedule/api/preview-schedule";
import { patchProjectDetail } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange, reloadProject } from "@/lib/api/query-keys";
import { apiRequest } from "@/lib/api-client";

export type DeleteDependencyVariables = { dependencyId: number; projectId: number };

/** The request of a dependency's deletion, which its schedule preview sends too, as its dry run. */
export function deleteDependencyRequest({
  dependencyId,
}: Pick<DeleteDependencyVariables, "dependencyId">): ScheduleWrite {
  return { method: "DELETE", url: apiRoutes.dependency.url({ id: dependencyId }) };
}

/** DELETE /api/dependencies/{id} (204). */
export async function deleteDependency(variables: DeleteDependencyVariables): Promise<void> {
  const { method, url } = deleteDependencyRequest(variables);
  await apiRequest(method, url);
}

/**
 * Deletes one dependency (the task dialog's pickers): the arrow goes at once from the cached
 * project, then the project, the lists and My Tasks refresh. A failure toasts 'Failed to delete
 * dependency' with the server's reason, and the refresh brings the arrow back.
 */
export function useDeleteDependency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDependency,
    meta: { notices: { failure: DEPENDENCY_FAILURE_TITLES.delete } },
    onMutate: ({ dependencyId, projectId }) =>
      patchProjectDetail(queryClient, projectId, (detail) => ({
        ...detail,
        dependencies: detail.dependencies.filter((dependency) => dependency.id !== dependencyId),
      })),
    onError: (_error, { projectId }) => {
      void reloadProject(queryClient, projectId); // the arrow comes back
    },
    onSettled: (_result, _error, { projectId }) => invalidateAfterTaskChange(queryClient, [projectId]),
  });
}
