import type { ProjectCalendar } from "@core/scheduling/calendar";
import type { TaskSchedule } from "@core/schemas/scheduling";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { dueMovedWithStart, isAutoScheduled } from "@/entities/task/components/start-of-auto-task";
import type { DaySpan } from "@/entities/task/components/summary-dates";
import type { TaskForm } from "@/entities/task/components/task-form";
import { TaskPlanFields } from "@/entities/task/components/task-plan-fields";
import { TaskProgressFields } from "@/entities/task/components/task-progress-fields";

const DATE_FIELDS = [
  { name: "snoozeUntil", label: "Snooze Until" },
  { name: "startDate", label: "Start Date" },
  { name: "dueDate", label: "Due Date" },
] as const;

type DateField = (typeof DATE_FIELDS)[number]["name"];
/** Where each date field's value is in `form.watch`'s answer. */
const DATE_INDEX: Record<DateField, number> = { snoozeUntil: 0, startDate: 1, dueDate: 2 };

// The date rules (due on or after snooze and start, snooze on or after start) tie the dates
// together: changing one re-checks the others.
const RELATED: Record<DateField, DateField[]> = {
  snoozeUntil: ["dueDate"],
  startDate: ["snoozeUntil", "dueDate"],
  dueDate: ["snoozeUntil"],
};

export const START_BECAME_CONSTRAINT =
  "This task is scheduled automatically: the start you typed is now its Start no earlier than, and its due date moved with it.";

/**
 * The Scheduling section: duration, mode and constraint with the computed dates, then snooze until,
 * start date and due date, each with a Clear button. A start typed for an auto-scheduled task
 * becomes its start-no-earlier-than and moves its due date with it (its duration kept), and says so.
 * A summary offers its start no earlier than and snooze until alone, and shows its rolled-up dates.
 * Then the task's progress: percent complete and actual dates, or a summary's rolled-up percent.
 */
export function TaskSchedulingFields({
  form,
  disabled,
  schedule,
  calendar,
  summary,
  rolledUpPercent,
}: {
  form: TaskForm;
  disabled?: boolean;
  schedule?: TaskSchedule | null;
  /** The project's working calendar, to move a due date by working days. */
  calendar?: ProjectCalendar;
  /** A summary's rolled-up days (null: none yet); undefined for any other task. */
  summary?: DaySpan | null;
  /** A summary's progress, rolled up from the tasks under it; undefined for any other task. */
  rolledUpPercent?: number;
}) {
  const id = useId();
  const { errors, isSubmitted } = form.formState;
  const values = form.watch(["snoozeUntil", "startDate", "dueDate"]);
  // The start as the form last showed it (kept after every render, so a reset is followed too).
  const startBefore = useRef(values[1]);
  useEffect(() => {
    startBefore.current = values[1];
  });
  const [startBecameConstraint, setStartBecameConstraint] = useState(false);
  // A summary's start and due roll up from the tasks under it.
  const dateFields =
    summary === undefined ? DATE_FIELDS : DATE_FIELDS.filter(({ name }) => name === "snoozeUntil");
  const startTyped = (start: string) => {
    const previous = startBefore.current;
    startBefore.current = start;
    if (!isAutoScheduled(form.getValues()) || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return;
    const due = dueMovedWithStart(previous, form.getValues("dueDate"), start, calendar);
    if (due) form.setValue("dueDate", due, { shouldDirty: true });
    form.setValue("constraintType", "SNET", { shouldDirty: true });
    form.setValue("constraintDate", start, { shouldDirty: true });
    setStartBecameConstraint(true);
    if (isSubmitted) void form.trigger(["startDate", ...RELATED.startDate]);
  };

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">Scheduling</legend>
      <TaskPlanFields form={form} schedule={schedule} summary={summary} />
      <div className="grid gap-4 sm:grid-cols-3">
        {dateFields.map(({ name, label }) => (
          <FormField
            key={name}
            id={`${id}-${name}`}
            label={label}
            error={errors[name]?.message}
            className="grid content-start gap-2"
            labelAction={
              !disabled && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-6 px-2 text-xs text-muted-foreground"
                  aria-label={`Clear ${label}`}
                  disabled={!values[DATE_INDEX[name]]}
                  onClick={() => {
                    form.setValue(name, "", { shouldDirty: true });
                    if (isSubmitted) void form.trigger([name, ...RELATED[name]]);
                  }}
                >
                  Clear
                </Button>
              )
            }
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                {...form.register(name, {
                  deps: RELATED[name],
                  onChange: name === "startDate" ? (event) => startTyped(event.target.value) : undefined,
                })}
              />
            )}
          </FormField>
        ))}
      </div>
      {(summary === undefined || rolledUpPercent !== undefined) && (
        <TaskProgressFields form={form} rolledUpPercent={rolledUpPercent} />
      )}
      {startBecameConstraint && (
        <p role="status" className="text-xs text-muted-foreground">
          {START_BECAME_CONSTRAINT}
        </p>
      )}
    </fieldset>
  );
}
