import { apiRoutes } from "@core/api/routes";
import type { ShareTokenDto } from "@core/schemas/sharing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** DELETE /api/projects/{id}/share-token: the public link stops working (`{shareEnabled: false}`). */
export function revokeShareLink(projectId: number): Promise<ShareTokenDto> {
  return requestJson<ShareTokenDto>("DELETE", apiRoutes.shareToken.url({ id: projectId }));
}

/** Turns the public link off; the answer becomes the link's state at once. Toasts are the caller's. */
export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: (link, projectId) => queryClient.setQueryData(projectKeys.shareToken(projectId), link),
  });
}
