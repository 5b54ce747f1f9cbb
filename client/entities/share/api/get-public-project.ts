import type { PublicProjectDto } from "@core/schemas/sharing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/**
 * GET /api/share/{token}, without a session: project, tasks, dependencies and categories. An
 * unknown or revoked token answers 404 'This share link is invalid or has expired'.
 */
export function getPublicProject(token: string): Promise<PublicProjectDto> {
  return requestJson<PublicProjectDto>("GET", projectKeys.publicProject(token)[0]);
}

export function getPublicProjectQueryOptions(token: string) {
  return queryOptions({
    queryKey: projectKeys.publicProject(token),
    queryFn: () => getPublicProject(token),
    staleTime: PROJECT_STALE_TIME,
  });
}

export function usePublicProject(token: string) {
  return useQuery(getPublicProjectQueryOptions(token));
}
