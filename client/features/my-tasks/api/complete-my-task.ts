import type { TaskDto } from "@core/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateAfterTaskChange, projectKeys } from "@/lib/api/query-keys";
import { updateTask } from "@/lib/api/tasks/update-task";
import { COMPLETED_REFRESH_DELAY_MS, type MyTasksGroup, mapTask, setTaskCompleted } from "../my-tasks-data";

export type CompleteMyTaskVariables = { task: TaskDto; completed: boolean };

/**
 * Ticks or unticks a task in My Tasks (spec section 4): the list shows the change at once and takes
 * it back if the call fails (failures are only logged). After completing, the lists refresh 2
 * seconds later, so the tick is seen before the task leaves and its dependents arrive; after
 * un-completing, at once.
 */
export function useCompleteMyTask() {
  const queryClient = useQueryClient();
  const key = projectKeys.myTasks();

  return useMutation({
    mutationFn: ({ task, completed }: CompleteMyTaskVariables) =>
      updateTask({
        taskId: task.id,
        projectId: task.projectId,
        changes: { completed, completedAt: completed ? new Date().toISOString() : null },
      }),
    onMutate: async ({ task, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<MyTasksGroup[]>(key, (groups) =>
        setTaskCompleted(groups, task.id, completed, new Date()),
      );
    },
    onError: (error, { task }) => {
      console.error("Failed to update task", error);
      // Back to the task as it was before the tick.
      queryClient.setQueryData<MyTasksGroup[]>(key, (groups) => mapTask(groups, task.id, () => task));
    },
    onSuccess: (_task, { task, completed }) => {
      const refresh = () => void invalidateAfterTaskChange(queryClient, [task.projectId]);
      if (completed) setTimeout(refresh, COMPLETED_REFRESH_DELAY_MS);
      else refresh();
    },
  });
}
