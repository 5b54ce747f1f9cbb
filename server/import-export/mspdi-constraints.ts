// MS Project's constraints and deadlines in MSPDI (docs/spec/import-export.md, "Constraints and
// deadlines"): a task's ConstraintType code, its ConstraintDate and its Deadline, both date-times.
// A start type's date is the day the task starts; a finish type's and a deadline's is the last
// day worked, so one written at (or before) the first working hour of its day, as MS Project's
// "Mon 08:00" for the end of Friday, is the working day before. The writer puts a start type at
// 08:00 and a finish type and a deadline at 17:00, the hours of its one "Standard" calendar.
import { epochDayOf, isoDateOf, type WorkingCalendar } from "@core/scheduling/calendar";
import { type ConstraintType, DATED_CONSTRAINTS } from "@core/scheduling/constraints";
import { isRealDay } from "./imported-constraints";
import { dateOutOfRange, YEAR_OUT_OF_RANGE } from "./imported-plan";
import type { MspdiCalendar } from "./mspdi-calendar";
import { weekdayOf } from "./mspdi-calendar";
import { text, type XmlElement } from "./xml";

/** MSPDI's ConstraintType codes: 0 = ASAP, 1 = ALAP, 2 = MSO, 3 = MFO, 4 = SNET, 5 = SNLT, 6 = FNET, 7 = FNLT. */
export const MSPDI_CONSTRAINT_TYPES: readonly ConstraintType[] = [
  "ASAP",
  "ALAP",
  "MSO",
  "MFO",
  "SNET",
  "SNLT",
  "FNET",
  "FNLT",
];
const CODES = new Map(MSPDI_CONSTRAINT_TYPES.map((type, code) => [type, code]));
/** The types whose date is the day a task starts; the others' is its last day worked. */
const START_TYPES = new Set<ConstraintType>(["SNET", "SNLT", "MSO"]);

/** A task's constraint and deadline as a row says them, and a ConstraintType the reader does not know. */
export type MspdiConstraint = {
  /** SNET's date again, as every reader says it. */
  startNoEarlierThan: string | null;
  constraintType: ConstraintType;
  constraintDate: string | null;
  deadline: string | null;
  /** The row's ConstraintType when it is no code 0..7 (the constraint is then dropped). */
  unknownCode: string | null;
};

export type Calendars = { calendar: MspdiCalendar; working: WorkingCalendar };

/**
 * The day of an MSPDI date-time, as a start (its own day) or a finish (the working day before
 * when it is at or before its day's first working hour); a text whose date is no day is passed on
 * as it is, for the import to drop with a warning. Null when the row has none.
 */
export function dayOf(
  value: string | null,
  finish: boolean,
  { calendar, working }: Calendars,
): string | null {
  if (value === null || value.trim() === "") return null;
  const day = value.trim().slice(0, 10);
  if (!isRealDay(day)) return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : value.trim();
  const time = value.trim().slice(11, 19);
  const epochDay = epochDayOf(day);
  if (!finish || time === "" || time > calendar.dayStartOf(weekdayOf(epochDay))) return day;
  return working.dateOf(working.dayOnOrBefore(isoDateOf(epochDay - 1)));
}

/**
 * A task row's constraint and deadline. A year past 9999 (or 0) refuses the file, as other dates
 * do; an ASAP or ALAP row's ConstraintDate means nothing (ProjectLibre writes 1970-01-01 on every
 * row) and is not read.
 */
export function readConstraint(element: XmlElement, taskName: string, calendars: Calendars): MspdiConstraint {
  const codeText = text(element, "ConstraintType");
  const code = codeText === null ? 0 : Number(codeText);
  const known = Number.isInteger(code) ? MSPDI_CONSTRAINT_TYPES[code] : undefined;
  const constraintType = known ?? "ASAP";
  const dated = DATED_CONSTRAINTS.includes(constraintType);
  const dateText = dated ? text(element, "ConstraintDate") : null;
  const deadlineText = text(element, "Deadline");
  for (const [value, field] of [
    [dateText, "constraintDate"],
    [deadlineText, "deadline"],
  ] as const)
    if (value !== null && YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(taskName, field, value);
  const constraintDate = dated ? dayOf(dateText, !START_TYPES.has(constraintType), calendars) : null;
  return {
    startNoEarlierThan: constraintType === "SNET" ? constraintDate : null,
    constraintType,
    constraintDate,
    deadline: dayOf(deadlineText, true, calendars),
    unknownCode: known === undefined ? codeText : null,
  };
}

/** The constraint a task of an export holds: SNET when only its startNoEarlierThan says it. */
function constraintOf(task: {
  constraintType?: ConstraintType;
  constraintDate?: string | null;
  startNoEarlierThan: string | null;
}): { type: ConstraintType; date: string | null } {
  const type = task.constraintType ?? "ASAP";
  if (type === "ASAP" && task.startNoEarlierThan) return { type: "SNET", date: task.startNoEarlierThan };
  return { type, date: DATED_CONSTRAINTS.includes(type) ? (task.constraintDate ?? null) : null };
}

/**
 * A task row's ConstraintType, ConstraintDate and Deadline, in the schema's order (they follow
 * PercentComplete, and come before Notes).
 */
export function constraintFields(task: {
  constraintType?: ConstraintType;
  constraintDate?: string | null;
  startNoEarlierThan: string | null;
  deadline?: string | null;
}): XmlElement {
  const { type, date } = constraintOf(task);
  const fields: XmlElement = { ConstraintType: String(CODES.get(type) ?? 0) };
  if (date) fields.ConstraintDate = `${date.slice(0, 10)}T${START_TYPES.has(type) ? "08" : "17"}:00:00`;
  if (task.deadline) fields.Deadline = `${task.deadline.slice(0, 10)}T17:00:00`;
  return fields;
}
