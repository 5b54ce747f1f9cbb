import type { AccessLevel } from "@core/access/permissions";
import type { ProjectDto } from "@core/schemas/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type ProjectBySlugDto = ProjectDto & { accessLevel: AccessLevel };

/** GET /api/projects/by-slug/{slug}: which project an address names (404 when unknown or not shared). */
export function getProjectBySlug(slug: string): Promise<ProjectBySlugDto> {
  return requestJson<ProjectBySlugDto>("GET", projectKeys.bySlug(slug)[0]);
}

export function getProjectBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: projectKeys.bySlug(slug),
    queryFn: () => getProjectBySlug(slug),
    staleTime: PROJECT_STALE_TIME,
  });
}

export function useProjectBySlug(slug: string) {
  return useQuery(getProjectBySlugQueryOptions(slug));
}
