import type { BaselineSummaryDto } from "@core/schemas/baselines";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** GET /api/projects/{id}/baselines: the project's saved baselines, oldest first. */
export function getBaselines(projectId: number): Promise<BaselineSummaryDto[]> {
  return requestJson<BaselineSummaryDto[]>("GET", projectKeys.baselines(projectId)[0]);
}

export function getBaselinesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.baselines(projectId),
    queryFn: () => getBaselines(projectId),
  });
}

/**
 * The project's baselines; read again when one is saved, renamed or deleted (the baseline.changed
 * event, client/lib/live/apply-to-caches.ts). Not read on a public link (`enabled` false).
 */
export function useBaselines(projectId: number, enabled = true) {
  return useQuery({ ...getBaselinesQueryOptions(projectId), enabled });
}
