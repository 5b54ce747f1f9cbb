import { describe, expect, it } from "vitest";
import { WorkingCalendar } from "./calendar";
import { scheduleVariance, varianceText, varianceWords } from "./variance";

// Monday to Friday, with Friday March 6, 2026 a holiday.
const calendar = new WorkingCalendar({
  startDate: "2026-03-02",
  workingDays: [1, 2, 3, 4, 5],
  holidays: ["2026-03-06"],
});

describe("scheduleVariance", () => {
  it("is 0 for a task where the plan had it", () => {
    const dates = { start: "2026-03-02", finish: "2026-03-04" };
    expect(scheduleVariance(calendar, dates, dates)).toEqual({ start: 0, finish: 0 });
  });

  it("counts working days later as positive, over the weekend and the holiday", () => {
    // Planned Mon 2..Wed 4; now Thu 5..Tue 10: Thu is 3 days on, Tue 10 is Wed 4 + Thu 5, Mon 9, Tue 10.
    expect(
      scheduleVariance(
        calendar,
        { start: "2026-03-05", finish: "2026-03-10" },
        { start: "2026-03-02", finish: "2026-03-04" },
      ),
    ).toEqual({ start: 3, finish: 3 });
  });

  it("counts earlier as negative", () => {
    expect(
      scheduleVariance(
        calendar,
        { start: "2026-03-02", finish: "2026-03-03" },
        { start: "2026-03-04", finish: "2026-03-09" },
      ),
    ).toEqual({ start: -2, finish: -3 });
  });

  it("reads a date-time as its day, and a date not worked as the working day next to it", () => {
    // A start on Saturday counts from Monday 9; a finish on the holiday counts as Thursday 5.
    expect(
      scheduleVariance(
        calendar,
        { start: "2026-03-07", finish: "2026-03-06T00:00:00.000Z" },
        { start: "2026-03-09", finish: "2026-03-05" },
      ),
    ).toEqual({ start: 0, finish: 0 });
  });

  it("is null on a side that lacks a date: a task added since, or one not scheduled", () => {
    expect(scheduleVariance(calendar, { start: "2026-03-02", finish: "2026-03-04" }, undefined)).toEqual({
      start: null,
      finish: null,
    });
    expect(scheduleVariance(calendar, null, { start: "2026-03-02", finish: "2026-03-04" })).toEqual({
      start: null,
      finish: null,
    });
    expect(
      scheduleVariance(
        calendar,
        { start: "2026-03-02", finish: "2026-03-04" },
        { start: "2026-03-02", finish: null },
      ),
    ).toEqual({ start: 0, finish: null });
  });
});

describe("varianceWords and varianceText", () => {
  it("say how far and which way, one day in the singular", () => {
    expect(varianceWords("Finish", 3, "Baseline")).toBe("Finish 3 working days later than “Baseline”");
    expect(varianceWords("Start", -1, "Agreed")).toBe("Start 1 working day earlier than “Agreed”");
    expect(varianceWords("Finish", 0, "Baseline")).toBe("Finish as in “Baseline”");
    expect(varianceWords("Start", null, "Baseline")).toBeNull();
  });

  it("write a cell's value with its sign", () => {
    expect(varianceText(3)).toBe("+3 d");
    expect(varianceText(-2)).toBe("\u22122 d");
    expect(varianceText(0)).toBe("0 d");
    expect(varianceText(null)).toBeNull();
  });
});
