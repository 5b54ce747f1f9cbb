import type { ShareTokenDto } from "@core/schemas/sharing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** GET /api/projects/{id}/share-token: whether the public link is on, and its URL. */
export function getShareToken(projectId: number): Promise<ShareTokenDto> {
  return requestJson<ShareTokenDto>("GET", projectKeys.shareToken(projectId)[0]);
}

export function getShareTokenQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.shareToken(projectId),
    queryFn: () => getShareToken(projectId),
    staleTime: PROJECT_STALE_TIME,
  });
}

/** The public link's state; only owners and admins may read it, so others pass `enabled: false`. */
export function useShareToken(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getShareTokenQueryOptions(projectId), enabled });
}
