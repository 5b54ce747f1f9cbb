// A live event laid on every cached place that shows what it changed
// (docs/decisions/029-events-carry-the-change.md):
// the open project's answer (or a public link's), its categories, the project lists and by-slug
// lookups that show its name, My Tasks, and the activity lists (the entry the change recorded). Nothing here fetches the project; what an event cannot
// say exactly (who may see what after a member change, which tasks My Tasks lists) is refetched as
// the small query it is, or marked stale for the next time it is shown.

import { applyProjectEvent, byCategoryName, merge, type ProjectCopy } from "@core/events/apply-event";
import type { ProjectEvent } from "@core/schemas/events";
import type { CategoryDto, ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { addActivityEntry, refreshActivity } from "@/lib/api/activity-cache";
import {
  invalidateProjectData,
  invalidateProjectLists,
  isBySlugKey,
  listsProjects,
  projectKeys,
} from "@/lib/api/query-keys";

export type LiveTarget = { projectId: number } | { token: string };

/** The cache key of the copy a target shows. */
export const copyKeyOf = (target: LiveTarget): QueryKey =>
  "token" in target ? projectKeys.publicProject(target.token) : projectKeys.detail(target.projectId);

/** Lays the event's project fields on each entry of this project in a cached list or lookup. */
function patchProjectEntries(queryClient: QueryClient, event: ProjectEvent) {
  const fields = event.project;
  if (!fields) return;
  const patch = <T extends { id: number }>(entry: T): T =>
    entry.id !== event.projectId
      ? entry
      : (Object.fromEntries(
          Object.keys(entry).map((field) => [
            field,
            field in fields ? fields[field as keyof typeof fields] : entry[field as keyof T],
          ]),
        ) as T);
  let archivedChanged = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (Array.isArray(data) && query.queryKey.length === 1 && typeof query.queryKey[0] === "string") {
      if (!listsProjects(query.queryKey)) continue;
      const entry = (data as { id: number; archived?: boolean }[]).find(
        (each) => each.id === event.projectId,
      );
      if (!entry) continue;
      if ("archived" in fields && entry.archived !== fields.archived) archivedChanged = true;
      queryClient.setQueryData(query.queryKey, (data as { id: number }[]).map(patch));
    } else if (isBySlugKey(query.queryKey) && (data as { id?: number } | undefined)?.id === event.projectId) {
      queryClient.setQueryData(query.queryKey, patch(data as { id: number }));
    }
  }
  // A list of active projects gains or loses it: those lists are small, read them again.
  if (archivedChanged) void invalidateProjectLists(queryClient);
}

/** The fields of a task that decide whether and where My Tasks lists it. */
const listsDifferently = (before: TaskDto, after: TaskDto) =>
  before.projectId !== after.projectId ||
  before.completed !== after.completed ||
  before.assigneeId !== after.assigneeId ||
  before.snoozeUntil !== after.snoozeUntil ||
  before.dueDate !== after.dueDate ||
  before.order !== after.order;

/**
 * My Tasks: a task it lists takes the event's fields in place; anything that can change which
 * tasks it lists (a task made, deleted, completed, reassigned, or a dependency) marks it stale, to
 * be read the next time it is shown (it has no stream of its own).
 */
function patchMyTasks(queryClient: QueryClient, event: ProjectEvent) {
  const key = projectKeys.myTasks();
  const groups = queryClient.getQueryData<{ tasks: TaskDto[] }[]>(key);
  if (!groups) return;
  let stale =
    (event.deletedTaskIds?.length ?? 0) > 0 ||
    event.dependencies !== undefined ||
    event.deletedDependencyIds !== undefined ||
    event.type === "task.created";
  const carried = new Map((event.tasks ?? []).map(({ schedule: _schedule, ...task }) => [task.id, task]));
  const patched = groups.map((group) => {
    if (!group.tasks.some((task) => carried.has(task.id))) return group;
    return {
      ...group,
      tasks: group.tasks.map((task) => {
        const next = carried.get(task.id);
        if (!next) return task;
        if (listsDifferently(task, next)) stale = true;
        return next;
      }),
    };
  });
  // Untouched groups stay the same objects: without a task of the event, nothing is set or drawn.
  if (patched.some((group, index) => group !== groups[index])) queryClient.setQueryData(key, patched);
  if (stale) void queryClient.invalidateQueries({ queryKey: key, refetchType: "none" });
}

