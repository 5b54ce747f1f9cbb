// Writes into the cached project detail, for changes the graph shows at once (a dragged card, a new
// arrow, a ticked task) instead of after the next refetch of a project that may hold 1,000 tasks.

import { applyProjectEvent } from "@core/events/apply-event";
import type { ProjectChange } from "@core/schemas/events";
import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import type { QueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";

/**
 * Replaces the cached detail of a project with `update(detail)`; nothing happens when it is not
 * cached. Structural sharing keeps every unchanged task and dependency the same object, so only the
 * graph cards whose task changed render again.
 *
 * @example patchProjectDetail(queryClient, 7, (detail) => ({ ...detail, dependencies: [...detail.dependencies, dependency] }))
 */
/**
 * Lays a write's own answer on the cached project at once, as an event without a version: rows it
 * made or deleted show before the write's event arrives (or if it never does). A row the cache
 * holds already came from an event, at least as new: it is kept.
 *
 * @example showWriteAnswer(queryClient, 7, { tasks: [{ ...created, schedule: null }] })
 */
export function showWriteAnswer(
  queryClient: QueryClient,
  projectId: number,
  change: Pick<ProjectChange, "tasks" | "dependencies" | "deletedTaskIds" | "deletedDependencyIds">,
): void {
  patchProjectDetail(queryClient, projectId, (detail) =>
    applyProjectEvent(detail, {
      type: "task.created",
      projectId,
      ...change,
      tasks: change.tasks?.filter((task) => !detail.tasks.some((known) => known.id === task.id)),
      dependencies: change.dependencies?.filter(
        (dependency) => !detail.dependencies.some((known) => known.id === dependency.id),
      ),
    }),
  );
}

export function patchProjectDetail(
  queryClient: QueryClient,
  projectId: number,
  update: (detail: ProjectDetailDto) => ProjectDetailDto,
): void {
  queryClient.setQueryData<ProjectDetailDto>(projectKeys.detail(projectId), (detail) =>
    detail ? update(detail) : detail,
  );
}

/**
 * Shows task changes at once, before the server answers (a kanban card lands in its column, a Gantt
 * bar stays where it was dropped): patches the open project's cached tasks and returns the undo for
 * a failed call. The refetch after the call replaces the patch with what the server stored.
 *
 * @example const undo = patchTasksInCache(queryClient, projectId, new Map([[taskId, { status: "blocked" }]]));
 */
export function patchTasksInCache(
  queryClient: QueryClient,
  projectId: number,
  patches: ReadonlyMap<number, Partial<TaskDto>>,
): () => void {
  const key = projectKeys.detail(projectId);
  const before = queryClient.getQueryData<ProjectDetailDto>(key);
  if (!before) return () => {};
  void queryClient.cancelQueries({ queryKey: key });
  patchProjectDetail(queryClient, projectId, (detail) => ({
    ...detail,
    tasks: detail.tasks.map((task) => {
      const patch = patches.get(task.id);
      return patch ? { ...task, ...patch } : task;
    }),
  }));
  // Undo only this patch: other tasks may have changed since.
  return () =>
    patchProjectDetail(queryClient, projectId, (detail) => ({
      ...detail,
      tasks: detail.tasks.map((task) =>
        patches.has(task.id) ? (before.tasks.find((old) => old.id === task.id) ?? task) : task,
      ),
    }));
}
