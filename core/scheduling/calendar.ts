// A project's working calendar: its working days numbered 0, 1, 2, ... from the project's start
// date (and -1, -2, ... before it), with working weekdays and holidays. Every conversion is
// O(log holidays), with no table of days, so a plan 10,000 working days long costs nothing more.

/** What a project stores of its calendar (wire names). */
export type ProjectCalendar = {
  /** "YYYY-MM-DD": working day 0 is the first working day on or after it. */
  startDate: string;
  /** ISO weekdays, 1 = Monday .. 7 = Sunday. */
  workingDays: readonly number[];
  /** "YYYY-MM-DD" dates that are not worked. */
  holidays: readonly string[];
  /**
   * "YYYY-MM-DD": the day progress is judged at (docs/spec/tracking.md); null or absent: today.
   * Only explained schedules read it.
   */
  statusDate?: string | null;
};

const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: ISO weekday 4. */
const EPOCH_WEEKDAY = 4;

/**
 * Days since 1970-01-01 of a "YYYY-MM-DD", or of a date-time: the day of its nearest UTC midnight.
 * Clients send a picked day as its local midnight (within 12 hours of that day's UTC midnight from
 * UTC-12 to UTC+12) and auto tasks store UTC midnights, so both read as the day that was meant.
 */
export function epochDayOf(date: string | Date): number {
  if (typeof date === "string" && date.length === 10) {
    const day = civilDayOf(date);
    return day ?? Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  }
  const time = typeof date === "string" ? Date.parse(date) : date.getTime();
  return Math.round(time / DAY_MS);
}

/** The digit at a position of a string, or NaN. */
const digitAt = (text: string, at: number) => {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};

/**
 * Days since 1970-01-01 of a "YYYY-MM-DD" by arithmetic (the proleptic Gregorian calendar), without
 * building a Date: scheduling reads every task's dates. A day past its month's end runs on into the
 * next month, as Date.parse reads it; null for what is not of that shape (Date.parse decides).
 */
