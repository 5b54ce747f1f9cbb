import { queryOptions, useQuery } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";
import type { MyTasksGroup } from "../my-tasks-data";

/**
 * GET /api/my-tasks: the user's unblocked tasks, grouped per project, projects by name; the snoozed
 * ones too, which the page hides until "Show snoozed" is on (one answer serves both).
 */
export function getMyTasks(): Promise<MyTasksGroup[]> {
  return requestJson<MyTasksGroup[]>("GET", `${projectKeys.myTasks()[0]}?includeSnoozed=true`);
}

export function getMyTasksQueryOptions() {
  return queryOptions({ queryKey: projectKeys.myTasks(), queryFn: getMyTasks });
}

export function useMyTasks() {
  return useQuery(getMyTasksQueryOptions());
}
