// Calendars and time in MS Project XML (MSPDI): the project calendar's working weekdays, when its
// days start (to read a task's Finish at the start of a day as the end of the day before) and its
// non-working exceptions as holidays, recurring ones expanded; durations, split work, and the
// "Standard" calendar the writer gives MS Project. Plain UTC arithmetic on days since 1970-01-01;
// nothing here warns, mspdi.ts words what these return.
import { epochDayOf, isoDateOf, type WorkingCalendar } from "@core/scheduling/calendar";
import { HOLIDAYS_MAX } from "@core/schemas/scheduling";
import type { ExportedPlan } from "./imported-plan";
import { child, children, text, type XmlElement } from "./xml";

/** At most this many days are walked expanding exceptions: a 9999-year range must not hang a request. */
const EXPANSION_BUDGET = 200_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}/;

/** ISO weekday (1 = Monday .. 7 = Sunday) of a day since 1970-01-01, a Thursday. */
export const weekdayOf = (epochDay: number) => ((((epochDay + 3) % 7) + 7) % 7) + 1;

/** Days since 1970-01-01 of an MSPDI date or date-time, null when it is not one. */
export function dayNumberOf(value: string | null): number | null {
  if (!value || !DAY_PATTERN.test(value)) return null;
  const day = epochDayOf(value.slice(0, 10));
  return Number.isFinite(day) ? day : null;
}

/** MSPDI's DayType 1 = Sunday .. 7 = Saturday as an ISO weekday. */
const isoWeekdayOfDayType = (dayType: number) => (dayType === 1 ? 7 : dayType - 1);

export type MspdiCalendar = {
  /** Whether the file holds a calendar for the project. */
  found: boolean;
  /** ISO weekdays worked, sorted; null when no WeekDays say anything of the week. */
  workingDays: number[] | null;
  /** "YYYY-MM-DD" non-working days, sorted and unique (not capped). */
  holidays: string[];
  /** The first working time ("HH:MM:SS") of an ISO weekday. */
  dayStartOf(weekday: number): string;
  /** Exceptions making a normally non-working day a working one: their names or dates. */
  workingExceptions: string[];
  /** Exceptions whose recurrence could not be expanded: their names and types. */
  unexpanded: string[];
  /** True when the exceptions held more days than are walked. */
  truncated: boolean;
  /** The names of the file's calendars other than this one and its bases. */
  others: string[];
};

type Budget = { left: number };

/** The days of a TimePeriod, FromDate to ToDate (a ToDate at 00:00 of a later day ends before it). */
function periodDays(period: XmlElement | undefined): { from: number; to: number } | null {
  const fromText = text(period, "FromDate");
  const toText = text(period, "ToDate");
  const from = dayNumberOf(fromText);
  let to = dayNumberOf(toText);
  if (from === null || to === null) return null;
  if (to > from && toText?.slice(11, 19) === "00:00:00") to--;
  return to < from ? null : { from, to };
}

const numberOr = (element: XmlElement, name: string, fallback: number) => {
  const value = Number(text(element, name) ?? Number.NaN);
  return Number.isFinite(value) ? value : fallback;
};

/** Days since 1970-01-01 of a calendar date; a day past the month's end is its last day. */
function dateOf(year: number, month: number, day: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(year, month, Math.min(day, last)) / 86_400_000);
}

/**
 * The day a relative pattern names in a month: MonthItem 0 = day, 1 = weekday, 2 = weekend day,
 * 3..9 = Sunday..Saturday; MonthPosition 0..3 = first..fourth, 4 = last. Null: no such day.
 */
function relativeDay(year: number, month: number, item: number, position: number): number | null {
  const first = dateOf(year, month, 1);
  const last = dateOf(year, month, 31);
  const matches: number[] = [];
  for (let day = first; day <= last; day++) {
    const weekday = weekdayOf(day);
    const match =
      item === 0 ||
      (item === 1 && weekday <= 5) ||
      (item === 2 && weekday >= 6) ||
      (item >= 3 && item <= 9 && weekday === (item === 3 ? 7 : item - 3));
    if (match) matches.push(day);
  }
  if (position === 4) return matches.at(-1) ?? null;
  return matches[position] ?? null;
}

