import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { epochDayOf, isoDateOf, type ProjectCalendar, WorkingCalendar } from "./calendar";

const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];
const calendarOf = (startDate: string, workingDays = MONDAY_TO_FRIDAY, holidays: string[] = []) =>
  new WorkingCalendar({ startDate, workingDays, holidays });

/** dateOf for each working day from `from` to `to`, in order. */
const datesOf = (calendar: WorkingCalendar, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, at) => calendar.dateOf(from + at));

describe("epochDayOf and isoDateOf", () => {
  it("count days from 1970-01-01 and back", () => {
    expect(epochDayOf("1970-01-01")).toBe(0);
    expect(epochDayOf("1970-01-02")).toBe(1);
    expect(epochDayOf("1969-12-31")).toBe(-1);
    expect(isoDateOf(epochDayOf("2026-11-16"))).toBe("2026-11-16");
    expect(isoDateOf(-1)).toBe("1969-12-31");
  });

  it("read a date-time or a Date as the day of its nearest UTC midnight (a picked day's local midnight)", () => {
    expect(epochDayOf("2026-11-16T23:00:00.000Z")).toBe(epochDayOf("2026-11-17")); // UTC+1's midnight
    expect(epochDayOf("2026-11-17T05:00:00.000Z")).toBe(epochDayOf("2026-11-17")); // UTC-5's midnight
    expect(epochDayOf(new Date("2026-11-16T11:00:00Z"))).toBe(epochDayOf("2026-11-16"));
  });

  it("reads a YYYY-MM-DD by arithmetic exactly as Date.parse does, leap days and overflowing days included", () => {
    const byDateParse = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    fc.assert(
      fc.property(fc.integer({ min: -719_162, max: 2_932_896 }), (day) => {
        const date = isoDateOf(day);
        expect(epochDayOf(date)).toBe(day);
        expect(epochDayOf(date)).toBe(byDateParse(date));
      }),
    );
    for (const date of ["2024-02-29", "2023-02-29", "2026-02-31", "2000-02-29", "1900-02-29", "0000-03-01"])
      expect(epochDayOf(date)).toBe(byDateParse(date));
    for (const unreadable of [
      "2026-02-32",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026/01/01",
      "abcd-ef-gh",
    ])
      expect(epochDayOf(unreadable)).toBeNaN();
  });
});

