import { apiRoutes } from "@core/api/routes";
import type { ApiTokenDto, CreateApiToken, CreatedApiTokenDto } from "@core/schemas/api-tokens";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiTokensKey } from "@/entities/api-token/api/get-api-tokens";
import { requestJson } from "@/lib/api-client";

/** POST /api/tokens `{ name, scope, expiresAt? }` (201): the token and, this once, its secret. */
export function createApiToken(token: CreateApiToken): Promise<CreatedApiTokenDto> {
  return requestJson<CreatedApiTokenDto>("POST", apiRoutes.apiTokens.url(), token);
}

/**
 * Creates a token. The list shows it at once (without its secret, which only the caller keeps)
 * and is read again. Toasts are the caller's.
 */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: async ({ secret: _secret, ...token }) => {
      queryClient.setQueryData<ApiTokenDto[]>(apiTokensKey, (tokens) =>
        tokens ? [...tokens.filter((each) => each.id !== token.id), token] : tokens,
      );
      await queryClient.invalidateQueries({ queryKey: apiTokensKey, exact: true });
    },
  });
}
