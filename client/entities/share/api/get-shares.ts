import type { SharesResponseDto } from "@core/schemas/sharing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** GET /api/projects/{id}/shares: the owner, the members (any member may read them) and isOwner. */
export function getShares(projectId: number): Promise<SharesResponseDto> {
  return requestJson<SharesResponseDto>("GET", projectKeys.shares(projectId)[0]);
}

export function getSharesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.shares(projectId),
    queryFn: () => getShares(projectId),
    staleTime: PROJECT_STALE_TIME,
  });
}

/** The members of a project; nothing is fetched without a project id (a task dialog with none chosen). */
export function useShares(projectId: number | null | undefined) {
  return useQuery({ ...getSharesQueryOptions(projectId ?? 0), enabled: typeof projectId === "number" });
}
