// What the task dialog shows when someone else deleted the task while it was open: it says so, as
// the conflict notice does for a change, and the dialog keeps what the user typed; its Update
// becomes "Add as new task", which creates the task again from the form.
import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { projectKeys } from "@/lib/api/query-keys";

export const TASK_DELETED_TEXT =
  "Someone else deleted this task while it was open. What you typed is still here: copy it, or add it again as a new task.";
export const ADD_AS_NEW_TASK = "Add as new task";

/**
 * Whether the task the dialog edits is gone from its project as the page holds it (a live event
 * removed it). Reads the cached project only, never fetches: unknown is "not deleted".
 */
export function useTaskDeletedElsewhere(task: TaskDto | null, watching: boolean): boolean {
  const project = useQuery<ProjectDetailDto, Error, boolean>({
    queryKey: projectKeys.detail(task?.projectId ?? 0),
    enabled: false,
    select: (detail) => !detail.tasks.some((each) => each.id === task?.id),
  });
  return watching && task !== null && project.data === true;
}

export function TaskDeletedNotice() {
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-md border border-warning-border bg-warning-tint p-3 text-sm font-medium text-warning-tint-foreground"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 wrap-anywhere">{TASK_DELETED_TEXT}</span>
    </p>
  );
}
