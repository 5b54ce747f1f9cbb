import { describe, expect, it } from "vitest";
import { HOLIDAY_TEXTS, holidaysWithTyped } from "./holidays";

describe("holidaysWithTyped", () => {
  it("adds a typed date to the list, sorted, once", () => {
    expect(holidaysWithTyped(["2026-12-25"], { value: "2026-12-24", unfinished: false })).toEqual({
      holidays: ["2026-12-24", "2026-12-25"],
    });
    expect(holidaysWithTyped(["2026-12-25"], { value: "2026-12-25", unfinished: false })).toEqual({
      holidays: ["2026-12-25"],
    });
  });

  it("keeps the list as it is when nothing is typed", () => {
    expect(holidaysWithTyped(["2026-12-25"], { value: "", unfinished: false })).toEqual({
      holidays: ["2026-12-25"],
    });
  });

  it("says why a typed date cannot be kept: half typed, outside the years, one too many", () => {
    expect(holidaysWithTyped([], { value: "", unfinished: true })).toEqual({
      problem: HOLIDAY_TEXTS.unfinished,
    });
    expect(holidaysWithTyped([], { value: "12/24", unfinished: false })).toEqual({
      problem: HOLIDAY_TEXTS.unfinished,
    });
    expect(holidaysWithTyped([], { value: "0000-12-24", unfinished: false })).toEqual({
      problem: HOLIDAY_TEXTS.outOfRange,
    });
    const full = Array.from({ length: 1000 }, (_, index) => `2026-01-01|${index}`);
    expect(holidaysWithTyped(full, { value: "2027-01-01", unfinished: false })).toEqual({
      problem: HOLIDAY_TEXTS.tooMany,
    });
  });
});
