// The cached activity lists of a project kept current without reading them again: each new entry
// (from a live event, or the undo route's answer, whichever comes first) goes into every list it
// belongs to, and an undo marks the entry it undid, so the undo keys and the Undo buttons see the
// change at once.

import type { ActivityEntryDto } from "@core/schemas/activity";
import type { PublicUser } from "@core/schemas/auth";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { type ActivityList, activityListOf } from "@/lib/api/query-keys";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";

/**
 * Whether a task's history lists the entry: the server's `taskId` filter, told the same way (an
 * entry naming the task; a write of several tasks is in the project's activity only).
 */
export const isAboutTask = (entry: ActivityEntryDto, taskId: number): boolean => entry.taskId === taskId;

/** The undone entry of `entry` marked, and `entry` put in its place by id (newest first) if `adds`. */
function withEntry(list: ActivityEntryDto[], entry: ActivityEntryDto, adds: boolean): ActivityEntryDto[] {
  let next = list;
  if (entry.undoOf !== null && list.some((each) => each.id === entry.undoOf && each.undoneBy !== entry.id)) {
    next = list.map((each) => (each.id === entry.undoOf ? { ...each, undoneBy: entry.id } : each));
  }
  if (!adds || next.some((each) => each.id === entry.id)) return next;
  const at = next.findIndex((each) => each.id < entry.id);
  return at === -1 ? [...next, entry] : [...next.slice(0, at), entry, ...next.slice(at)];
}

type ListData = ActivityEntryDto[] | InfiniteData<ActivityEntryDto[], unknown>;

function patched(data: ListData, entry: ActivityEntryDto, belongs: boolean, limit: number): ListData {
  if (Array.isArray(data)) {
    const next = withEntry(data, entry, belongs);
    return next === data ? data : next.slice(0, Math.max(limit, data.length));
  }
  // The panel's pages: a new entry goes on the first page; any page may hold the entry it undid.
  const pages = data.pages.map((page, index) => withEntry(page, entry, belongs && index === 0));
  return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
}

function belongsTo(list: ActivityList, entry: ActivityEntryDto, userId: number | undefined): boolean {
  if (list.mine && (userId === undefined || entry.actor?.id !== userId)) return false;
  return list.taskId === null || isAboutTask(entry, list.taskId);
}

/**
 * Lays a new entry on each cached activity list of its project: the panel's first page, the user's
 * own list when it is theirs, a task's history when it is about that task; an entry already there
 * is left as it is.
 *
 * @example addActivityEntry(queryClient, 7, event.activity)
 */
export function addActivityEntry(queryClient: QueryClient, projectId: number, entry: ActivityEntryDto): void {
  const userId = queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY)?.id;
  for (const query of queryClient.getQueryCache().getAll()) {
    const list = activityListOf(query.queryKey, projectId);
    const data = query.state.data as ListData | undefined;
    if (!list || !data) continue;
    const next = patched(data, entry, belongsTo(list, entry, userId), list.limit);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** Reads a project's shown activity lists again: after a gap in its events, whose entries are unknown. */
export function refreshActivity(queryClient: QueryClient, projectId: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => activityListOf(query.queryKey, projectId) !== null,
  });
}

/** An entry of the project as some cached activity list holds it (for naming what an undo reverts). */
export function cachedActivityEntry(
  queryClient: QueryClient,
  projectId: number,
  entryId: number,
): ActivityEntryDto | undefined {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data as ListData | undefined;
    if (!data || !activityListOf(query.queryKey, projectId)) continue;
    const entries = Array.isArray(data) ? data : data.pages.flat();
    const found = entries.find((entry) => entry.id === entryId);
    if (found) return found;
  }
  return undefined;
}
