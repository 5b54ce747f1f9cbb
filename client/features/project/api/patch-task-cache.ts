import type { QueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import type { ProjectDetailDto, TaskDto } from "../../../../core/schemas/projects";

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
  queryClient.setQueryData<ProjectDetailDto>(key, {
    ...before,
    tasks: before.tasks.map((task) => {
      const patch = patches.get(task.id);
      return patch ? { ...task, ...patch } : task;
    }),
  });
  return () => {
    const now = queryClient.getQueryData<ProjectDetailDto>(key);
    if (!now) return;
    // Undo only this patch: other tasks may have changed since.
    queryClient.setQueryData<ProjectDetailDto>(key, {
      ...now,
      tasks: now.tasks.map((task) => {
        if (!patches.has(task.id)) return task;
        return before.tasks.find((old) => old.id === task.id) ?? task;
      }),
    });
  };
}