/**
 * The days of a Project 2007+ <Exception>, its recurrence expanded within its TimePeriod (and its
 * Occurrences): Type 1 every day, 7 every Period days, 6 every Period weeks on DaysOfWeek (a bit per
 * day, 1 = Sunday; weeks start on Sunday, as MS Project counts them), 4 / 5 every Period months on
 * MonthDay / MonthItem + MonthPosition, 2 / 3 every year in Month (0 = January) likewise.
 * Null when the pattern is unknown or the period unreadable.
 */
export function exceptionDays(
  exception: XmlElement,
  budget: Budget = { left: EXPANSION_BUDGET },
): number[] | null {
  const range = periodDays(child(exception, "TimePeriod"));
  const type = numberOr(exception, "Type", 1);
  if (!range) return null;
  const { from, to } = range;
  const limit = numberOr(exception, "Occurrences", 0) > 0 ? numberOr(exception, "Occurrences", 0) : Infinity;
  const period = Math.max(1, Math.floor(numberOr(exception, "Period", 1)));
  const days: number[] = [];
  const take = (day: number | null) => {
    if (day !== null && day >= from && day <= to && days.length < limit) days.push(day);
  };
  const walk = (next: (step: number) => number | null, stepEnd: (step: number) => number) => {
    for (let step = 0; days.length < limit && budget.left-- > 0; step++) {
      if (stepEnd(step) > to) break;
      take(next(step));
    }
  };
  const start = new Date(from * 86_400_000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();
  const monthDay = numberOr(exception, "MonthDay", 1);
  const item = numberOr(exception, "MonthItem", 0);
  const position = numberOr(exception, "MonthPosition", 0);
  const yearMonth = numberOr(exception, "Month", 0);
  switch (type) {
    case 1:
      walk(
        (step) => from + step,
        (step) => from + step,
      );
      break;
    case 7:
      walk(
        (step) => from + step * period,
        (step) => from + step * period,
      );
      break;
    case 6: {
      const mask = numberOr(exception, "DaysOfWeek", 0);
      const sunday = from - (weekdayOf(from) % 7);
      // One step per day of the weeks that recur; the mask picks the days.
      walk(
        (step) => {
          const day = sunday + Math.floor(step / 7) * 7 * period + (step % 7);
          return mask & (1 << (weekdayOf(day) % 7)) ? day : null;
        },
        (step) => sunday + Math.floor(step / 7) * 7 * period + (step % 7),
      );
      break;
    }
    case 4:
    case 5: {
      const dayOfMonth = (step: number) =>
        type === 4
          ? dateOf(year, month + step * period, monthDay)
          : relativeDay(year, month + step * period, item, position);
      walk(dayOfMonth, (step) => dateOf(year, month + step * period, 1));
      break;
    }
    case 2:
    case 3: {
      const dayOfYear = (step: number) =>
        type === 2
          ? dateOf(year + step * period, yearMonth, monthDay)
          : relativeDay(year + step * period, yearMonth, item, position);
      walk(dayOfYear, (step) => dateOf(year + step * period, 0, 1));
      break;
    }
    default:
      return null;
  }
  return days;
}

/** The calendar's elements from itself up its BaseCalendarUID chain (a loop is cut). */
function chainOf(calendars: XmlElement[], first: XmlElement): XmlElement[] {
  const chain = [first];
  for (let base = text(first, "BaseCalendarUID"); chain.length < 20; ) {
    const next = calendars.find((calendar) => text(calendar, "UID") === base);
    if (!next || chain.includes(next)) break;
    chain.push(next);
    base = text(next, "BaseCalendarUID");
  }
  return chain;
}

/** The project's calendar: the one its CalendarUID names, else "Standard", else the first base one. */
function projectCalendarOf(project: XmlElement, calendars: XmlElement[]): XmlElement | undefined {
  const uid = text(project, "CalendarUID");
  return (
    calendars.find((calendar) => text(calendar, "UID") === uid) ??
    calendars.find((calendar) => text(calendar, "Name") === "Standard") ??
    calendars.find((calendar) => text(calendar, "IsBaseCalendar") === "1") ??
    calendars[0]
  );
}

/** The first FromTime of a WeekDay's WorkingTimes, null when it has none. */
function dayStartOfWeekDay(weekDay: XmlElement): string | null {
  const times = children(child(weekDay, "WorkingTimes"), "WorkingTime")
    .map((time) => text(time, "FromTime"))
    .filter((time) => time !== null);
  return times.sort()[0] ?? null;
}

/**
 * Reads the project's calendar: its week from the first calendar up its base chain that defines each
 * day, and the non-working exceptions of the whole chain (WeekDay entries of DayType 0 and the
 * <Exceptions> of Project 2007+, which MS Project writes both of).
 */
export function readProjectCalendar(project: XmlElement): MspdiCalendar {
  const calendars = children(child(project, "Calendars"), "Calendar");
  const defaultStart = text(project, "DefaultStartTime") ?? "08:00:00";
  const found = projectCalendarOf(project, calendars);
  const chain = found ? chainOf(calendars, found) : [];
  const weekDays = chain.flatMap((calendar) => children(child(calendar, "WeekDays"), "WeekDay"));

  const working = new Map<number, boolean>();
  const dayStarts = new Map<number, string>();
  for (const weekDay of weekDays) {
    const dayType = Number(text(weekDay, "DayType"));
    if (!(dayType >= 1 && dayType <= 7)) continue;
    const weekday = isoWeekdayOfDayType(dayType);
    if (working.has(weekday)) continue; // the calendar itself before its base
    working.set(weekday, text(weekDay, "DayWorking") === "1");
    const dayStart = dayStartOfWeekDay(weekDay);
    if (dayStart) dayStarts.set(weekday, dayStart);
  }
  // A week the file half-defines keeps MS Project's default (Monday to Friday) for the rest.
  const workingDays =
    working.size === 0
      ? null
      : [1, 2, 3, 4, 5, 6, 7].filter((weekday) => working.get(weekday) ?? weekday <= 5);
  const worksOn = (day: number) => (workingDays ?? [1, 2, 3, 4, 5]).includes(weekdayOf(day));

  const budget: Budget = { left: EXPANSION_BUDGET };
  const holidays = new Set<number>();
  const workingExceptions: string[] = [];
  const workingDates = new Set<number>();
  const unexpanded: string[] = [];
  for (const calendar of chain) {
    for (const exception of children(child(calendar, "Exceptions"), "Exception")) {
      const name = text(exception, "Name") ?? `type ${text(exception, "Type") ?? "?"}`;
      const days = exceptionDays(exception, budget);
      if (!days) {
        unexpanded.push(`"${name}" (type ${text(exception, "Type") ?? "none"})`);
      } else if (text(exception, "DayWorking") === "1") {
        for (const day of days) workingDates.add(day);
        if (days.some((day) => !worksOn(day))) workingExceptions.push(`"${name}"`);
      } else {
        for (const day of days) holidays.add(day);
      }
    }
    // Older files (and MS Project's own copy of the above) list exception days as DayType 0.
    for (const weekDay of children(child(calendar, "WeekDays"), "WeekDay")) {
      if (text(weekDay, "DayType") !== "0") continue;
      const range = periodDays(child(weekDay, "TimePeriod"));
      if (!range) continue;
      const days: number[] = [];
      for (let day = range.from; day <= range.to && budget.left-- > 0; day++) days.push(day);
      if (text(weekDay, "DayWorking") !== "1") {
        for (const day of days) holidays.add(day);
      } else if (days.some((day) => !worksOn(day) && !workingDates.has(day))) {
        workingExceptions.push(
          range.from === range.to
            ? isoDateOf(range.from)
            : `${isoDateOf(range.from)} to ${isoDateOf(range.to)}`,
        );
      }
    }
  }

  return {
    found: found !== undefined,
    workingDays,
    holidays: [...holidays].sort((a, b) => a - b).map(isoDateOf),
    dayStartOf: (weekday) => dayStarts.get(weekday) ?? defaultStart,
    workingExceptions,
    unexpanded,
    truncated: budget.left <= 0,
    others: calendars
      .filter((calendar) => !chain.includes(calendar))
      .map((calendar) => `"${text(calendar, "Name") ?? `UID ${text(calendar, "UID")}`}"`),
  };
}

// ---------------------------------------------------------------------------------------------
// Work against the calendar, and the calendar the writer gives MS Project

/** Minutes of an ISO-8601 duration as MSPDI writes them ("PT8H0M0S", "PT7H30M0S"), null if unreadable. */
export function minutesOf(duration: string | null): number | null {
  const match =
    duration &&
    /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      duration,
    );
  if (!match) return null;
  const [, minus, days, hours, minutes, seconds] = match;
  const total =
    Number(days ?? 0) * 1440 + Number(hours ?? 0) * 60 + Number(minutes ?? 0) + Number(seconds ?? 0) / 60;
  return minus ? -total : total;
}

