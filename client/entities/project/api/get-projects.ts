import type { ProjectDto } from "@core/schemas/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** GET /api/projects: the user's own projects, sorted by name; archived ones only when asked. */
export function getProjects(includeArchived = false): Promise<ProjectDto[]> {
  return requestJson<ProjectDto[]>("GET", projectKeys.list(includeArchived)[0]);
}

export function getProjectsQueryOptions(includeArchived = false) {
  return queryOptions({
    queryKey: projectKeys.list(includeArchived),
    queryFn: () => getProjects(includeArchived),
    staleTime: PROJECT_STALE_TIME,
  });
}

export function useProjects({ includeArchived = false }: { includeArchived?: boolean } = {}) {
  return useQuery(getProjectsQueryOptions(includeArchived));
}
