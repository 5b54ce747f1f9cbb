// The optimistic half of a task write (useUpdateTask): every cached place the task shows in takes
// the change at once, keeps it over refetches that land while the write is on its way (the live
// updates of use-project-events.ts refetch at any time), and gives it back when the write fails.
//
// Nothing is cancelled: a refetch already running when the write starts, or started by a live
// event while it runs, lands as usual and the pending change is laid on top of what it brought. So
// a collaborator's change in that refetch is kept, and the data never flickers back to the old
// value; the refresh after the write (update-task.ts) replaces everything with what the server
// stored.

import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import { hashKey, type QueryCacheNotifyEvent, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";

/** Fields of a task as the cache holds them. */
export type TaskPatch = Partial<TaskDto>;

/** A list of task groups as My Tasks caches it: one `{ project, tasks }` per project. */
export type TaskGroup = { tasks: TaskDto[] };

/**
 * The groups with one task replaced by `change(task)`; every other group and task is left as it
 * is (same objects), and so is everything when the task is not there.
 *
 * @example mapTaskInGroups(groups, 7, (task) => ({ ...task, name: "Renamed" }))
 */
export function mapTaskInGroups<G extends TaskGroup>(
  groups: readonly G[] | undefined,
  taskId: number,
  change: (task: TaskDto) => TaskDto,
): G[] | undefined {
  if (!groups) return groups;
  return groups.map((group) =>
    group.tasks.some((task) => task.id === taskId)
      ? { ...group, tasks: group.tasks.map((task) => (task.id === taskId ? change(task) : task)) }
      : group,
  );
}

/** A cached place tasks show in: where it is, and how to find and replace a task in its data. */
type Place = {
  key: QueryKey;
  find: (data: unknown, taskId: number) => TaskDto | undefined;
  map: (data: unknown, taskId: number, change: (task: TaskDto) => TaskDto) => unknown;
};

const detailPlace = (projectId: number): Place => ({
  key: projectKeys.detail(projectId),
  find: (data, taskId) => (data as ProjectDetailDto | undefined)?.tasks.find((task) => task.id === taskId),
  map: (data, taskId, change) => {
    const detail = data as ProjectDetailDto;
    return { ...detail, tasks: detail.tasks.map((task) => (task.id === taskId ? change(task) : task)) };
  },
});

const myTasksPlace: Place = {
  key: projectKeys.myTasks(),
  find: (data, taskId) => {
    for (const group of (data as TaskGroup[] | undefined) ?? []) {
      const task = group.tasks.find((each) => each.id === taskId);
      if (task) return task;
    }
    return undefined;
  },
  map: (data, taskId, change) => mapTaskInGroups(data as TaskGroup[], taskId, change),
};

/** Every place a task of this project may show in: the project's detail and My Tasks. */
const placesOf = (projectId: number): Place[] => [detailPlace(projectId), myTasksPlace];

/** A write on its way: the change, and per place (query hash) what the changed fields held before. */
type PendingWrite = {
  taskId: number;
  projectId: number;
  patch: TaskPatch;
  before: Map<string, TaskPatch>;
};

type Registry = { writes: Set<PendingWrite>; unsubscribe: () => void };

// Per QueryClient (the app has one; tests make their own): the writes on their way, oldest first.
const registries = new WeakMap<QueryClient, Registry>();

const fieldsOf = (patch: TaskPatch) => Object.keys(patch) as (keyof TaskDto)[];

const pick = (task: TaskDto, patch: TaskPatch): TaskPatch =>
  Object.fromEntries(fieldsOf(patch).map((field) => [field, task[field]]));

/**
 * Lays `write` on `data` (a place's cached data): remembers what the changed fields held, for the
 * rollback, and answers the data with the task changed; the same data when the task is not there.
 */
function layOn(place: Place, data: unknown, write: PendingWrite): unknown {
  const task = place.find(data, write.taskId);
  if (!task) return data;
  write.before.set(hashKey(place.key), pick(task, write.patch));
  return place.map(data, write.taskId, (current) => ({ ...current, ...write.patch }));
}

/** When a fetch lands on a place with writes on their way, lays them on what it brought. */
function relayOnFetched(queryClient: QueryClient, registry: Registry) {
  return (event: QueryCacheNotifyEvent) => {
    // Only data that came from the server: setQueryData (this file's included) is "manual".
    if (event.type !== "updated" || event.action.type !== "success" || event.action.manual) return;
    const { query } = event;
    let data: unknown = query.state.data;
    for (const write of registry.writes) {
      const place = placesOf(write.projectId).find((each) => hashKey(each.key) === query.queryHash);
      if (place) data = layOn(place, data, write);
    }
    if (data !== query.state.data) queryClient.setQueryData(query.queryKey, data);
  };
}

function register(queryClient: QueryClient, write: PendingWrite): void {
  let registry = registries.get(queryClient);
  if (!registry) {
    const created: Registry = { writes: new Set(), unsubscribe: () => {} };
    created.unsubscribe = queryClient.getQueryCache().subscribe(relayOnFetched(queryClient, created));
    registries.set(queryClient, created);
    registry = created;
  }
  registry.writes.add(write);
}

function unregister(queryClient: QueryClient, write: PendingWrite): void {
  const registry = registries.get(queryClient);
  if (!registry?.writes.delete(write) || registry.writes.size > 0) return;
  registry.unsubscribe();
  registries.delete(queryClient);
}

/** The writes on their way in a QueryClient (for tests). */
export function pendingTaskWrites(queryClient: QueryClient): number {
  return registries.get(queryClient)?.writes.size ?? 0;
}

export type ShownTaskWrite = {
  /**
   * The write failed: each changed field that still holds the written value goes back to what it
   * held before, in every place; a field changed since (by a later write or a refetch) is left.
   */
  rollback: () => void;
  /** The write is done: the change stays in the cache until the refresh after it replaces it. */
  release: () => void;
};

/**
 * Shows a task write before the server answers: patches the task in its project's cached detail
 * and in My Tasks (where cached and where the task is), and keeps the patch on whatever a fetch
 * brings to those places until `rollback` or `release`.
 *
 * @example
 * const shown = showTaskWrite(queryClient, { taskId: 7, projectId: 3, patch: { completed: true } });
 * try { await save(); shown.release(); } catch { shown.rollback(); }
 */
export function showTaskWrite(
  queryClient: QueryClient,
  { taskId, projectId, patch }: { taskId: number; projectId: number; patch: TaskPatch },
): ShownTaskWrite {
  const write: PendingWrite = { taskId, projectId, patch, before: new Map() };
  const places = placesOf(projectId);
  for (const place of places) {
    const data = queryClient.getQueryData(place.key);
    const changed = layOn(place, data, write);
    if (changed !== data) queryClient.setQueryData(place.key, changed);
  }
  register(queryClient, write);

  let settled = false;
  return {
    rollback: () => {
      if (settled) return;
      settled = true;
      unregister(queryClient, write);
      for (const place of places) {
        const before = write.before.get(hashKey(place.key));
        const data = queryClient.getQueryData(place.key);
        const task = before && place.find(data, taskId);
        if (!before || !task) continue;
        const restored = fieldsOf(patch).filter((field) => Object.is(task[field], patch[field]));
        if (restored.length === 0) continue;
        const undo = Object.fromEntries(restored.map((field) => [field, before[field]]));
        queryClient.setQueryData(
          place.key,
          place.map(data, taskId, (current) => ({ ...current, ...undo })),
        );
      }
    },
    release: () => {
      if (settled) return;
      settled = true;
      unregister(queryClient, write);
    },
  };
}
