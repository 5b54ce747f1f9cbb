// The scheduler's inputs in the task dialog (duration, Auto/Manual, constraint, deadline) and what
// it computed for the task: start, finish, total float and whether the task is critical.
import type { TaskSchedule } from "@core/schemas/scheduling";
import { useId } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { DaySpan } from "@/entities/task/components/summary-dates";
import { TaskConstraintFields } from "@/entities/task/components/task-constraint-fields";
import type { TaskForm } from "@/entities/task/components/task-form";
import { formatTaskDate } from "@/lib/task-dates";

export const SCHEDULE_TEXTS = {
  duration: "Duration (working days)",
  mode: "Scheduling mode",
  notScheduled: "Not scheduled: give the task a duration to let its dependencies set its dates.",
  critical: "Critical",
  summaryDates: "Dates",
  rollsUp: "Dates roll up from the tasks under it.",
  noDatesBelow: "None yet",
} as const;

/** "3 days of float", "1 day of float", "No float". */
export function floatText(days: number): string {
  if (days === 0) return "No float";
  if (days < 0) return `${-days} ${-days === 1 ? "day" : "days"} late`;
  return `${days} ${days === 1 ? "day" : "days"} of float`;
}

/**
 * Duration, mode and constraint, then the computed dates of a scheduled task. A summary's duration,
 * dates and mode roll up from the tasks under it (the server refuses them): it shows its rolled-up
 * dates, read-only, and keeps its start no earlier than (which every task under it honours) and its
 * deadline.
 */
export function TaskPlanFields({
  form,
  schedule,
  summary,
}: {
  form: TaskForm;
  /** The task's schedule as the server computed it; undefined for a new task. */
  schedule: TaskSchedule | null | undefined;
  /** A summary's rolled-up days (null: nothing under it has dates); undefined for any other task. */
  summary?: DaySpan | null;
}) {
  const id = useId();
  const { errors } = form.formState;
  const duration = form.watch("duration");
  const unscheduled = duration.trim() === "";
  const cell = "grid content-start gap-2";
  if (summary !== undefined) {
    return (
      <>
        <div className="grid gap-4">
          <div className={cell} data-testid="summary-dates">
            <span className="text-sm leading-none font-medium">{SCHEDULE_TEXTS.summaryDates}</span>
            <p className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span>
                {summary
                  ? `${formatTaskDate(summary.start)} – ${formatTaskDate(summary.finish)}`
                  : SCHEDULE_TEXTS.noDatesBelow}
              </span>
              {schedule?.critical && <CriticalBadge />}
            </p>
          </div>
        </div>
        <p className="text-xs text-muted-foreground">{SCHEDULE_TEXTS.rollsUp}</p>
        <TaskConstraintFields form={form} summary />
      </>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id={`${id}-duration`}
          label={SCHEDULE_TEXTS.duration}
          error={errors.duration?.message}
          className={cell}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              placeholder="None"
              autoComplete="off"
              {...form.register("duration")}
            />
          )}
        </FormField>
        <FormField id={`${id}-mode`} label={SCHEDULE_TEXTS.mode} className={cell}>
          {(control) => (
            <NativeSelect {...control} {...form.register("schedulingMode")}>
              <option value="auto" title="Its dependencies set its dates">
                Auto
              </option>
              <option value="manual" title="It keeps the dates you give it">
                Manual
              </option>
            </NativeSelect>
          )}
        </FormField>
      </div>
      <TaskConstraintFields form={form} />
      {schedule ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="task-schedule">
          <span>
            Scheduled {formatTaskDate(schedule.start)} – {formatTaskDate(schedule.finish)}
          </span>
          <span className="text-muted-foreground">{floatText(schedule.totalFloat)}</span>
          {schedule.critical && <CriticalBadge />}
        </p>
      ) : (
        unscheduled && <p className="text-xs text-muted-foreground">{SCHEDULE_TEXTS.notScheduled}</p>
      )}
    </>
  );
}

function CriticalBadge() {
  return (
    <span className="rounded bg-danger-tint px-1.5 py-0.5 text-xs font-medium text-danger-tint-foreground">
      {SCHEDULE_TEXTS.critical}
    </span>
  );
}
