import type { TaskDto } from "@core/schemas/projects";
import { setCompleted, useUpdateTask } from "@/lib/api/tasks/update-task";
import { COMPLETED_REFRESH_DELAY_MS } from "../my-tasks-data";

export type CompleteMyTaskVariables = { task: TaskDto; completed: boolean };

/**
 * Ticks or unticks a task in My Tasks, through the one task write: the list (and the project, if
 * loaded) shows the change at once and takes it back if the call fails (failures are only logged;
 * no toast either way). After completing, the lists refresh 2 seconds later, so the tick is seen
 * before the task leaves and its dependents arrive; after un-completing, at once.
 */
export function useCompleteMyTask() {
  const { mutate, isPending } = useUpdateTask({
    notifySuccess: false,
    notifyError: false,
    completedRefreshDelayMs: COMPLETED_REFRESH_DELAY_MS,
  });
  return {
    isPending,
    mutate: ({ task, completed }: CompleteMyTaskVariables) => mutate(setCompleted(task, completed)),
  };
}
