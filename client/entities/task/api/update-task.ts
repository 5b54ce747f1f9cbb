// The one way a view writes a task (PUT /api/tasks/{id}): the list's and the graph's complete
// toggles, kanban drops, Gantt bar edits, My Tasks' ticks and the task dialog all go through
// useUpdateTask. The change shows at once wherever the task is cached, goes back if the call fails,
// and what the server stored replaces it in the refresh after.
import { apiRoutes } from "@core/api/routes";
import type { TaskDto } from "@core/schemas/projects";
import type { TaskChanges } from "@core/schemas/tasks";
import {
  type QueryClient,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { ScheduleWrite } from "@/entities/schedule/api/preview-schedule";
import {
  type ShownTaskWrite,
  showTaskWrite,
  type TaskPatch,
} from "@/entities/task/api/optimistic-task-write";
import { parseTaskId } from "@/entities/task/api/task-id";
import { isMove, TASK_FAILURE_TITLES, type ToastText, updateToast } from "@/entities/task/api/task-toasts";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { ApiError, requestJson } from "@/lib/api-client";

export type UpdateTaskVariables = {
  taskId: number | string;
  /** The project the task is in before the update, to tell a move and refresh that project. */
  projectId: number;
  /** Only the fields that change; `projectId` among them moves the task. */
  changes: TaskChanges;
  /**
   * The task's `updatedAt` as the writer saw it: the write then applies only if nobody changed the
   * task since, else it fails with a StaleTaskError (the task dialog sends it).
   */
  baseUpdatedAt?: string;
};

/**
 * The request of a task update, which a schedule preview sends too, as its dry run. A non-numeric
 * id fails before any call.
 */
export function updateTaskRequest({
  taskId,
  changes,
  baseUpdatedAt,
}: Pick<UpdateTaskVariables, "taskId" | "changes" | "baseUpdatedAt">): ScheduleWrite {
  return {
    method: "PUT",
    url: apiRoutes.task.url({ id: parseTaskId(taskId) }),
    body: { ...changes, baseUpdatedAt },
  };
}

/** PUT /api/tasks/{id} with the changed fields. A non-numeric id fails before any call. */
export async function updateTask(variables: UpdateTaskVariables): Promise<TaskDto> {
  const { method, url, body } = updateTaskRequest(variables);
  return requestJson<TaskDto>(method, url, body);
}

/**
 * The task as it is now, when `error` is the refusal of a write made on an older version of it
 * (409 `stale`); null for any other error.
 */
export function staleTaskOf(error: unknown): TaskDto | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== "stale") return null;
  const task = error.body.task;
  return task && typeof task === "object" ? (task as TaskDto) : null;
}

/** The completion of a task as written: `completedAt` is the moment it was completed, or null. */
export type CompletionChanges = { completed: boolean; completedAt: string | null };

/**
 * The write that marks a task completed (at `now`) or not: the only place the completed and
 * completedAt pair is built.
 *
 * @example setCompleted(task, true) // { taskId: task.id, projectId: task.projectId, changes: { completed: true, completedAt: "2026-..." } }
 */
export function setCompleted(
  task: Pick<TaskDto, "id" | "projectId">,
  completed: boolean,
  now: Date = new Date(),
): UpdateTaskVariables & { changes: CompletionChanges } {
  return {
    taskId: task.id,
    projectId: task.projectId,
    changes: { completed, completedAt: completed ? now.toISOString() : null },
  };
}

/**
 * The write that flips a task's completion (a checkbox, a graph card's toggle).
 *
 * @example updateTask.mutate(toggleCompleted(task))
 */
export function toggleCompleted(
  task: Pick<TaskDto, "id" | "projectId" | "completed">,
  now: Date = new Date(),
): UpdateTaskVariables & { changes: CompletionChanges } {
  return setCompleted(task, !task.completed, now);
}

export type UpdateTaskOptions = {
  /**
   * The success toast: true (the default) for the one updateToast picks (none for layout-only
   * changes), false for none, or a view's own words (none when it answers null).
   */
  notifySuccess?: boolean | ((variables: UpdateTaskVariables) => ToastText | null);
  /**
   * The failure toast: true (the default) for 'Failed to update task' with the error, false for
   * none (completion toggles and bar edits, whose failures are only logged), or a view's own words.
   * Failures are logged either way.
   */
  notifyError?: boolean | ToastText;
  /**
   * After completing a task, refresh this much later instead of at once (My Tasks: so the tick is
   * seen before the task leaves the list and its dependents arrive).
   */
  completedRefreshDelayMs?: number;
};

/** What onMutate hands the other callbacks: the change shown in the cache, if any. */
export type UpdateTaskContext = { shown: ShownTaskWrite | null };

/**
 * The change as the cache shows it before the server answers; null when it is not shown at once:
 * a move to another project (the task leaves this project and joins one whose data may not be
 * loaded; the refresh after shows it), or an id that is not a task's (the call fails anyway).
 */
export function optimisticPatch({ taskId, projectId, changes }: UpdateTaskVariables): TaskPatch | null {
  if (isMove(changes, projectId)) return null;
  try {
    parseTaskId(taskId);
  } catch {
    return null;
  }
  return changes as TaskPatch;
}

/**
 * The mutation behind useUpdateTask, without React: shows the change at once (optimisticPatch,
 * showTaskWrite), toasts as `options` say, rolls back a failure, then refreshes the project lists,
 * My Tasks and the project(s) the task was in and went to, failed writes included (the refetch
 * puts back anything the rollback could not tell).
 */
export function updateTaskMutationOptions(
  queryClient: QueryClient,
  { notifySuccess = true, notifyError = true, completedRefreshDelayMs = 0 }: UpdateTaskOptions = {},
): UseMutationOptions<TaskDto, Error, UpdateTaskVariables, UpdateTaskContext> {
  return {
    mutationFn: updateTask,
    meta: {
      notices: {
        success: (_task, variables) => {
          const { changes, projectId } = variables as UpdateTaskVariables;
          if (typeof notifySuccess === "function") return notifySuccess(variables as UpdateTaskVariables);
          return notifySuccess ? updateToast(changes, projectId) : null;
        },
        failure: notifyError === true ? TASK_FAILURE_TITLES.update : notifyError || undefined,
        logAs: TASK_FAILURE_TITLES.update,
      },
    },
    onMutate: (variables) => {
      const patch = optimisticPatch(variables);
      const shown = patch
        ? showTaskWrite(queryClient, {
            taskId: Number(variables.taskId),
            projectId: variables.projectId,
            patch,
          })
        : null;
      return { shown };
    },
    onError: (_error, _variables, context) => {
      context?.shown?.rollback();
    },
    onSettled: async (_task, error, { projectId, changes }, context) => {
      context?.shown?.release();
      const refresh = () => invalidateAfterTaskChange(queryClient, [projectId, changes.projectId]);
      if (!error && changes.completed === true && completedRefreshDelayMs > 0) {
        setTimeout(() => void refresh(), completedRefreshDelayMs);
        return;
      }
      await refresh();
    },
  };
}

/**
 * Updates a task, shown at once and rolled back on failure, then refreshed (see
 * updateTaskMutationOptions). The mutation stays pending until the refresh has landed.
 *
 * @example const update = useUpdateTask({ notifyError: false }); update.mutate(toggleCompleted(task));
 */
export function useUpdateTask(options: UpdateTaskOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation(updateTaskMutationOptions(queryClient, options));
}
