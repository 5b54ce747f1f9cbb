import type { ProjectDetailDto } from "@core/schemas/projects";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
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

/** The open project. `projectId` is undefined until the slug has been resolved. */
export function useProject(projectId: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...getProjectQueryOptions(projectId ?? 0),
    enabled: projectId !== undefined,
  });

  // Opening a project records lastViewedAt, which All Projects shows: let that list reload the next
  // time it is shown, without fetching it now.
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt === 0) return;
    void queryClient.invalidateQueries({ queryKey: projectKeys.list(true), refetchType: "none" });
  }, [dataUpdatedAt, queryClient]);

  return query;
}
