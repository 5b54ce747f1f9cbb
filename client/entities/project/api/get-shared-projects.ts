import type { SharedProjectDto } from "@core/schemas/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** GET /api/shared-projects: projects shared with the user, with their role, sorted by name. */
export function getSharedProjects(includeArchived = false): Promise<SharedProjectDto[]> {
  return requestJson<SharedProjectDto[]>("GET", projectKeys.shared(includeArchived)[0]);
}

export function getSharedProjectsQueryOptions(includeArchived = false) {
  return queryOptions({
    queryKey: projectKeys.shared(includeArchived),
    queryFn: () => getSharedProjects(includeArchived),
    staleTime: PROJECT_STALE_TIME,
  });
}

export function useSharedProjects({ includeArchived = false }: { includeArchived?: boolean } = {}) {
  return useQuery(getSharedProjectsQueryOptions(includeArchived));
}
