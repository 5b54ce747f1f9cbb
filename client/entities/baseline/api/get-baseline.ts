import type { BaselineDto } from "@core/schemas/baselines";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";
import { baselinePlan, type ComparedPlan } from "../model/compared-plan";

/** GET /api/projects/{id}/baselines/{baselineId}: the baseline with every task it saved. */
export function getBaseline(projectId: number, baselineId: number): Promise<BaselineDto> {
  return requestJson<BaselineDto>("GET", projectKeys.baseline(projectId, baselineId)[0]);
}

export function getBaselineQueryOptions(projectId: number, baselineId: number) {
  return queryOptions({
    queryKey: projectKeys.baseline(projectId, baselineId),
    queryFn: () => getBaseline(projectId, baselineId),
  });
}

/**
 * The baseline `baselineId` (none: null) as a compared plan, its tasks by id. The map is built once
 * per answer, not per row or render: a row of a 5,000-task plan finds its saved dates in O(1).
 */
export function useBaseline(projectId: number, baselineId: number | null): ComparedPlan | null {
  const { data } = useQuery({
    ...getBaselineQueryOptions(projectId, baselineId ?? 0),
    enabled: baselineId !== null,
  });
  return useMemo(() => {
    if (!data || baselineId === null || data.id !== baselineId || !Array.isArray(data.tasks)) return null;
    return baselinePlan(data);
  }, [data, baselineId]);
}
