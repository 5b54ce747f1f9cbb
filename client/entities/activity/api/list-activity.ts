import { apiRoutes } from "@core/api/routes";
import { ACTIVITY_PAGE_DEFAULT, type ActivityEntryDto } from "@core/schemas/activity";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  MY_ACTIVITY_LIMIT,
  PROJECT_STALE_TIME,
  projectKeys,
  TASK_ACTIVITY_LIMIT,
} from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type ActivityFilter = {
  limit?: number;
  /** Entries older than this one: the last id of the page before. */
  before?: number;
  /** Only the entries about this task. */
  taskId?: number;
  /** Only the caller's own entries. */
  mine?: boolean;
};

/** GET /api/projects/{id}/activity: a page of the project's entries, newest first. */
export function listActivity(projectId: number, filter: ActivityFilter = {}): Promise<ActivityEntryDto[]> {
  const query = {
    mine: filter.mine || undefined,
    taskId: filter.taskId,
    limit: filter.limit ?? ACTIVITY_PAGE_DEFAULT,
    before: filter.before,
  };
  return requestJson<ActivityEntryDto[]>("GET", apiRoutes.projectActivity.url({ id: projectId }, query));
}

/** The Activity panel's pages: each next page starts before the last entry shown. */
export function activityPagesQueryOptions(projectId: number) {
  return infiniteQueryOptions({
    queryKey: projectKeys.activity(projectId),
    queryFn: ({ pageParam }) => listActivity(projectId, { before: pageParam }),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one.
    getNextPageParam: (lastPage) =>
      lastPage.length < ACTIVITY_PAGE_DEFAULT ? undefined : lastPage[lastPage.length - 1]?.id,
    staleTime: PROJECT_STALE_TIME,
  });
}

export function useActivityPages(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...activityPagesQueryOptions(projectId), enabled });
}

/** The user's own newest entries in the project: what the undo and redo keys look through. */
export function myActivityQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.myActivity(projectId),
    queryFn: () => listActivity(projectId, { mine: true, limit: MY_ACTIVITY_LIMIT }),
    staleTime: PROJECT_STALE_TIME,
  });
}

/** One task's newest entries, for its history in the task dialog. */
export function taskActivityQueryOptions(projectId: number, taskId: number) {
  return queryOptions({
    queryKey: projectKeys.taskActivity(projectId, taskId),
    queryFn: () => listActivity(projectId, { taskId, limit: TASK_ACTIVITY_LIMIT }),
    staleTime: PROJECT_STALE_TIME,
  });
}

export function useTaskActivity(
  projectId: number,
  taskId: number,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...taskActivityQueryOptions(projectId, taskId), enabled });
}
