import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barTiming, DAY_MS, toDate } from "./bar-timing";

const now = new Date("2026-05-13T10:30:00Z");
const iso = (text: string) => new Date(text).toISOString();

describe("barTiming", () => {
  it("runs from the start date to the due date", () => {
    const timing = barTiming({ startDate: iso("2026-05-01"), dueDate: iso("2026-05-04") }, now);
    expect(timing).toEqual({
      start: new Date("2026-05-01"),
      end: new Date("2026-05-04"),
      startSource: "startDate",
      endIsDueDate: true,
    });
  });

  it("starts at the snooze date without a start date, and at the start date when both are set", () => {
    expect(barTiming({ snoozeUntil: iso("2026-06-01") }, now)).toMatchObject({
      start: new Date("2026-06-01"),
      startSource: "snoozeUntil",
    });
    expect(barTiming({ startDate: iso("2026-05-20"), snoozeUntil: iso("2026-06-01") }, now).start).toEqual(
      new Date("2026-05-20"),
    );
  });

  it("starts now without a start or snooze date", () => {
    const timing = barTiming({ dueDate: iso("2026-07-01") }, now);
    expect(timing).toMatchObject({
      start: now,
      end: new Date("2026-07-01"),
      startSource: "now",
      endIsDueDate: true,
    });
    expect(timing.start).not.toBe(now); // a copy: callers may not alter the clock they passed
  });

  it("ends one day after the start when the due date is missing, equal or earlier", () => {
    for (const dueDate of [null, undefined, "", iso("2026-05-01"), iso("2026-04-01"), "not a date"]) {
      const timing = barTiming({ startDate: iso("2026-05-01"), dueDate }, now);
      expect(timing.end.getTime() - timing.start.getTime()).toBe(DAY_MS);
      expect(timing.endIsDueDate).toBe(false);
    }
  });

  it("ignores unreadable dates", () => {
    expect(barTiming({ startDate: "soon", snoozeUntil: "later" }, now).startSource).toBe("now");
  });

  it("always ends after it starts", () => {
    const date = fc.option(
      fc.date({ min: new Date("1990-01-01"), max: new Date("2090-01-01"), noInvalidDate: true }),
      {
        nil: null,
      },
    );
    fc.assert(
      fc.property(date, date, date, (startDate, snoozeUntil, dueDate) => {
        const timing = barTiming({ startDate, snoozeUntil, dueDate }, now);
        expect(timing.end.getTime()).toBeGreaterThan(timing.start.getTime());
        expect(timing.start).toEqual(startDate ?? snoozeUntil ?? now);
      }),
    );
  });
});

describe("toDate", () => {
  it("reads ISO strings and dates; null for nothing or nonsense", () => {
    expect(toDate("2026-05-01T00:00:00.000Z")).toEqual(new Date("2026-05-01T00:00:00.000Z"));
    expect(toDate(null)).toBeNull();
    expect(toDate("")).toBeNull();
    expect(toDate("nope")).toBeNull();
  });
});
