import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DEPENDENCY_FAILURE_TITLES } from "@/lib/api/dependencies/dependency-toasts";
import { patchProjectDetail } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange, reloadProject } from "@/lib/api/query-keys";
import { apiRequest } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

export type DeleteDependencyVariables = { dependencyId: number; projectId: number };

/** DELETE /api/dependencies/{id} (204). */
export async function deleteDependency({ dependencyId }: DeleteDependencyVariables): Promise<void> {
  await apiRequest("DELETE", `/api/dependencies/${dependencyId}`);
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
    onMutate: ({ dependencyId, projectId }) =>
      patchProjectDetail(queryClient, projectId, (detail) => ({
        ...detail,
        dependencies: detail.dependencies.filter((dependency) => dependency.id !== dependencyId),
      })),
    onError: (error, { projectId }) => {
      console.error(DEPENDENCY_FAILURE_TITLES.delete, error);
      void reloadProject(queryClient, projectId); // the arrow comes back
      toast({
        variant: "destructive",
        title: DEPENDENCY_FAILURE_TITLES.delete,
        description: errorMessage(error),
      });
    },
    onSettled: (_result, _error, { projectId }) => invalidateAfterTaskChange(queryClient, [projectId]),
  });
}