describe("WorkingCalendar", () => {
  // 2026-11-16 is a Monday.
  it("numbers a Monday-to-Friday week from its start, skipping the weekend", () => {
    const calendar = calendarOf("2026-11-16");
    expect(datesOf(calendar, 0, 6)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-23", // the weekend of the 21st and 22nd is skipped
      "2026-11-24",
    ]);
    expect(calendar.dateOf(10)).toBe("2026-11-30");
  });

  it("numbers the days before the start negatively", () => {
    const calendar = calendarOf("2026-11-16");
    expect(calendar.dateOf(-1)).toBe("2026-11-13"); // the Friday before
    expect(calendar.dateOf(-5)).toBe("2026-11-09");
    expect(calendar.dateOf(-6)).toBe("2026-11-06");
    expect(calendar.dayOnOrAfter("2026-11-13")).toBe(-1);
    expect(calendar.dayOnOrAfter("2026-11-09")).toBe(-5);
    expect(calendar.dayOnOrBefore("2026-11-15")).toBe(-1);
  });

  it("skips a holiday", () => {
    const calendar = calendarOf("2026-11-16", MONDAY_TO_FRIDAY, ["2026-11-26"]); // a Thursday
    expect(datesOf(calendar, 6, 9)).toEqual(["2026-11-24", "2026-11-25", "2026-11-27", "2026-11-30"]);
    expect(calendar.isWorkingDate("2026-11-26")).toBe(false);
    expect(calendar.isWorkingDate("2026-11-27")).toBe(true);
    expect(calendar.dayOnOrAfter("2026-11-26")).toBe(8);
    expect(calendar.dayOnOrBefore("2026-11-26")).toBe(7);
  });

  it("skips a holiday before the start", () => {
    const calendar = calendarOf("2026-11-16", MONDAY_TO_FRIDAY, ["2026-11-11"]); // a Wednesday
    expect(datesOf(calendar, -4, 0)).toEqual([
      "2026-11-09",
      "2026-11-10",
      "2026-11-12",
      "2026-11-13",
      "2026-11-16",
    ]);
    expect(calendar.dayOnOrAfter("2026-11-11")).toBe(-2);
    expect(calendar.dayOnOrBefore("2026-11-11")).toBe(-3);
  });

  it("starts on the Monday after a start date on a Saturday", () => {
    const calendar = calendarOf("2026-11-21");
    expect(calendar.dateOf(0)).toBe("2026-11-23");
    expect(calendar.dateOf(1)).toBe("2026-11-24");
    expect(calendar.dateOf(-1)).toBe("2026-11-20");
    expect(calendar.dayOnOrAfter("2026-11-21")).toBe(0);
    expect(calendar.dayOnOrBefore("2026-11-21")).toBe(-1);
  });

  it("starts after a start date that is a holiday", () => {
    // Christmas 2026 is a Friday: day 0 is the Monday after.
    const calendar = calendarOf("2026-12-25", MONDAY_TO_FRIDAY, ["2026-12-25"]);
    expect(calendar.dateOf(0)).toBe("2026-12-28");
    expect(calendar.dateOf(-1)).toBe("2026-12-24");
    expect(calendar.dateOf(4)).toBe("2027-01-01"); // across the new year
    // Two holidays in a row from the start.
    const both = calendarOf("2026-12-24", MONDAY_TO_FRIDAY, ["2026-12-24", "2026-12-25"]);
    expect(both.dateOf(0)).toBe("2026-12-28");
    expect(both.dateOf(-1)).toBe("2026-12-23");
    expect(both.dayOnOrAfter("2026-12-24")).toBe(0);
    expect(both.dayOnOrBefore("2026-12-27")).toBe(-1);
  });

  it("takes a weekend day to the next working day or the last one", () => {
    const calendar = calendarOf("2026-11-16");
    for (const weekend of ["2026-11-21", "2026-11-22"]) {
      expect(calendar.isWorkingDate(weekend)).toBe(false);
      expect(calendar.dayOnOrAfter(weekend)).toBe(5); // Monday the 23rd
      expect(calendar.dayOnOrBefore(weekend)).toBe(4); // Friday the 20th
    }
    // A working day is its own day both ways.
    expect(calendar.dayOnOrAfter("2026-11-20")).toBe(4);
    expect(calendar.dayOnOrBefore("2026-11-20")).toBe(4);
  });

  it("reads Dates and date-times as the day of their nearest UTC midnight", () => {
    const calendar = calendarOf("2026-11-16");
    expect(calendar.dayOnOrAfter(new Date("2026-11-18T09:00:00Z"))).toBe(2);
    expect(calendar.dayOnOrBefore("2026-11-22T11:00:00.000Z")).toBe(4);
    expect(calendar.dayOnOrBefore("2026-11-22T23:00:00.000Z")).toBe(5); // Monday's midnight in UTC+1
    expect(calendar.isWorkingDate(new Date("2026-11-21T08:00:00Z"))).toBe(false);
  });

  it("works a calendar of only Wednesdays", () => {
    const calendar = calendarOf("2026-11-16", [3]); // a Monday
    expect(datesOf(calendar, -1, 2)).toEqual(["2026-11-11", "2026-11-18", "2026-11-25", "2026-12-02"]);
    expect(calendar.isWorkingDate("2026-11-18")).toBe(true);
    expect(calendar.isWorkingDate("2026-11-19")).toBe(false);
    expect(calendar.dayOnOrAfter("2026-11-19")).toBe(1);
    expect(calendar.dayOnOrBefore("2026-11-24")).toBe(0);
    expect(calendar.dayOnOrBefore("2026-11-17")).toBe(-1);
  });

  it("works a Sunday-to-Thursday week", () => {
    const calendar = calendarOf("2026-11-20", [7, 1, 2, 3, 4]); // a Friday
    expect(datesOf(calendar, -1, 5)).toEqual([
      "2026-11-19",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-29",
    ]);
  });

  it("is not changed by a holiday on a weekend", () => {
    const plain = calendarOf("2026-11-16");
    const calendar = calendarOf("2026-11-16", MONDAY_TO_FRIDAY, ["2026-11-21", "2026-11-08"]);
    expect(datesOf(calendar, -20, 20)).toEqual(datesOf(plain, -20, 20));
    expect(calendar.dayOnOrAfter("2026-11-21")).toBe(5);
    expect(calendar.dayOnOrBefore("2026-11-21")).toBe(4);
  });

  it("ignores a duplicated holiday and an unreadable one", () => {
    const plain = calendarOf("2026-11-16", MONDAY_TO_FRIDAY, ["2026-11-26"]);
    const calendar = calendarOf("2026-11-16", MONDAY_TO_FRIDAY, ["2026-11-26", "2026-11-26", "not a date"]);
    expect(datesOf(calendar, -10, 20)).toEqual(datesOf(plain, -10, 20));
  });

  it("works every day when no weekday is worked, rather than looping", () => {
    const calendar = calendarOf("2026-11-21", []);
    expect(datesOf(calendar, 0, 2)).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
  });
});

