import type { ShareRole } from "@core/access/permissions";
import { apiRoutes } from "@core/api/routes";
import type { ShareDto } from "@core/schemas/sharing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateMembers } from "@/entities/share/api/invalidate-members";
import { requestJson } from "@/lib/api-client";

export type UpdateShareRoleVariables = { shareId: number; projectId: number; role: ShareRole };

/** PUT /api/project-shares/{shareId} with the new role; answers the share. */
export function updateShareRole({ shareId, role }: UpdateShareRoleVariables): Promise<ShareDto> {
  return requestJson<ShareDto>("PUT", apiRoutes.share.url({ shareId }), { role });
}

/** Changes a member's role (owner or admin only, never above their own). Toasts are the caller's. */
export function useUpdateShareRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShareRole,
    onSuccess: (_share, { projectId }) => invalidateMembers(queryClient, projectId),
  });
}
