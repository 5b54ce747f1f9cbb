import { apiRoutes } from "@core/api/routes";
import type { UpdateDependencyInput } from "@core/schemas/dependencies";
import type { DependencyDto } from "@core/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DEPENDENCY_FAILURE_TITLES } from "@/entities/dependency/api/dependency-toasts";
import type { ScheduleWrite } from "@/entities/schedule/api/preview-schedule";
import { patchProjectDetail } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange, reloadProject } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type UpdateDependencyVariables = {
  dependencyId: number;
  projectId: number;
  changes: UpdateDependencyInput;
};

/** The request of a dependency's change, which its schedule preview sends too, as its dry run. */
export function updateDependencyRequest({
  dependencyId,
  changes,
}: Pick<UpdateDependencyVariables, "dependencyId" | "changes">): ScheduleWrite {
  return { method: "PUT", url: apiRoutes.dependency.url({ id: dependencyId }), body: changes };
}

/** PUT /api/dependencies/{id}: its type, its lag or both. */
export function updateDependency(variables: UpdateDependencyVariables): Promise<DependencyDto> {
  const { method, url, body } = updateDependencyRequest(variables);
  return requestJson<DependencyDto>(method, url, body);
}

/**
 * Changes a dependency's type or lag: the arrow's label changes at once in the cached project, the
 * dates the server moved arrive with the refresh after. A failure toasts 'Failed to update
 * dependency' with the server's reason, and the refresh puts the arrow back.
 */
export function useUpdateDependency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDependency,
    meta: { notices: { failure: DEPENDENCY_FAILURE_TITLES.update } },
    onMutate: ({ dependencyId, projectId, changes }) =>
      patchProjectDetail(queryClient, projectId, (detail) => ({
        ...detail,
        dependencies: detail.dependencies.map((dependency) =>
          dependency.id === dependencyId ? { ...dependency, ...changes } : dependency,
        ),
      })),
    onError: (_error, { projectId }) => {
      void reloadProject(queryClient, projectId); // the arrow's type and lag come back
    },
    onSettled: (_result, _error, { projectId }) => invalidateAfterTaskChange(queryClient, [projectId]),
  });
}
