// Query keys of project data. The first element of every key is the URL the default reader
// fetches, so a key is also the address of its data.
//
// Where the modules live: an endpoint used by more than one screen (the sidebar, All Projects and
// the project page all list, rename, archive and delete projects) has its module under lib/api/;
// an endpoint only one screen uses lives in that feature's api/ folder. Features never import
// each other.
import { apiRoutes } from "@core/api/routes";
import { ACTIVITY_PAGE_DEFAULT } from "@core/schemas/activity";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { isFollowed } from "@/lib/live/live-projects";

/** Project data is fresh for 60 s; everything else waits for an invalidation. */
export const PROJECT_STALE_TIME = 60_000;

const PROJECTS = apiRoutes.projects.url();
const SHARED_PROJECTS = apiRoutes.sharedProjects.url();
const MY_TASKS = apiRoutes.myTasks.url();
/** What every by-slug lookup's URL starts with. */
const BY_SLUG = apiRoutes.projectBySlug.url({ slug: "" });
/** The archived projects too, or only the active ones (no query). */
const archivedToo = (includeArchived: boolean) => ({ includeArchived: includeArchived || undefined });
/** The user's own entries Ctrl+Z and Ctrl+Shift+Z look through. */
export const MY_ACTIVITY_LIMIT = 50;
/** The entries a task's history in its dialog shows. */
export const TASK_ACTIVITY_LIMIT = 20;

export const projectKeys = {
  /** The user's own projects; with `includeArchived` the archived ones too. */
  list: (includeArchived = false) => [apiRoutes.projects.url({}, archivedToo(includeArchived))] as const,
  /** Projects shared with the user. */
  shared: (includeArchived = false) =>
    [apiRoutes.sharedProjects.url({}, archivedToo(includeArchived))] as const,
  /** Project, tasks, dependencies and the user's access level. */
  detail: (projectId: number) => [apiRoutes.project.url({ id: projectId })] as const,
  bySlug: (slug: string) => [apiRoutes.projectBySlug.url({ slug })] as const,
  categories: (projectId: number) => [apiRoutes.projectCategories.url({ id: projectId })] as const,
  /** The owner and the members (shares) of a project. */
  shares: (projectId: number) => [apiRoutes.projectShares.url({ id: projectId })] as const,
  /** The project's saved baselines, oldest first. */
  baselines: (projectId: number) => [apiRoutes.projectBaselines.url({ id: projectId })] as const,
  /** One baseline with every task it saved (its URL starts with the list's). */
  baseline: (projectId: number, baselineId: number) =>
    [apiRoutes.baseline.url({ id: projectId, baselineId })] as const,
  /** Whether the project's public link is on, and its URL (owner and admin only). */
  shareToken: (projectId: number) => [apiRoutes.shareToken.url({ id: projectId })] as const,
  /** A project behind a public link, read without a session. */
  publicProject: (token: string) => [apiRoutes.publicProject.url({ token })] as const,
  myTasks: () => [MY_TASKS] as const,
  /** A project's activity, newest first: the Activity panel's first page (`before` reads the next). */
  activity: (projectId: number) =>
    [apiRoutes.projectActivity.url({ id: projectId }, { limit: ACTIVITY_PAGE_DEFAULT })] as const,
  /** The user's own newest entries in a project: what the undo and redo keys reach. */
  myActivity: (projectId: number) =>
    [apiRoutes.projectActivity.url({ id: projectId }, { mine: true, limit: MY_ACTIVITY_LIMIT })] as const,
  /** One task's newest entries, for its history in the task dialog. */
  taskActivity: (projectId: number, taskId: number) =>
    [apiRoutes.projectActivity.url({ id: projectId }, { taskId, limit: TASK_ACTIVITY_LIMIT })] as const,
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
  const path = apiRoutes.projectActivity.url({ id: projectId });
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
  ...projectKeys.list(),
  ...projectKeys.list(true),
  ...projectKeys.shared(),
  ...projectKeys.shared(true),
  ...projectKeys.myTasks(),
]);

/**
 * Whether a key names a list that a change to any project can alter: own projects, shared projects
 * (with or without archived ones) and My Tasks.
 *
 * @example isProjectListKey(projectKeys.list(true)) // true
 * @example isProjectListKey(projectKeys.detail(7)) // false
 */
export function isProjectListKey(key: QueryKey): boolean {
  return LIST_URLS.has(key[0]);
}

/**
 * Whether a key names data of one project: its detail and anything under it (categories, ...), or
 * any by-slug lookup (a slug does not say which id it names, so all of them count).
 *
 * @example isProjectDataKey(projectKeys.categories(7), 7) // true
 * @example isProjectDataKey(projectKeys.detail(70), 7) // false
 */
export function isProjectDataKey(key: QueryKey, projectId: number): boolean {
  const url = key[0];
  if (typeof url !== "string") return false;
  const base = apiRoutes.project.url({ id: projectId });
  return url === base || url.startsWith(`${base}/`) || isBySlugKey(key);
}

/**
 * Whether a key lists projects, own or shared, whatever its query: the lists that show a project's
 * name and archived flag.
 *
 * @example listsProjects(projectKeys.shared(true)) // true
 */
export function listsProjects(key: QueryKey): boolean {
  const url = key[0];
  return (
    typeof url === "string" &&
    [PROJECTS, SHARED_PROJECTS].some((list) => url === list || url.startsWith(`${list}?`))
  );
}

/** Whether a key is a by-slug lookup, which says which project it names only in its answer. */
export function isBySlugKey(key: QueryKey): boolean {
  const url = key[0];
  return typeof url === "string" && url.startsWith(BY_SLUG);
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
