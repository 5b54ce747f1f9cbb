import { apiRoutes } from "@core/api/routes";
import type { InviteInput, ShareDto } from "@core/schemas/sharing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type InviteMemberVariables = { projectId: number; invitation: InviteInput };

/**
 * POST /api/projects/{id}/share with email and role (and projectId, which the server ignores). 201
 * with the new share; 409 when the email was already invited; 400 for the owner's email.
 */
export function inviteMember({ projectId, invitation }: InviteMemberVariables): Promise<ShareDto> {
  return requestJson<ShareDto>("POST", apiRoutes.projectInvite.url({ id: projectId }), {
    ...invitation,
    projectId,
  });
}

/** Invites someone by email; the member list is refreshed after. Toasts are the caller's. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (_share, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.shares(projectId) }),
  });
}
