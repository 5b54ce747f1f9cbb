import type { AccessLevel } from "@core/access/permissions";
import type { ProjectDto } from "@core/schemas/projects";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { getProjectQueryOptions } from "@/entities/project/api/get-project";
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

/**
 * Starts reading the project an address names, before the page that shows it has mounted: the
 * slug's lookup, then the project itself. Errors are left for the page's own queries to show.
 */
export async function prefetchProject(queryClient: QueryClient, slug: string): Promise<void> {
  try {
    const project = await queryClient.fetchQuery(getProjectBySlugQueryOptions(slug));
    await queryClient.prefetchQuery(getProjectQueryOptions(project.id));
  } catch {
    // Not signed in, or no such project: the page says so when it asks.
  }
}

export function useProjectBySlug(slug: string) {
  return useQuery(getProjectBySlugQueryOptions(slug));
}
