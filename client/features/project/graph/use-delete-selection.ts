import { planOutline } from "@core/tasks/outline-view";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { deleteDependency } from "@/entities/dependency/api/delete-dependency";
import { DEPENDENCY_FAILURE_TITLES } from "@/entities/dependency/api/dependency-toasts";
import { deleteTask } from "@/entities/task/api/delete-task";
import { TASK_FAILURE_TITLES } from "@/entities/task/api/task-toasts";
import { patchProjectDetail } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";
import { dependenciesDeletedToast, itemsDeletedToast } from "./graph-texts";

export type GraphSelection = {
  taskIds: number[];
  dependencyIds: number[];
  /** The selected dependencies in words ('"Pack" → "Move"'), named when they go alone. */
  dependencyNames?: string[];
};

/**
 * Deletes the graph's selection: every task and dependency in parallel, then one refresh. What was
 * deleted leaves the canvas at once; 'Items deleted' counts it, and a failure shows the failure
 * toast of its kind with the server's reason (one toast at a time, so the failure wins).
 */
export function useDeleteSelection(projectId: number) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  const deleteSelection = useCallback(
    async ({ taskIds, dependencyIds, dependencyNames = [] }: GraphSelection): Promise<boolean> => {
      setDeleting(true);
      try {
        const [taskResults, dependencyResults] = await Promise.all([
          Promise.allSettled(taskIds.map((taskId) => deleteTask({ taskId, projectId }))),
          Promise.allSettled(
            dependencyIds.map((dependencyId) => deleteDependency({ dependencyId, projectId })),
          ),
        ]);
        const goneTasks = new Set(taskIds.filter((_id, index) => taskResults[index].status === "fulfilled"));
        const goneDependencies = new Set(
          dependencyIds.filter((_id, index) => dependencyResults[index].status === "fulfilled"),
        );
        patchProjectDetail(queryClient, projectId, (detail) => {
          // A deleted summary takes the tasks under it.
          const outline = planOutline(detail.tasks);
          if (outline)
            for (const id of [...goneTasks])
              for (const below of outline.descendantsOf(id)) goneTasks.add(below);
          return {
            ...detail,
            tasks: detail.tasks.filter((task) => !goneTasks.has(task.id)),
            dependencies: detail.dependencies.filter(
              (dependency) =>
                !goneDependencies.has(dependency.id) &&
                !goneTasks.has(dependency.sourceTaskId) &&
                !goneTasks.has(dependency.targetTaskId),
            ),
          };
        });
        void invalidateAfterTaskChange(queryClient, [projectId]);

        const taskFailure = taskResults.find((result) => result.status === "rejected");
        const dependencyFailure = dependencyResults.find((result) => result.status === "rejected");
        const failure = taskFailure ?? dependencyFailure;
        if (failure) {
          const title = taskFailure ? TASK_FAILURE_TITLES.delete : DEPENDENCY_FAILURE_TITLES.delete;
          console.error(title, failure.reason);
          toast({ variant: "destructive", title, description: errorMessage(failure.reason) });
          return false;
        }
        // Links alone go without a question: the toast names what went (Ctrl+Z brings it back).
        toast(
          taskIds.length === 0
            ? dependenciesDeletedToast(dependencyNames)
            : itemsDeletedToast(goneTasks.size + goneDependencies.size),
        );
        return true;
      } finally {
        setDeleting(false);
      }
    },
    [projectId, queryClient],
  );

  return { deleteSelection, deleting };
}
