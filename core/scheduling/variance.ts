// Variance (docs/spec/tracking.md): how far a task's schedule has moved from a compared plan (a
// saved baseline), in working days of the project's calendar, positive when it is now later than
// planned. MS Project counts its Start and Finish Variance the same way: the working days between
// the planned date and the current one, none when either is missing.
import type { WorkingCalendar } from "./calendar";

/** Dates of one side, "YYYY-MM-DD" (a date-time reads as its day); null or absent: not scheduled. */
export type PlanDates = { start: string | null; finish: string | null } | null | undefined;

/** Working days later (positive) or earlier (negative) than planned; null when a side lacks the date. */
export type ScheduleVariance = { start: number | null; finish: number | null };

/**
 * The start and finish variance of a task's schedule against the compared plan's dates for it. A
 * start is counted from the working day it falls on (or the next one), a finish from the last
 * working day on or before it, so a date moved over a weekend counts only the days worked.
 * @example scheduleVariance(calendar, { start: "2026-03-02", finish: "2026-03-09" }, { start: "2026-03-02", finish: "2026-03-04" })
 * // { start: 0, finish: 3 } with Monday to Friday worked
 */
export function scheduleVariance(
  calendar: WorkingCalendar,
  current: PlanDates,
  planned: PlanDates,
): ScheduleVariance {
  const start =
    current?.start && planned?.start
      ? calendar.dayOnOrAfter(current.start.slice(0, 10)) - calendar.dayOnOrAfter(planned.start.slice(0, 10))
      : null;
  const finish =
    current?.finish && planned?.finish
      ? calendar.dayOnOrBefore(current.finish.slice(0, 10)) -
        calendar.dayOnOrBefore(planned.finish.slice(0, 10))
      : null;
  return { start, finish };
}

/**
 * A variance in words, for a bar's description: "Finish 3 working days later than “Baseline”",
 * "Start 1 working day earlier than “Baseline”", "Finish as in “Baseline”"; null without one.
 * @example varianceWords("Finish", 3, "Baseline") // "Finish 3 working days later than “Baseline”"
 */
export function varianceWords(
  side: "Start" | "Finish",
  days: number | null,
  planName: string,
): string | null {
  if (days === null) return null;
  if (days === 0) return `${side} as in “${planName}”`;
  const count = Math.abs(days);
  return `${side} ${count} working ${count === 1 ? "day" : "days"} ${days > 0 ? "later" : "earlier"} than “${planName}”`;
}

/**
 * A variance as a list cell shows it: "+3 d", "−2 d" (a minus sign), "0 d"; null without one.
 * @example varianceText(-2) // "−2 d"
 */
export function varianceText(days: number | null): string | null {
  if (days === null) return null;
  return `${days > 0 ? "+" : days < 0 ? "\u2212" : ""}${Math.abs(days)} d`;
}