/** Upserts and drops the event's categories in a project's cached category list. */
function patchCategories(queryClient: QueryClient, projectId: number, event: ProjectEvent) {
  if (!event.categories && !event.deletedCategoryIds) return;
  queryClient.setQueryData<CategoryDto[]>(projectKeys.categories(projectId), (list) =>
    list ? merge(list, event.categories, new Set(event.deletedCategoryIds ?? []), byCategoryName) : list,
  );
}

const isLookupOf = (projectId: number) => (query: { queryKey: QueryKey; state: { data: unknown } }) =>
  isBySlugKey(query.queryKey) && (query.state.data as { id?: number } | undefined)?.id === projectId;

/**
 * After a member change: the member list again, and the reader's own access level through the
 * by-slug lookup (small), laid on the project answer, which is not read again for it.
 */
async function followAccess(queryClient: QueryClient, projectId: number) {
  void invalidateProjectLists(queryClient);
  void queryClient.invalidateQueries({ queryKey: projectKeys.shares(projectId) });
  const lookups = queryClient.getQueryCache().findAll({ predicate: isLookupOf(projectId) });
  await Promise.all(
    lookups.map((query) => queryClient.refetchQueries({ queryKey: query.queryKey, exact: true })),
  );
  const accessLevel = lookups
    .map((query) =>
      queryClient.getQueryData<{ accessLevel?: ProjectDetailDto["accessLevel"] }>(query.queryKey),
    )
    .find((lookup) => lookup?.accessLevel)?.accessLevel;
  if (!accessLevel) return;
  queryClient.setQueryData<ProjectDetailDto>(projectKeys.detail(projectId), (detail) =>
    detail && detail.accessLevel !== accessLevel ? { ...detail, accessLevel } : detail,
  );
}

/**
 * Applies one event (in version order: event-sequencer.ts) to every cached place it changes.
 * @example applyToCaches(queryClient, { projectId: 7 }, event)
 */
export function applyToCaches(queryClient: QueryClient, target: LiveTarget, event: ProjectEvent): void {
  queryClient.setQueryData<ProjectCopy>(copyKeyOf(target), (copy) => copy && applyProjectEvent(copy, event));
  if ("token" in target) return;
  const { projectId } = target;
  // Every kind of change records an entry, member and link changes too; one the event could not
  // carry is read with the lists.
  if (event.activity) addActivityEntry(queryClient, projectId, event.activity);
  else if (event.activityId !== undefined) void refreshActivity(queryClient, projectId);
  switch (event.type) {
    case "project.deleted":
      void invalidateProjectLists(queryClient);
      void invalidateProjectData(queryClient, projectId);
      return;
    case "members.changed":
      void followAccess(queryClient, projectId);
      return;
    case "link.changed":
      void queryClient.invalidateQueries({ queryKey: projectKeys.shareToken(projectId) });
      return;
    // A baseline saved, renamed or deleted: the project's copy holds none; its list and any baseline
    // read (their URLs start with the list's) are read again when shown.
    case "baseline.changed": {
      const [list] = projectKeys.baselines(projectId);
      void queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(list),
      });
      return;
    }
  }
  patchProjectEntries(queryClient, event);
  patchCategories(queryClient, projectId, event);
  if (event.tasks || event.deletedTaskIds || event.dependencies || event.deletedDependencyIds)
    patchMyTasks(queryClient, event);
}
