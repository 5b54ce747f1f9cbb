// Why this date, in the task dialog (docs/spec/constraints.md): what sets the task's start in words,
// a warning when a constraint or deadline of it is missed (with how late it is), and a button that
// shows the chain of links driving its start in the project's views.

import { scheduleWarning, startReason } from "@core/scheduling/start-reason";
import type { ScheduledTaskDto } from "@core/schemas/projects";
import { useQuery } from "@tanstack/react-query";
import { Route, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { getProjectQueryOptions } from "@/entities/project/api/get-project";

export const START_REASON_TEXTS = {
  region: "Why this date",
  showDrivingPath: "Show driving path",
} as const;

/**
 * The task's why-line, conflict and driving-path button; nothing for a task without a schedule.
 * The schedule is read from the project as the page holds it (live), else from the task given.
 */
export function TaskStartReason({
  task,
  onShowDrivingPath,
}: {
  task: ScheduledTaskDto;
  /** Shows the driving path; no button without it. */
  onShowDrivingPath?: () => void;
}) {
  const detail = useQuery(getProjectQueryOptions(task.projectId));
  const tasks = detail.data?.tasks ?? [];
  const live = tasks.find((each) => each.id === task.id);
  const current = live ?? task;
  const schedule = current.schedule;
  if (!schedule) return null;
  const reason = startReason(current, tasks, detail.data?.dependencies ?? [], new Date().getFullYear());
  const warning = scheduleWarning(schedule);
  return (
    <section aria-label={START_REASON_TEXTS.region} className="grid gap-2 text-sm">
      {warning && (
        <div
          role="alert"
          data-testid="schedule-conflict"
          className="flex gap-2 rounded-md border border-danger-border bg-danger-tint p-3 text-danger-tint-foreground"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p className="min-w-0 wrap-anywhere">
            {warning.reason && <span>{warning.reason} </span>}
            {warning.late && (
              <span className="font-medium">
                {warning.reason ? `${capitalised(warning.late)}.` : `This task is ${warning.late}.`}
              </span>
            )}
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {reason && (
          <p className="min-w-0 text-muted-foreground wrap-anywhere" data-testid="start-reason">
            {reason}
          </p>
        )}
        {onShowDrivingPath && (
          <Button type="button" variant="outline" size="sm" onClick={onShowDrivingPath}>
            <Route aria-hidden />
            {START_REASON_TEXTS.showDrivingPath}
          </Button>
        )}
      </div>
    </section>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
