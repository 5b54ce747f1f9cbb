// Dragging a Gantt bar (both dates move) and resizing it by its edge handles.
import { addDays, startOfDay } from "date-fns";
import { taskDateProblems } from "../schemas/tasks";
import { type BarDates, barTiming, toDate } from "./bar-timing";

/** The date fields a bar edit writes. Missing fields do not change. */
export type BarDateChanges = { startDate?: Date; snoozeUntil?: Date; dueDate?: Date };

export type BarEditResult = { ok: true; changes: BarDateChanges } | { ok: false; message: string };

/** Why a resize is refused (the start stays before the end). */
export const BAR_EDIT_MESSAGES = {
  startNotBeforeEnd: "The start date must be before the end date.",
  endNotAfterStart: "The end date must be after the start date.",
} as const;

/**
 * The local midnight nearest to `date`: task dates are calendar days
 * (docs/decisions/014-tasks-in-the-client.md).
 * @example snapToDay(new Date(2026, 4, 1, 13)) // May 2, 00:00
 */
export function snapToDay(date: Date): Date {
  return startOfDay(new Date(date.getTime() + 12 * 60 * 60 * 1000));
}

/**
 * Dragging the whole bar `days` calendar days: every date the task has moves by that much, so the
 * order between them (and the date rules) hold. A bar that starts "now" (no start or snooze date)
 * gets a start date on the day it was dropped, and a due date already past becomes the day after.
 *
 * @example moveBar({ startDate: "2026-05-01", dueDate: "2026-05-04" }, 2, now)
 * // { startDate: May 3, dueDate: May 6 }
 */
export function moveBar(task: BarDates, days: number, now: Date): BarDateChanges {
  if (days === 0) return {};
  const changes: BarDateChanges = {};
  const startDate = toDate(task.startDate);
  const snoozeUntil = toDate(task.snoozeUntil);
  const dueDate = toDate(task.dueDate);
  if (startDate) changes.startDate = addDays(startDate, days);
  if (snoozeUntil) changes.snoozeUntil = addDays(snoozeUntil, days);
  if (!startDate && !snoozeUntil) {
    const start = addDays(startOfDay(now), days);
    changes.startDate = start;
    // A due date already past is not drawn (the bar is the one-day default): the moved bar's end becomes it.
    if (dueDate && !barTiming(task, now).endIsDueDate) changes.dueDate = addDays(start, 1);
    else if (dueDate) changes.dueDate = addDays(dueDate, days);
    return changes;
  }
  if (dueDate) changes.dueDate = addDays(dueDate, days);
  return changes;
}

/**
 * Dragging the start handle to `newStart` (snapped to a day): accepted only when it is earlier than
 * the bar's end. When the end was the one-day default, the end is written as the due date so the
 * bar stretches rather than slides.
 *
 * @example resizeStart({ startDate: "2026-05-03", dueDate: "2026-05-06" }, new Date(2026, 4, 1), now)
 * // { ok: true, changes: { startDate: May 1 } }
 */
export function resizeStart(task: BarDates, newStart: Date, now: Date): BarEditResult {
  const timing = barTiming(task, now);
  const start = snapToDay(newStart);
  const end = timing.endIsDueDate ? timing.end : snapToDay(timing.end);
  if (start.getTime() >= end.getTime()) return { ok: false, message: BAR_EDIT_MESSAGES.startNotBeforeEnd };
  const changes: BarDateChanges = { startDate: start };
  if (!timing.endIsDueDate) changes.dueDate = end;
  return checked(task, changes);
}

/**
 * Dragging the end handle to `newEnd` (snapped to a day): accepted only when it is later than the
 * bar's start; it becomes the due date.
 *
 * @example resizeEnd({ startDate: "2026-05-03", dueDate: "2026-05-06" }, new Date(2026, 4, 2), now)
 * // { ok: false, message: "The end date must be after the start date." }
 */
export function resizeEnd(task: BarDates, newEnd: Date, now: Date): BarEditResult {
  const timing = barTiming(task, now);
  const end = snapToDay(newEnd);
  if (end.getTime() <= timing.start.getTime())
    return { ok: false, message: BAR_EDIT_MESSAGES.endNotAfterStart };
  return checked(task, { dueDate: end });
}

/**
 * The task's dates after `changes` must still keep the date rules (which the server enforces too):
 * the first broken rule's own message refuses the edit.
 *
 * @example checked({ snoozeUntil: "2026-05-02" }, { startDate: new Date(2026, 4, 5) })
 * // { ok: false, message: "Snooze until date must be on or after the start date" }
 */
export function checked(task: BarDates, changes: BarDateChanges): BarEditResult {
  const [problem] = taskDateProblems({ ...task, ...changes });
  return problem ? { ok: false, message: problem.message } : { ok: true, changes };
}

/**
 * Whether an edit would change nothing, so no call is made.
 * @example isNoChange({ dueDate: "2026-05-06T00:00:00.000Z" }, { dueDate: new Date("2026-05-06T00:00:00.000Z") }) // true
 */
export function isNoChange(task: BarDates, changes: BarDateChanges): boolean {
  return (Object.keys(changes) as (keyof BarDateChanges)[]).every(
    (field) => toDate(task[field])?.getTime() === changes[field]?.getTime(),
  );
}
