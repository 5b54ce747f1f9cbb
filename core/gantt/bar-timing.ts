// When a task's Gantt bar starts and ends.

export const DAY_MS = 24 * 60 * 60 * 1000;

type DateLike = Date | string | null | undefined;

/** The dates a bar is drawn from. */
export type BarDates = { startDate?: DateLike; snoozeUntil?: DateLike; dueDate?: DateLike };

/** Where a bar's start came from: the task's start date, its snooze date, or nothing (now). */
export type BarStartSource = "startDate" | "snoozeUntil" | "now";

export type BarTiming = {
  start: Date;
  end: Date;
  startSource: BarStartSource;
  /** True when the end is the task's due date; false when it is the one-day default. */
  endIsDueDate: boolean;
};

/**
 * A date from the wire, or null when it is missing or unreadable.
 * @example toDate("2026-05-01T00:00:00.000Z") // Date 2026-05-01
 * @example toDate("soon") // null
 */
export function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A task's bar: it starts at the start date, else the snooze date, else now; it ends at the due
 * date when that is after the start, else one day after the start.
 *
 * @example barTiming({ startDate: "2026-05-01T00:00:00Z", dueDate: "2026-05-04T00:00:00Z" }, now)
 * // { start: 2026-05-01, end: 2026-05-04, startSource: "startDate", endIsDueDate: true }
 * @example barTiming({ dueDate: "2020-01-01T00:00:00Z" }, now) // ends one day after now
 */
export function barTiming(task: BarDates, now: Date): BarTiming {
  const startDate = toDate(task.startDate);
  const snoozeUntil = toDate(task.snoozeUntil);
  const startSource: BarStartSource = startDate ? "startDate" : snoozeUntil ? "snoozeUntil" : "now";
  const start = startDate ?? snoozeUntil ?? new Date(now.getTime());
  const due = toDate(task.dueDate);
  if (due && due.getTime() > start.getTime()) return { start, end: due, startSource, endIsDueDate: true };
  return { start, end: new Date(start.getTime() + DAY_MS), startSource, endIsDueDate: false };
}
