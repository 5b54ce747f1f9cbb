// Reading the cells of a task-list CSV: statuses, yes/no, dates, durations and MS Project style
// predecessors, as other tools write them; and the formula neutralising our export applies.
import { epochDayOf, isoDateOf } from "@core/scheduling/calendar";
import type { DependencyType } from "@core/scheduling/engine";
import type { StoredTaskStatus } from "@core/tasks/status";
import { isValid, parse, parseISO } from "date-fns";
import { wholeWorkingDays } from "./whole-days";

/** Header text compared without case, spaces, underscores or hyphens ("Due_Date" = "due date"). */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, "");

const STATUS_WORDS: Record<string, StoredTaskStatus> = {};
const addWords = (status: StoredTaskStatus, words: string) => {
  for (const word of words.split(",")) STATUS_WORDS[word] = status;
};
addWords("not-started", "todo,to do,open,backlog,not started,new,pending,normal,planned,unstarted");
addWords("in-progress", "in progress,inprogress,doing,started,active,wip,in review,review");
// TickTick marks completed tasks it has archived "Archived" (status 2 in its legend).
addWords("completed", "done,completed,complete,closed,resolved,finished,archived");
addWords("blocked", "blocked,on hold,waiting");

/**
 * The status a cell names, null when it names none we know. `legend` maps codes to words, as the
 * TickTick preamble does ("0 Normal", "1 Completed", "2 Archived").
 * @example statusOf("In Progress", new Map()) // "in-progress"
 */
export function statusOf(value: string, legend: ReadonlyMap<string, string>): StoredTaskStatus | null {
  const word = (legend.get(value.trim()) ?? value)
    .toLowerCase()
    .replace(/[-_\s]+/g, " ")
    .trim();
  return STATUS_WORDS[word] ?? null;
}

const TRUE = new Set(["true", "yes", "y", "1", "x", "done", "completed", "checked", "✓", "✔"]);
const FALSE = new Set(["", "false", "no", "n", "0", "unchecked", "-"]);

/** true or false for a yes/no cell, null when it is neither. */
export function booleanOf(value: string): boolean | null {
  const word = value.trim().toLowerCase();
  return TRUE.has(word) ? true : FALSE.has(word) ? false : null;
}

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const REFERENCE = new Date(2000, 0, 1);
const NUMERIC_FORMATS: [RegExp, string[]][] = [
  [/^\d{4}\/\d{1,2}\/\d{1,2}\b/, ["yyyy/M/d", "yyyy/M/d H:mm", "yyyy/M/d H:mm:ss"]],
  // Month first as the US writes it; day first when the month cannot be one.
  [
    /^\d{1,2}\/\d{1,2}\/\d{4}\b/,
    [
      "M/d/yyyy",
      "M/d/yyyy H:mm",
      "M/d/yyyy H:mm:ss",
      "M/d/yyyy h:mm a",
      "M/d/yyyy h:mm:ss a",
      "d/M/yyyy",
      "d/M/yyyy H:mm",
    ],
  ],
  [/^\d{1,2}\.\d{1,2}\.\d{4}\b/, ["d.M.yyyy", "d.M.yyyy H:mm", "d.M.yyyy H:mm:ss"]],
];
/** RFC 2822 and its relatives with a zone: an instant. */
const ZONED_FORMATS = ["EEE, d MMM yyyy HH:mm:ss xx", "EEE, d MMM yyyy HH:mm xx", "d MMM yyyy HH:mm:ss xx"];
/** Written-out days with no zone (Jira's "16/Jan/24 3:00 PM" among them). */
const TEXT_FORMATS = [
  "EEE, d MMM yyyy",
  "EEE, d MMM yyyy HH:mm:ss",
  "d MMM yyyy",
  "d MMM yyyy HH:mm",
  "d MMMM yyyy",
  "MMM d, yyyy",
  "MMMM d, yyyy",
  "EEEE, MMMM d, yyyy",
  "MMM d yyyy",
  "EEE MMM d yyyy",
  "d-MMM-yyyy",
  "d/MMM/yy",
  "d/MMM/yy h:mm a",
];

const localDay = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, "0")}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/**
 * "YYYY-MM-DD" of a date cell, null when it cannot be read. A date-time with a zone is an instant:
 * its day is that of its nearest UTC midnight, the project's rule (TickTick writes an all-day
 * 12 December in Berlin as 2018-12-11T23:00:00+0000); without a zone, the day as written.
 * @example dayOf("25.12.2024") // "2024-12-25"
 */
