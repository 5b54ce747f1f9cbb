// A start typed for an auto-scheduled task in the dialog (docs/decisions/024-scheduling.md): the
// scheduler
// sets such a task's dates, so a typed start is its start-no-earlier-than, and its due date moves
// with it, its duration kept, as dragging its bar in the Gantt does. These are the dialog's rules
// for that; the server plans the same (core/scheduling/plan.ts, planTaskWrite).
import { epochDayOf, isoDateOf, type ProjectCalendar, WorkingCalendar } from "@core/scheduling/calendar";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A project's working calendar, when the page holds the project (its fields as the API answers them). */
export const calendarOf = (
  project: { startDate: string; workingDays?: number[] | null; holidays?: string[] | null } | undefined,
): ProjectCalendar | undefined =>
  project
    ? {
        startDate: project.startDate,
        workingDays: project.workingDays ?? [1, 2, 3, 4, 5],
        holidays: project.holidays ?? [],
      }
    : undefined;

/** Whether the form's values describe a task the scheduler dates: Auto, with a duration. */
export const isAutoScheduled = (values: { schedulingMode: string; duration: string }) =>
  values.schedulingMode === "auto" && values.duration.trim() !== "";

/**
 * The due date that keeps the task's length when its start moves: as many working days after the
 * new start as it had after the old one (on `calendar`; calendar days without one). Null when a
 * date is missing or not a day.
 * @example dueMovedWithStart("2026-11-23", "2026-11-25", "2026-11-26", calendar) // "2026-11-30"
 */
export function dueMovedWithStart(
  previousStart: string,
  previousDue: string,
  nextStart: string,
  calendar?: ProjectCalendar,
): string | null {
  if (![previousStart, previousDue, nextStart].every((day) => DAY.test(day))) return null;
  if (!calendar)
    return isoDateOf(epochDayOf(nextStart) + epochDayOf(previousDue) - epochDayOf(previousStart));
  const working = new WorkingCalendar(calendar);
  const span = Math.max(0, working.dayOnOrBefore(previousDue) - working.dayOnOrAfter(previousStart));
  return working.dateOf(working.dayOnOrAfter(nextStart) + span);
}
