import { describe, expect, it } from "vitest";
import { dueMovedWithStart, isAutoScheduled } from "./start-of-auto-task";

const calendar = { startDate: "2026-11-02", workingDays: [1, 2, 3, 4, 5], holidays: ["2026-12-25"] };

describe("dueMovedWithStart", () => {
  it("keeps the working days between start and due, across a weekend and a holiday", () => {
    // Mon 23 .. Wed 25 (3 working days), moved to Thu 26: Thu, Fri, Mon 30.
    expect(dueMovedWithStart("2026-11-23", "2026-11-25", "2026-11-26", calendar)).toBe("2026-11-30");
    // Moved to Wed Dec 23: Wed, Thu, (Fri 25 is a holiday) Mon 28.
    expect(dueMovedWithStart("2026-11-23", "2026-11-25", "2026-12-23", calendar)).toBe("2026-12-28");
    // Earlier too.
    expect(dueMovedWithStart("2026-11-23", "2026-11-25", "2026-11-16", calendar)).toBe("2026-11-18");
  });

  it("moves by calendar days without a calendar, and gives up on a missing date", () => {
    expect(dueMovedWithStart("2026-11-23", "2026-11-25", "2026-11-26")).toBe("2026-11-28");
    expect(dueMovedWithStart("", "2026-11-25", "2026-11-26")).toBeNull();
    expect(dueMovedWithStart("2026-11-23", "2026-11-25", "")).toBeNull();
  });
});

describe("isAutoScheduled", () => {
  it("is Auto with a duration", () => {
    expect(isAutoScheduled({ schedulingMode: "auto", duration: "3" })).toBe(true);
    expect(isAutoScheduled({ schedulingMode: "auto", duration: " " })).toBe(false);
    expect(isAutoScheduled({ schedulingMode: "manual", duration: "3" })).toBe(false);
  });
});
