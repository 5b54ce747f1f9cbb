// Completing a task that still waits for unfinished prerequisites asks first, in every view (list,
// graph, kanban, My Tasks, the task dialog): the server allows it, but the dependents would then
// look unblocked while their real prerequisites are open. One dialog for the app, mounted by
// AppProviders; views ask through useConfirmCompletion.
import { unfinishedPrerequisiteCounts } from "@core/graph/dependency-graph";
import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { getProjectQueryOptions } from "@/entities/project/api/get-project";
import { projectKeys } from "@/lib/api/query-keys";

export const COMPLETION_CONFIRMATION = {
  title: "Complete a waiting task?",
  description: (waitingFor: number) =>
    `This task is waiting for ${waitingFor} unfinished ${waitingFor === 1 ? "task" : "tasks"}. Complete it anyway?`,
  action: "Complete Anyway",
} as const;

type TaskRef = Pick<TaskDto, "id" | "projectId">;

/**
 * How many prerequisites of the task are unfinished. An open project's detail is current (its live
 * updates refresh it), so it is read as cached; otherwise (My Tasks) the project is fetched now.
 * Answers 0 when that fails: the server allows the completion anyway.
 */
export async function unfinishedPrerequisitesOf(queryClient: QueryClient, task: TaskRef): Promise<number> {
  const key = projectKeys.detail(task.projectId);
  const watched = (queryClient.getQueryCache().find({ queryKey: key })?.getObserversCount() ?? 0) > 0;
  const detail = watched
    ? queryClient.getQueryData<ProjectDetailDto>(key)
    : await queryClient
        .fetchQuery({ ...getProjectQueryOptions(task.projectId), staleTime: 0 })
        .catch(() => undefined);
  if (!detail) return 0;
  return unfinishedPrerequisiteCounts(detail.tasks, detail.dependencies).get(task.id) ?? 0;
}

/** Answers whether the task may be completed: at once if it waits for nothing, else the user's choice. */
type ConfirmCompletion = (task: TaskRef) => Promise<boolean>;

const ConfirmCompletionContext = React.createContext<ConfirmCompletion>(async () => true);

/**
 * The confirmation before completing a waiting task.
 *
 * @example const confirmCompletion = useConfirmCompletion();
 * if (!task.completed && !(await confirmCompletion(task))) return;
 */
export function useConfirmCompletion(): ConfirmCompletion {
  return React.useContext(ConfirmCompletionContext);
}

export function CompletionConfirmationProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = React.useState<{ waitingFor: number; answer: (yes: boolean) => void } | null>(
    null,
  );
  const confirm = React.useCallback<ConfirmCompletion>(
    async (task) => {
      const waitingFor = await unfinishedPrerequisitesOf(queryClient, task);
      if (waitingFor === 0) return true;
      return new Promise<boolean>((resolve) => setAsking({ waitingFor, answer: resolve }));
    },
    [queryClient],
  );
  const answer = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };

  return (
    <ConfirmCompletionContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && answer(false)}
        title={COMPLETION_CONFIRMATION.title}
        description={asking ? COMPLETION_CONFIRMATION.description(asking.waitingFor) : ""}
        action={COMPLETION_CONFIRMATION.action}
        tone="default"
        onConfirm={() => answer(true)}
      />
    </ConfirmCompletionContext.Provider>
  );
}
