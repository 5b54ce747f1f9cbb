// The Gantt grid's typed cells (docs/spec/gantt-columns.md): a duration in working days ("5d", "5",
// "5 days"), a percent complete ("40", "40%"), a day ("YYYY-MM-DD", as a date input gives it). Each
// reader answers the value or the words that say what to type instead.

import { SUMMARY_CONSTRAINTS } from "../scheduling/constraint-fields";
import { type ConstraintType, DATED_CONSTRAINTS } from "../scheduling/constraints";
import { DURATION_MAX } from "../schemas/scheduling";

export type CellRead<T> = { ok: true; value: T } | { ok: false; message: string };

export const CELL_MESSAGES = {
  duration: `Enter a whole number of working days from 0 to ${DURATION_MAX}, e.g. 5d.`,
  percent: "Enter a whole number from 0 to 100.",
  day: "Enter a date.",
  constraintDate: "Choose a date for this constraint.",
  summaryConstraint: "A summary task takes only As soon as possible or Start no earlier than.",
  finishBeforeStart: "Finish must be on or after start.",
} as const;

/**
 * "5 days", "1 day", "0 days" (a milestone); null for a task without a duration.
 * @example durationText(1) // "1 day"
 */
export function durationText(duration: number | null | undefined): string | null {
  if (duration === null || duration === undefined) return null;
  return `${duration} ${duration === 1 ? "day" : "days"}`;
}

/**
 * A typed duration in working days; empty text is no duration (null), which unschedules the task.
 * @example readDuration("5d") // { ok: true, value: 5 }
 */
export function readDuration(text: string): CellRead<number | null> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  const match = /^(\d+)\s*(d|days?)?$/i.exec(trimmed);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(value) || value > DURATION_MAX) return { ok: false, message: CELL_MESSAGES.duration };
  return { ok: true, value };
}

/**
 * A typed percent complete, 0..100.
 * @example readPercent("40%") // { ok: true, value: 40 }
 */
export function readPercent(text: string): CellRead<number> {
  const match = /^(\d+)\s*%?$/.exec(text.trim());
  const value = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(value) || value > 100) return { ok: false, message: CELL_MESSAGES.percent };
  return { ok: true, value };
}

/**
 * A date input's day ("YYYY-MM-DD"); empty is refused unless `optional` (then null).
 * @example readDay("2026-05-04") // { ok: true, value: "2026-05-04" }
 */
export function readDay(text: string, optional = false): CellRead<string | null> {
  const trimmed = text.trim();
  if (trimmed === "") return optional ? { ok: true, value: null } : { ok: false, message: CELL_MESSAGES.day };
  const date = new Date(`${trimmed}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed) || Number.isNaN(date.getTime()))
    return { ok: false, message: CELL_MESSAGES.day };
  if (date.toISOString().slice(0, 10) !== trimmed) return { ok: false, message: CELL_MESSAGES.day };
  return { ok: true, value: trimmed };
}

/**
 * A constraint as chosen in its cell: a dated type needs its day, an undated one drops it; a
 * summary takes only ASAP or SNET (constraint-fields.ts).
 * @example readConstraint("SNET", "", false) // { ok: false, message: "Choose a date for this constraint." }
 */
export function readConstraint(
  type: ConstraintType,
  day: string,
  summary: boolean,
): CellRead<{ constraintType: ConstraintType; constraintDate: string | null }> {
  if (summary && !SUMMARY_CONSTRAINTS.includes(type))
    return { ok: false, message: CELL_MESSAGES.summaryConstraint };
  if (!DATED_CONSTRAINTS.includes(type))
    return { ok: true, value: { constraintType: type, constraintDate: null } };
  const read = readDay(day, true);
  if (!read.ok) return read;
  if (read.value === null) return { ok: false, message: CELL_MESSAGES.constraintDate };
  return { ok: true, value: { constraintType: type, constraintDate: read.value } };
}
