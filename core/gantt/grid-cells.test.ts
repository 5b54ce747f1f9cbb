import { describe, expect, it } from "vitest";
import {
  CELL_MESSAGES,
  durationText,
  readConstraint,
  readDay,
  readDuration,
  readPercent,
} from "./grid-cells";

describe("durationText", () => {
  it("says working days, one day, a milestone's none, and nothing without a duration", () => {
    expect(durationText(5)).toBe("5 days");
    expect(durationText(1)).toBe("1 day");
    expect(durationText(0)).toBe("0 days");
    expect(durationText(null)).toBeNull();
  });
});

describe("readDuration", () => {
  it("takes a number with or without d, day or days", () => {
    for (const text of ["5", "5d", "5D", " 5 days ", "5 day"])
      expect(readDuration(text)).toEqual({ ok: true, value: 5 });
    expect(readDuration("0")).toEqual({ ok: true, value: 0 });
    expect(readDuration("")).toEqual({ ok: true, value: null });
  });

  it("refuses other units, fractions, negatives and too much", () => {
    for (const text of ["5w", "1.5", "-2", "abc", "10001"])
      expect(readDuration(text)).toEqual({ ok: false, message: CELL_MESSAGES.duration });
  });
});

describe("readPercent", () => {
  it("takes 0 to 100, with or without a percent sign", () => {
    expect(readPercent("40")).toEqual({ ok: true, value: 40 });
    expect(readPercent(" 100 % ")).toEqual({ ok: true, value: 100 });
    expect(readPercent("0")).toEqual({ ok: true, value: 0 });
  });

  it("refuses more than 100, fractions, negatives and empty text", () => {
    for (const text of ["101", "4.5", "-1", ""])
      expect(readPercent(text)).toEqual({ ok: false, message: CELL_MESSAGES.percent });
  });
});

describe("readDay", () => {
  it("takes a real day and refuses others; empty only when optional", () => {
    expect(readDay("2026-05-04")).toEqual({ ok: true, value: "2026-05-04" });
    expect(readDay("2026-02-30").ok).toBe(false);
    expect(readDay("May 4").ok).toBe(false);
    expect(readDay("")).toEqual({ ok: false, message: CELL_MESSAGES.day });
    expect(readDay("", true)).toEqual({ ok: true, value: null });
  });
});

describe("readConstraint", () => {
  it("keeps a dated type's day and drops an undated one's", () => {
    expect(readConstraint("MSO", "2026-05-04", false)).toEqual({
      ok: true,
      value: { constraintType: "MSO", constraintDate: "2026-05-04" },
    });
    expect(readConstraint("ALAP", "2026-05-04", false)).toEqual({
      ok: true,
      value: { constraintType: "ALAP", constraintDate: null },
    });
  });

  it("asks a dated type for its day, and a summary for ASAP or SNET", () => {
    expect(readConstraint("FNLT", "", false)).toEqual({ ok: false, message: CELL_MESSAGES.constraintDate });
    expect(readConstraint("MFO", "2026-05-04", true)).toEqual({
      ok: false,
      message: CELL_MESSAGES.summaryConstraint,
    });
    expect(readConstraint("SNET", "2026-05-04", true).ok).toBe(true);
  });
});