/** Whether a task's work stops part-way: an explicit zero on a working day between chunks of work. */
export function isSplit(chunks: XmlElement[], working: WorkingCalendar): boolean {
  const sorted = chunks
    .map((chunk) => ({
      start: text(chunk, "Start") ?? "",
      finish: text(chunk, "Finish") ?? "",
      value: text(chunk, "Value"),
    }))
    .filter((chunk) => chunk.start !== "" && chunk.finish !== "")
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const work = (chunk: (typeof sorted)[number]) =>
    chunk.value === null ? null : (minutesOf(chunk.value) ?? 0);
  const first = sorted.findIndex((chunk) => (work(chunk) ?? 0) > 0);
  const last = sorted.findLastIndex((chunk) => (work(chunk) ?? 0) > 0);
  for (let index = first + 1; first >= 0 && index < last; index++) {
    const chunk = sorted[index];
    if (work(chunk) !== 0) continue;
    const from = dayNumberOf(chunk.start) as number;
    const to = Math.min(dayNumberOf(chunk.finish) as number, from + 31);
    // A chunk covers a day when it holds the day's noon: a night shift's 23:00 to 23:00 covers the next.
    for (let day = from; day <= to; day++) {
      const noon = `${isoDateOf(day)}T12:00:00`;
      if (noon >= chunk.start && noon < chunk.finish && working.isWorkingDate(isoDateOf(day))) return true;
    }
  }
  return false;
}