/** Marks a date the reference's walk did not stop on. */
const NOT_WORKED = -0x80000000;

/**
 * The reference: walks the calendar one day at a time from its start date, recording the working
 * day number of each date it passes.
 */
class NaiveCalendar {
  private readonly working: boolean[] = [];
  private readonly holidays: Set<number>;
  /** The epoch day of working day `day`, at day - fromDay. */
  private readonly epochOfDay: Int32Array;
  /** The working day of each epoch day from firstEpoch on (NOT_WORKED when it is not worked). */
  private readonly dayOfEpoch: Int32Array;
  private readonly firstEpoch: number;

  constructor(
    calendar: ProjectCalendar,
    private readonly fromDay: number,
    toDay: number,
  ) {
    for (const weekday of calendar.workingDays) this.working[weekday] = true;
    this.holidays = new Set(calendar.holidays.map((holiday) => epochDayOf(holiday)));
    this.epochOfDay = new Int32Array(toDay - fromDay + 1);
    let epoch = epochDayOf(calendar.startDate);
    while (!this.isWorking(epoch)) epoch++;
    const first = epoch;
    for (let day = 0; day <= toDay; day++, epoch++) {
      while (!this.isWorking(epoch)) epoch++;
      this.epochOfDay[day - fromDay] = epoch;
    }
    epoch = first - 1;
    for (let day = -1; day >= fromDay; day--, epoch--) {
      while (!this.isWorking(epoch)) epoch--;
      this.epochOfDay[day - fromDay] = epoch;
    }
    this.firstEpoch = this.epochOfDay[0];
    this.dayOfEpoch = new Int32Array(this.epochOfDay[toDay - fromDay] - this.firstEpoch + 1).fill(NOT_WORKED);
    this.epochOfDay.forEach((epochDay, at) => {
      this.dayOfEpoch[epochDay - this.firstEpoch] = fromDay + at;
    });
  }

  /** 1970-01-01 was a Thursday (ISO weekday 4). */
  isWorking(epoch: number): boolean {
    const weekday = ((((epoch + 3) % 7) + 7) % 7) + 1;
    return this.working[weekday] === true && !this.holidays.has(epoch);
  }

  dateOf(day: number): string {
    if (day < this.fromDay || day - this.fromDay >= this.epochOfDay.length) {
      throw new Error(`day ${day} is outside the reference's range`);
    }
    return isoDateOf(this.epochOfDay[day - this.fromDay]);
  }

  private dayAt(epoch: number): number {
    const day = this.dayOfEpoch[epoch - this.firstEpoch];
    if (day === undefined || day === NOT_WORKED) {
      throw new Error(`${isoDateOf(epoch)} is outside the reference's range`);
    }
    return day;
  }

  dayOnOrAfter(epoch: number): number {
    let at = epoch;
    while (!this.isWorking(at)) at++;
    return this.dayAt(at);
  }

