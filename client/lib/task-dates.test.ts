import { describe, expect, it } from "vitest";
import { DUE_SOON_MS, dueTone, formatTaskDate, fromDateInputValue, toDateInputValue } from "./task-dates";

// Local times throughout: a due date is a calendar day in the user's time zone.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const iso = (date: Date) => date.toISOString();

describe("date inputs", () => {
  it("turn a day into its local midnight and back", () => {
    const value = fromDateInputValue("2026-05-01");
    expect(value).toBe(iso(at(2026, 5, 1)));
    expect(toDateInputValue(value)).toBe("2026-05-01");
  });

  it("read empty and unreadable values as none", () => {
    expect(fromDateInputValue("")).toBeNull();
    expect(fromDateInputValue("01/05/2026")).toBeNull();
    expect(toDateInputValue(null)).toBe("");
    expect(toDateInputValue("not a date")).toBe("");
    expect(formatTaskDate(undefined)).toBeNull();
  });

  it("formats a day for people", () => {
    expect(formatTaskDate(iso(at(2026, 3, 5)))).toBe("Mar 5, 2026");
  });
});

describe("due-date tone", () => {
  const due = iso(at(2026, 5, 10));

  it("is overdue once the due day is over, unless the task is completed", () => {
    expect(dueTone(due, false, at(2026, 5, 11, 0, 1))).toBe("overdue");
    expect(dueTone(due, false, at(2026, 6, 1))).toBe("overdue");
    expect(dueTone(due, true, at(2026, 6, 1))).toBe("normal");
  });

  it("is due soon within the last 24 hours of the due day", () => {
    expect(DUE_SOON_MS).toBe(24 * 60 * 60 * 1000);
    expect(dueTone(due, false, at(2026, 5, 10, 0, 0))).toBe("due-soon");
    expect(dueTone(due, false, at(2026, 5, 10, 23, 59))).toBe("due-soon");
  });

  it("is normal further out, or without a due date", () => {
    expect(dueTone(due, false, at(2026, 5, 9, 23, 59))).toBe("normal");
    expect(dueTone(due, false, at(2026, 5, 1))).toBe("normal");
    expect(dueTone(null, false, at(2026, 5, 1))).toBe("normal");
    expect(dueTone("garbage", false, at(2026, 5, 1))).toBe("normal");
  });
});
