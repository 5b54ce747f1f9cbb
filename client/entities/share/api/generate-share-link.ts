import { apiRoutes } from "@core/api/routes";
import type { ShareTokenDto } from "@core/schemas/sharing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/**
 * POST /api/projects/{id}/generate-share: turns the public link on, answering
 * `{shareEnabled: true, shareUrl}`. Generating again replaces the token (the old link stops working).
 */
export function generateShareLink(projectId: number): Promise<ShareTokenDto> {
  return requestJson<ShareTokenDto>("POST", apiRoutes.shareTokenGenerate.url({ id: projectId }));
}

/** Publishes the project; the answer becomes the link's state at once. Toasts are the caller's. */
export function useGenerateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateShareLink,
    onSuccess: (link, projectId) => queryClient.setQueryData(projectKeys.shareToken(projectId), link),
  });
}