function civilDayOf(date: string): number | null {
  if (date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null;
  const year = digitAt(date, 0) * 1000 + digitAt(date, 1) * 100 + digitAt(date, 2) * 10 + digitAt(date, 3);
  const month = digitAt(date, 5) * 10 + digitAt(date, 6);
  const day = digitAt(date, 8) * 10 + digitAt(date, 9);
  if (!(year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  // Years counted from March, so that the leap day ends one (H. Hinnant's days_from_civil).
  const shifted = month <= 2 ? year - 1 : year;
  const era = Math.floor(shifted / 400);
  const yearOfEra = shifted - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** "YYYY-MM-DD" of a day since 1970-01-01. */
export function isoDateOf(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday) of a day since 1970-01-01. */
const weekdayOf = (epochDay: number) => ((((epochDay + EPOCH_WEEKDAY - 1) % 7) + 7) % 7) + 1;

export class WorkingCalendar {
  /** Working weekdays per week, and for each ISO weekday how many working weekdays precede it. */
  private readonly perWeek: number;
  private readonly before = new Int32Array(8);
  private readonly works = new Uint8Array(8);
  /** The weekday working days before day 0 of this numbering are counted from this Monday. */
  private readonly mondayOrigin: number;
  /** "Pure" indexes (weekday working days counted from mondayOrigin) of the holidays, ascending. */
  private readonly holidayIndexes: Int32Array;
  /** The pure index of working day 0, less the holidays before it. */
  private readonly offset: number;
  private readonly dateCache = new Map<number, string>();

  constructor(calendar: ProjectCalendar) {
    for (const day of calendar.workingDays) if (day >= 1 && day <= 7) this.works[day] = 1;
    let count = 0;
    for (let day = 1; day <= 7; day++) {
      this.before[day] = count;
      count += this.works[day];
    }
    // A calendar with no working day would loop; the API refuses it, this keeps the engine total.
    if (count === 0) {
      for (let day = 1; day <= 7; day++) {
        this.works[day] = 1;
        this.before[day] = day - 1;
      }
      count = 7;
    }
    this.perWeek = count;
    const start = epochDayOf(calendar.startDate);
    this.mondayOrigin = start - (weekdayOf(start) - 1);
    const pure = new Set<number>();
    for (const holiday of calendar.holidays) {
      const day = epochDayOf(holiday);
      if (Number.isFinite(day) && this.works[weekdayOf(day)]) pure.add(this.pureIndexOnOrAfter(day));
    }
    this.holidayIndexes = Int32Array.from([...pure].sort((a, b) => a - b));
    // Working day 0: the first weekday working day on or after the start that is not a holiday.
    let first = this.pureIndexOnOrAfter(start);
    while (this.isHolidayIndex(first)) first++;
    this.offset = first - this.holidaysBefore(first);
  }

  /** The pure index of the first working weekday on or after an epoch day. */
  private pureIndexOnOrAfter(epochDay: number): number {
    const sinceOrigin = epochDay - this.mondayOrigin;
    const week = Math.floor(sinceOrigin / 7);
    const weekday = sinceOrigin - week * 7 + 1;
    // Weekdays after the last working one of the week roll over to the next week's first.
    return week * this.perWeek + this.before[weekday];
  }

  private holidaysBefore(pureIndex: number): number {
    // The number of holiday indexes below pureIndex (binary search).
    let low = 0;
    let high = this.holidayIndexes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.holidayIndexes[middle] < pureIndex) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private isHolidayIndex(pureIndex: number): boolean {
    const at = this.holidaysBefore(pureIndex);
    return at < this.holidayIndexes.length && this.holidayIndexes[at] === pureIndex;
  }

  /** The epoch day of a pure index. */
  private epochDayOfPure(pureIndex: number): number {
    const week = Math.floor(pureIndex / this.perWeek);
    let within = pureIndex - week * this.perWeek;
    let weekday = 1;
    while (!this.works[weekday] || within > 0) {
      if (this.works[weekday]) within--;
      weekday++;
    }
    return this.mondayOrigin + week * 7 + weekday - 1;
  }

  /** The pure index of working day `day`: the k-th index counted past the holidays below it. */
  private pureIndexOfDay(day: number): number {
    const target = day + this.offset;
    // The first holiday k with holidayIndexes[k] - k > target: k holidays lie before the answer.
    let low = 0;
    let high = this.holidayIndexes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.holidayIndexes[middle] - middle <= target) low = middle + 1;
      else high = middle;
    }
    return target + low;
  }

  /** The epoch day of working day `day`. */
  epochDayOf(day: number): number {
    return this.epochDayOfPure(this.pureIndexOfDay(day));
  }

  /**
   * "YYYY-MM-DD" of working day `day` (negative: before the project's working day 0).
   * @example new WorkingCalendar({ startDate: "2026-11-20", workingDays: [1, 2, 3, 4, 5], holidays: [] }).dateOf(1) // "2026-11-23"
   */
  dateOf(day: number): string {
    let date = this.dateCache.get(day);
    if (date === undefined) {
      date = isoDateOf(this.epochDayOf(day));
      if (this.dateCache.size < 100_000) this.dateCache.set(day, date);
    }
    return date;
  }

  /** Whether a date is worked: a working weekday and not a holiday. */
  isWorkingDate(date: string | Date): boolean {
    const day = epochDayOf(date);
    return this.works[weekdayOf(day)] === 1 && !this.isHolidayIndex(this.pureIndexOnOrAfter(day));
  }

  /** The working day a date falls on, or the first one after it when the date is not worked. */
  dayOnOrAfter(date: string | Date): number {
    return this.dayOnOrAfterEpochDay(epochDayOf(date));
  }

  /** The working day a date falls on, or the last one before it when the date is not worked. */
  dayOnOrBefore(date: string | Date): number {
    return this.dayOnOrAfterEpochDay(epochDayOf(date) + 1) - 1;
  }

  private dayOnOrAfterEpochDay(epochDay: number): number {
    let pure = this.pureIndexOnOrAfter(epochDay);
    while (this.isHolidayIndex(pure)) pure++;
    return pure - this.holidaysBefore(pure) - this.offset;
  }
}
