import { apiRoutes } from "@core/api/routes";
import type { ApiTokenDto } from "@core/schemas/api-tokens";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiTokensKey } from "@/entities/api-token/api/get-api-tokens";
import { apiRequest } from "@/lib/api-client";

/** DELETE /api/tokens/{id} (204): the token stops working at once. */
export async function revokeApiToken(tokenId: number): Promise<void> {
  await apiRequest("DELETE", apiRoutes.apiToken.url({ id: tokenId }));
}

/** Revokes a token; it leaves the list at once, which is read again after. Toasts are the caller's. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: async (_nothing, tokenId) => {
      queryClient.setQueryData<ApiTokenDto[]>(apiTokensKey, (tokens) =>
        tokens?.filter((token) => token.id !== tokenId),
      );
      await queryClient.invalidateQueries({ queryKey: apiTokensKey, exact: true });
    },
  });
}
