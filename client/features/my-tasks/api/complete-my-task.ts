import type { TaskDto } from "@core/schemas/projects";
import { useRef } from "react";
import { setCompleted, useUpdateTask } from "@/entities/task/api/update-task";
import { useConfirmCompletion } from "@/entities/task/components/completion-confirmation";
import { COMPLETED_REFRESH_DELAY_MS } from "../my-tasks-data";

export type CompleteMyTaskVariables = { task: TaskDto; completed: boolean };
export type SetMyTaskProgressVariables = { task: TaskDto; percent: number };

/** The tick's feedback: the task stays in the list for a moment, so say what happened to it. */
export const MY_TASK_TOASTS = {
  completed: (name: string) => ({
    title: "Task completed",
    description: `"${name}" is done; the tasks waiting for it come next.`,
  }),
  reopened: (name: string) => ({ title: "Task reopened", description: `"${name}" is open again.` }),
  progress: (name: string, percent: number) => ({
    title: "Progress updated",
    description: `"${name}" is ${percent} % complete.`,
  }),
};

/**
 * Ticks or unticks a task in My Tasks, or sets its progress, through the one task write: the list (and the project, if
 * loaded) shows the change at once and takes it back if the call fails (failures are only logged);
 * a toast says it was done. Completing a task that still waits for others asks first. After
 * completing, the lists refresh 2 seconds later, so the tick is seen before the task leaves and its
 * dependents arrive; after un-completing, at once. Progress of 100 % completes the task as the tick
 * does (asking first the same way), and less reopens a completed one (docs/spec/tracking.md).
 */
export function useCompleteMyTask() {
  const confirmCompletion = useConfirmCompletion();
  // The names of the tasks ticked, for their toasts (the write itself carries only the id).
  const nameOf = useRef(new Map<number, string>()).current;
  const { mutate, isPending } = useUpdateTask({
    notifySuccess: ({ changes, taskId }) => {
      const name = nameOf.get(Number(taskId)) ?? "The task";
      if (changes.completed === undefined) return MY_TASK_TOASTS.progress(name, changes.percentComplete ?? 0);
      return changes.completed ? MY_TASK_TOASTS.completed(name) : MY_TASK_TOASTS.reopened(name);
    },
    notifyError: false,
    completedRefreshDelayMs: COMPLETED_REFRESH_DELAY_MS,
  });
  return {
    isPending,
    mutate: async ({ task, completed }: CompleteMyTaskVariables) => {
      if (completed && !(await confirmCompletion(task))) return;
      nameOf.set(task.id, task.name);
      mutate(setCompleted(task, completed));
    },
    setProgress: async ({ task, percent }: SetMyTaskProgressVariables) => {
      const completing = percent === 100 && !task.completed;
      if (completing && !(await confirmCompletion(task))) return;
      nameOf.set(task.id, task.name);
      // The completion is sent with the percent when it changes, agreeing (100 % is completed), so
      // the list shows the tick at once and refreshes as after a tick.
      const write =
        completing || (percent < 100 && task.completed)
          ? setCompleted(task, completing)
          : { taskId: task.id, projectId: task.projectId, changes: {} };
      mutate({ ...write, changes: { ...write.changes, percentComplete: percent } });
    },
  };
}