/** At most HOLIDAYS_MAX of the sorted holidays: those from the project's start on, then the latest before. */
export function capHolidays(holidays: string[], start = ""): string[] {
  if (holidays.length <= HOLIDAYS_MAX) return holidays;
  const after = holidays.filter((day) => day >= start).slice(0, HOLIDAYS_MAX);
  const room = HOLIDAYS_MAX - after.length;
  const before = room > 0 ? holidays.filter((day) => day < start).slice(-room) : [];
  return [...before, ...after];
}

/** The "Standard" calendar: 08:00-12:00 and 13:00-17:00 on working days, holidays as exceptions. */
export function standardCalendar(calendar: ExportedPlan["calendar"]): XmlElement {
  const hours = {
    WorkingTime: [
      { FromTime: "08:00:00", ToTime: "12:00:00" },
      { FromTime: "13:00:00", ToTime: "17:00:00" },
    ],
  };
  const weekDays = [1, 2, 3, 4, 5, 6, 7].map((dayType): XmlElement => {
    const works = calendar.workingDays.includes(dayType === 1 ? 7 : dayType - 1);
    return works
      ? { DayType: String(dayType), DayWorking: "1", WorkingTimes: hours }
      : { DayType: String(dayType), DayWorking: "0" };
  });
  // Runs of consecutive holidays, one exception each (MS Project refuses overlapping exceptions).
  const days = new Set(
    calendar.holidays.map((holiday) => dayNumberOf(holiday)).filter((day) => day !== null),
  );
  const runs: { from: number; to: number }[] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last.to === day - 1) last.to = day;
    else runs.push({ from: day, to: day });
  }
  const period = (run: { from: number; to: number }) => ({
    FromDate: `${isoDateOf(run.from)}T00:00:00`,
    ToDate: `${isoDateOf(run.to)}T23:59:00`,
  });
  // Project 2007+ reads <Exceptions>; older versions the DayType 0 days, which Project writes too.
  for (const run of runs) weekDays.push({ DayType: "0", DayWorking: "0", TimePeriod: period(run) });
  const result: XmlElement = {
    UID: "1",
    Name: "Standard",
    IsBaseCalendar: "1",
    BaseCalendarUID: "-1",
    WeekDays: { WeekDay: weekDays },
  };
  if (runs.length > 0) {
    result.Exceptions = {
      Exception: runs.map((run, index) => ({
        EnteredByOccurrences: "0",
        TimePeriod: period(run),
        Occurrences: String(run.to - run.from + 1),
        Name: `Holiday ${index + 1}`,
        Type: "1",
        DayWorking: "0",
      })),
    };
  }
  return result;
}
