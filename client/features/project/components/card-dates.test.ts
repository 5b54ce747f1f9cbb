import { describe, expect, it } from "vitest";
import { cardDates } from "./card-dates";

describe("card dates", () => {
  it("shows a scheduled task's start and finish, a one-day task's day, else the due date", () => {
    expect(cardDates({ schedule: { start: "2026-05-04", finish: "2026-05-08" }, dueDate: null }, 2026)).toBe(
      "May 4 – May 8",
    );
    expect(cardDates({ schedule: { start: "2027-01-04", finish: "2027-01-04" }, dueDate: null }, 2026)).toBe(
      "Jan 4, 2027",
    );
    expect(cardDates({ schedule: null, dueDate: new Date(2026, 5, 1, 12).toISOString() }, 2026)).toBe(
      "Due Jun 1",
    );
    expect(cardDates({ schedule: null, dueDate: null }, 2026)).toBeNull();
  });
});
