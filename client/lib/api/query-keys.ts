// Query keys of project data. The first element of every key is the URL the default reader
// fetches, so a key is also the address of its data.
//
// Where the modules live: an endpoint used by more than one screen (the sidebar, All Projects and
// the project page all list, rename, archive and delete projects) has its module under lib/api/;
// an endpoint only one screen uses lives in that feature's api/ folder. Features never import
// each other.
import { ACTIVITY_PAGE_DEFAULT } from "@core/schemas/activity";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { isFollowed } from "@/lib/live/live-projects";

/** Project data is fresh for 60 s; everything else waits for an invalidation. */
export const PROJECT_STALE_TIME = 60_000;

const PROJECTS = "/api/projects";
const SHARED_PROJECTS = "/api/shared-projects";
const MY_TASKS = "/api/my-tasks";
const BY_SLUG = "/api/projects/by-slug/";
const ARCHIVED_TOO = "?includeArchived=true";
/** The user's own entries Ctrl+Z and Ctrl+Shift+Z look through. */
export const MY_ACTIVITY_LIMIT = 50;
/** The entries a task's history in its dialog shows. */
export const TASK_ACTIVITY_LIMIT = 20;

export const projectKeys = {
  /** The user's own projects; with `includeArchived` the archived ones too. */
  list: (includeArchived = false) => [includeArchived ? `${PROJECTS}${ARCHIVED_TOO}` : PROJECTS] as const,
  /** Projects shared with the user. */
  shared: (includeArchived = false) =>
    [includeArchived ? `${SHARED_PROJECTS}${ARCHIVED_TOO}` : SHARED_PROJECTS] as const,
  /** Project, tasks, dependencies and the user's access level. */
  detail: (projectId: number) => [`${PROJECTS}/${projectId}`] as const,
  bySlug: (slug: string) => [`${BY_SLUG}${encodeURIComponent(slug)}`] as const,
  categories: (projectId: number) => [`${PROJECTS}/${projectId}/categories`] as const,
  /** The owner and the members (shares) of a project. */
  shares: (projectId: number) => [`${PROJECTS}/${projectId}/shares`] as const,
  /** Whether the project's public link is on, and its URL (owner and admin only). */
  shareToken: (projectId: number) => [`${PROJECTS}/${projectId}/share-token`] as const,
  /** A project behind a public link, read without a session. */
  publicProject: (token: string) => [`/api/share/${encodeURIComponent(token)}`] as const,
  myTasks: () => [MY_TASKS] as const,
  /** A project's activity, newest first: the Activity panel's first page (`before` reads the next). */
  activity: (projectId: number) =>
    [`${PROJECTS}/${projectId}/activity?limit=${ACTIVITY_PAGE_DEFAULT}`] as const,
  /** The user's own newest entries in a project: what the undo and redo keys reach. */
  myActivity: (projectId: number) =>
    [`${PROJECTS}/${projectId}/activity?mine=true&limit=${MY_ACTIVITY_LIMIT}`] as const,
  /** One task's newest entries, for its history in the task dialog. */
  taskActivity: (projectId: number, taskId: number) =>
    [`${PROJECTS}/${projectId}/activity?taskId=${taskId}&limit=${TASK_ACTIVITY_LIMIT}`] as const,
};

/** Which of a project's activity lists a key names: the user's own, one task's, or all entries. */
export type ActivityList = { mine: boolean; taskId: number | null; limit: number };

/**
 * The activity list a key names in this project, or null for any other key.
 *
 * @example activityListOf(projectKeys.taskActivity(7, 9), 7) // { mine: false, taskId: 9, limit: 20 }
 * @example activityListOf(projectKeys.categories(7), 7) // null
 */
export function activityListOf(key: QueryKey, projectId: number): ActivityList | null {
  const url = key[0];
  const path = `${PROJECTS}/${projectId}/activity`;
  if (typeof url !== "string" || (url !== path && !url.startsWith(`${path}?`))) return null;
  const params = new URLSearchParams(url.slice(path.length));
  const taskId = params.get("taskId");
  return {
    mine: params.get("mine") === "true",
    taskId: taskId === null ? null : Number(taskId),
    limit: Number(params.get("limit") ?? ACTIVITY_PAGE_DEFAULT),
  };
}

const LIST_URLS = new Set<unknown>([
  PROJECTS,
  `${PROJECTS}${ARCHIVED_TOO}`,
  SHARED_PROJECTS,
  `${SHARED_PROJECTS}${ARCHIVED_TOO}`,
  MY_TASKS,
]);

/**
 * Whether a key names a list that a change to any project can alter: own projects, shared projects
 * (with or without archived ones) and My Tasks.
 *
 * @example isProjectListKey(["/api/projects?includeArchived=true"]) // true
 * @example isProjectListKey(["/api/projects/7"]) // false
 */
export function isProjectListKey(key: QueryKey): boolean {
  return LIST_URLS.has(key[0]);
}

/**
 * Whether a key names data of one project: its detail and anything under it (categories, ...), or
 * any by-slug lookup (a slug does not say which id it names, so all of them count).
 *
 * @example isProjectDataKey(["/api/projects/7/categories"], 7) // true
 * @example isProjectDataKey(["/api/projects/70"], 7) // false
 */
export function isProjectDataKey(key: QueryKey, projectId: number): boolean {
  const url = key[0];
  if (typeof url !== "string") return false;
  const base = `${PROJECTS}/${projectId}`;
  return url === base || url.startsWith(`${base}/`) || url.startsWith(BY_SLUG);
}

/** Refreshes every project list and My Tasks after a project was created, renamed, archived or deleted. */
export function invalidateProjectLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isProjectListKey(query.queryKey) });
}

/**
 * Refreshes one project's data. `refetch: false` only marks it stale, for a project that is gone:
 * refetching a deleted project on the page that is leaving it would flash "Project Not Found". A
 * project the page follows live is left alone: the write's own event brings what it changed
 * (docs/decisions/029-events-carry-the-change.md), and reading the project again is what events are
 * there to avoid.
 */
export function invalidateProjectData(
  queryClient: QueryClient,
  projectId: number,
  { refetch = true }: { refetch?: boolean } = {},
): Promise<void> {
  if (refetch && isFollowed(queryClient, projectId)) return Promise.resolve();
  return queryClient.invalidateQueries({
    predicate: (query) => isProjectDataKey(query.queryKey, projectId),
    refetchType: refetch ? "active" : "none",
  });
}

/**
 * Reads the project again, followed live or not: after a failed write whose shown change only the
 * server can put back.
 */
export function reloadProject(queryClient: QueryClient, projectId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true });
}

/**
 * Refreshes what a task write can alter: My Tasks, and the data of each project the task was in
 * or went to, except a project followed live, whose events bring the change (and patch My Tasks).
 *
 * @example invalidateAfterTaskChange(queryClient, [from, to]) // after a task moved between projects
 */
export function invalidateAfterTaskChange(
  queryClient: QueryClient,
  projectIds: readonly (number | null | undefined)[],
): Promise<void> {
  const ids = [...new Set(projectIds.filter((id): id is number => typeof id === "number"))];
  const unfollowed = ids.filter((id) => !isFollowed(queryClient, id));
  if (ids.length > 0 && unfollowed.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === MY_TASKS || unfollowed.some((id) => isProjectDataKey(query.queryKey, id)),
  });
}