export function dayOf(value: string): string | null {
  const cell = value.trim();
  const iso = ISO.exec(cell);
  if (iso) {
    const date = parseISO(cell.replace(/\s+(?=[Zz+-]\d*:?\d*$)/, ""));
    if (!isValid(date)) return null;
    return iso[1] ? isoDateOf(epochDayOf(date)) : cell.slice(0, 10);
  }
  for (const [pattern, formats] of NUMERIC_FORMATS) {
    if (!pattern.test(cell)) continue;
    for (const format of formats) {
      const date = parse(cell, format, REFERENCE);
      if (isValid(date)) return localDay(date);
    }
    return null;
  }
  if (!/[a-z]/i.test(cell)) return null;
  const zoned = cell.replace(/\s+(GMT|UTC|UT|Z)$/i, " +0000");
  for (const format of ZONED_FORMATS) {
    const date = parse(zoned, format, REFERENCE);
    if (isValid(date)) return isoDateOf(epochDayOf(date));
  }
  for (const format of TEXT_FORMATS) {
    const date = parse(cell, format, REFERENCE);
    if (isValid(date)) return localDay(date);
  }
  return null;
}

/** Days in one unit: 8 hours a day, 5 days a week, 20 a month (MS Project's defaults). */
const UNIT_DAYS: Record<string, number> = {};
const addUnits = (days: number, units: string) => {
  for (const unit of units.split(",")) UNIT_DAYS[unit] = days;
};
addUnits(1, ",d,dy,dys,day,days,ed,edays");
addUnits(1 / 8, "h,hr,hrs,hour,hours");
addUnits(5, "w,wk,wks,week,weeks");
addUnits(20, "mo,mon,mons,month,months");
addUnits(1 / 480, "m,min,mins,minute,minutes");

/** A number of days from "2", "2.5", "-1" and a unit ("d", "days", "16h", "2w"); null if unreadable. */
function daysOf(amount: string, unit: string): number | null {
  const perUnit = UNIT_DAYS[unit.toLowerCase()];
  const number = Number(amount.replace(",", "."));
  return perUnit === undefined || !Number.isFinite(number) ? null : number * perUnit;
}

/**
 * Working days of a duration cell ("5", "5d", "5 days", "16h", "2w", MS Project's "3 days?"),
 * null when it cannot be read. Part of a day is rounded up to a whole one: a 4-hour task takes a day.
 * @example durationOf("16h") // 2
 * @example durationOf("14.29 days") // 15
 */
export function durationOf(value: string): number | null {
  const match = /^\+?(\d+(?:[.,]\d+)?)\s*([a-z]*)\s*\??$/i.exec(value.trim());
  const days = match ? daysOf(match[1], match[2]) : null;
  return days === null ? null : wholeWorkingDays(days);
}

export type Predecessor = { id: string; type: DependencyType; lag: number };

const PREDECESSOR = /^(.+?)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d+(?:[.,]\d+)?)\s*([a-z]*)\s*\??)?$/i;

/**
 * One predecessor as MS Project writes it: `3`, `3FS`, `3SS+2d`, `3FF-1d`, `3SF+1`, `3+1w` (lag
 * in working days). A token that is itself a known id is that id, finish-to-start (ids such as
 * "TEST-2" would otherwise read as "TEST" with a lead). Null when it cannot be read.
 */
export function predecessorOf(token: string, knownIds: ReadonlySet<string>): Predecessor | null {
  if (knownIds.has(token)) return { id: token, type: "FS", lag: 0 };
  const match = PREDECESSOR.exec(token);
  if (!match) return null;
  const [, id, type, sign, amount, unit] = match;
  const days = amount === undefined ? 0 : daysOf(amount, unit);
  if (days === null) return null;
  return {
    id,
    type: (type?.toUpperCase() ?? "FS") as DependencyType,
    lag: Math.round(sign === "-" ? -days : days),
  };
}

/** How our export writes a link: "3" for finish-to-start with no lag, else `3SS`, `3FS+2d`, `3FF-1d`. */
export function predecessorText(id: string | number, type: DependencyType, lag: number): string {
  if (type === "FS" && lag === 0) return String(id);
  return `${id}${type}${lag === 0 ? "" : `${lag > 0 ? "+" : ""}${lag}d`}`;
}

/**
 * Spreadsheet formula injection: a cell starting with = + - @ (or tab, carriage return) is run by
 * Excel and friends, so the export prefixes an apostrophe. A cell that already starts with
 * apostrophes before one of them gets one more, so the reader's stripping of one gives it back.
 */
export const neutralized = (cell: string) => (/^'*[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The cell as it was before our export neutralised it. */
export const unneutralized = (cell: string) => (/^''*[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
