import { apiRoutes } from "@core/api/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateMembers } from "@/entities/share/api/invalidate-members";
import { apiRequest } from "@/lib/api-client";

export type RemoveShareVariables = {
  shareId: number;
  projectId: number;
  /** The share is the caller's own: they leave the project and lose access to it. */
  leaving?: boolean;
};

/** DELETE /api/project-shares/{shareId} (204): owners and admins remove members; members leave. */
export async function removeShare({ shareId }: RemoveShareVariables): Promise<void> {
  await apiRequest("DELETE", apiRoutes.share.url({ shareId }));
}

/** Removes a member, or the user themselves (leaving the project). Toasts are the caller's. */
export function useRemoveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeShare,
    onSuccess: (_nothing, { projectId, leaving }) => invalidateMembers(queryClient, projectId, { leaving }),
  });
}