  dayOnOrBefore(epoch: number): number {
    let at = epoch;
    while (!this.isWorking(at)) at--;
    return this.dayAt(at);
  }
}

describe("WorkingCalendar against a day-by-day walk", () => {
  const FROM_DAY = -500;
  const TO_DAY = 2000;
  // 30 holidays in a row can push a date up to 30 working days past its neighbours.
  const MARGIN = 40;
  const START_MIN = epochDayOf("1965-01-01");
  const START_MAX = epochDayOf("2060-12-31");

  const calendarArbitrary = fc
    .record({
      start: fc.integer({ min: START_MIN, max: START_MAX }),
      workingDays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
      // Holidays within a few years around the start, some on the start date itself, in runs of
      // consecutive days (a run of holidays is the hard case for skipping them).
      holidayRuns: fc.array(
        fc.record({
          offset: fc.oneof(fc.integer({ min: -400, max: 1500 }), fc.integer({ min: -8, max: 3 })),
          length: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 12 })),
        }),
        { maxLength: 12 },
      ),
    })
    .map(({ start, workingDays, holidayRuns }) => ({
      startDate: isoDateOf(start),
      workingDays,
      holidays: holidayRuns
        .flatMap(({ offset, length }) => Array.from({ length }, (_, at) => isoDateOf(start + offset + at)))
        .slice(0, 30),
    }));

  it("agrees on dateOf, dayOnOrAfter, dayOnOrBefore and isWorkingDate", () => {
    fc.assert(
      fc.property(
        calendarArbitrary,
        fc.array(fc.integer({ min: FROM_DAY, max: TO_DAY }), { minLength: 1, maxLength: 30 }),
        // Dates near a working day: that day plus -40..40 calendar days.
        fc.array(fc.tuple(fc.integer({ min: FROM_DAY, max: TO_DAY }), fc.integer({ min: -40, max: 40 })), {
          maxLength: 30,
        }),
        (projectCalendar, days, nearDates) => {
          const calendar = new WorkingCalendar(projectCalendar);
          const naive = new NaiveCalendar(projectCalendar, FROM_DAY - MARGIN, TO_DAY + MARGIN);
          // Plain comparisons, one expect at the end: thousands of expects would be the slow part.
          const mismatches: string[] = [];
          const check = (what: string, actual: unknown, expected: unknown) => {
            if (actual !== expected) mismatches.push(`${what}: ${actual}, expected ${expected}`);
          };
          for (const day of days) {
            check(`dateOf(${day})`, calendar.dateOf(day), naive.dateOf(day));
            check(`dateOf(${day}) again (cached)`, calendar.dateOf(day), naive.dateOf(day));
          }
          const epochs = [
            ...nearDates.map(([day, offset]) => epochDayOf(naive.dateOf(day)) + offset),
            // The start date, the holidays and the days around them.
            ...[projectCalendar.startDate, ...projectCalendar.holidays].flatMap((date) => {
              const epoch = epochDayOf(date);
              return [epoch - 1, epoch, epoch + 1];
            }),
          ];
          for (const epoch of epochs) {
            const date = isoDateOf(epoch);
            check(`isWorkingDate(${date})`, calendar.isWorkingDate(date), naive.isWorking(epoch));
            check(`dayOnOrAfter(${date})`, calendar.dayOnOrAfter(date), naive.dayOnOrAfter(epoch));
            check(`dayOnOrBefore(${date})`, calendar.dayOnOrBefore(date), naive.dayOnOrBefore(epoch));
          }
          expect(mismatches).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("round-trips: the day of a working day's date is that day", () => {
    fc.assert(
      fc.property(calendarArbitrary, fc.integer({ min: FROM_DAY, max: TO_DAY }), (projectCalendar, day) => {
        const calendar = new WorkingCalendar(projectCalendar);
        const date = calendar.dateOf(day);
        expect(calendar.isWorkingDate(date)).toBe(true);
        expect(calendar.dayOnOrAfter(date)).toBe(day);
        expect(calendar.dayOnOrBefore(date)).toBe(day);
        expect(calendar.dateOf(day + 1) > date).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
