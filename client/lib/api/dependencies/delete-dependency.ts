import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { DEPENDENCY_FAILURE_TITLES } from "@/lib/api/dependencies/dependency-toasts";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { apiRequest } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";

export type DeleteDependencyVariables = { dependencyId: number; projectId: number };

/** DELETE /api/dependencies/{id} (204). */
export async function deleteDependency({ dependencyId }: DeleteDependencyVariables): Promise<void> {
  await apiRequest("DELETE", `/api/dependencies/${dependencyId}`);
}

/**
 * Deletes one dependency and refreshes its project, the lists and My Tasks; a failure toasts
 * 'Failed to delete dependency' with the server's reason.
 */
export function useDeleteDependency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDependency,
    onSuccess: (_nothing, { projectId }) => invalidateAfterTaskChange(queryClient, [projectId]),
    onError: (error) => {
      console.error(DEPENDENCY_FAILURE_TITLES.delete, error);
      toast({
        variant: "destructive",
        title: DEPENDENCY_FAILURE_TITLES.delete,
        description: errorMessage(error),
      });
    },
  });
}
