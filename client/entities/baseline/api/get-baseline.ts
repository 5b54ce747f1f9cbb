import type { BaselineDto, BaselineTaskDto } from "@core/schemas/baselines";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

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

/** A baseline read, with its tasks by id: what a row looks its saved dates up in. */
export type ComparedBaseline = {
  id: number;
  name: string;
  tasks: ReadonlyMap<number, BaselineTaskDto>;
};

/**
 * The baseline `baselineId` (none: null) with its tasks by id. The map is built once per answer,
 * not per row or render: a row of a 5,000-task plan finds its saved dates in O(1).
 */
export function useBaseline(projectId: number, baselineId: number | null): ComparedBaseline | null {
  const { data } = useQuery({
    ...getBaselineQueryOptions(projectId, baselineId ?? 0),
    enabled: baselineId !== null,
  });
  return useMemo(() => {
    if (!data || baselineId === null || data.id !== baselineId || !Array.isArray(data.tasks)) return null;
    return { id: data.id, name: data.name, tasks: new Map(data.tasks.map((task) => [task.taskId, task])) };
  }, [data, baselineId]);
}
