import type { ProjectDetailDto } from "@core/schemas/projects";
import { queryOptions } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** GET /api/projects/{id}: the project, its tasks and dependencies, and the user's access level. */
export function getProject(projectId: number): Promise<ProjectDetailDto> {
  return requestJson<ProjectDetailDto>("GET", projectKeys.detail(projectId)[0]);
}

export function getProjectQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => getProject(projectId),
    staleTime: PROJECT_STALE_TIME,
  });
}
