import { apiRoutes } from "@core/api/routes";
import type { ApiTokenDto } from "@core/schemas/api-tokens";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestJson } from "@/lib/api-client";

/** The user's API tokens; its first element is the URL the default reader fetches. */
export const apiTokensKey = [apiRoutes.apiTokens.url()] as const;

/** GET /api/tokens: the signed-in user's tokens, without their secrets. */
export function getApiTokens(): Promise<ApiTokenDto[]> {
  return requestJson<ApiTokenDto[]>("GET", apiRoutes.apiTokens.url());
}

export function getApiTokensQueryOptions() {
  return queryOptions({ queryKey: apiTokensKey, queryFn: getApiTokens });
}

/** The user's API tokens; read again after one is created or revoked. */
export function useApiTokens() {
  return useQuery(getApiTokensQueryOptions());
}
