import { describe, expect, it } from "vitest";
import { roundsUp, wholeWorkingDays } from "./whole-days";

describe("wholeWorkingDays", () => {
  it("rounds a part-day up: the last part-day is still worked", () => {
    expect(wholeWorkingDays(14.29)).toBe(15);
    expect(wholeWorkingDays(3.5)).toBe(4);
    expect(wholeWorkingDays(0.1)).toBe(1);
    expect(wholeWorkingDays(1.01)).toBe(2);
    // MS Project's PT114H18M0S at 480 minutes a day: 14.2875 days.
    expect(wholeWorkingDays((114 * 60 + 18) / 480)).toBe(15);
    // One minute past a whole day, and one second, are still work.
    expect(wholeWorkingDays(6721 / 480)).toBe(15);
    expect(wholeWorkingDays((6720 * 60 + 1) / (480 * 60))).toBe(15);
    // 4 hours of a 7.5-hour day.
    expect(wholeWorkingDays(240 / 450)).toBe(1);
  });

  it("keeps a whole number of days as it is, whatever floating point made of it", () => {
    expect(wholeWorkingDays(14)).toBe(14);
    expect(wholeWorkingDays(112 / 8)).toBe(14);
    expect(wholeWorkingDays((112 * 60) / 480)).toBe(14);
    expect(wholeWorkingDays(112 * (1 / 8))).toBe(14);
    expect(wholeWorkingDays(6720 * (1 / 480))).toBe(14);
    // Floating point lands just above a whole number: 0.1 x 3 / 0.3 is 1.0000000000000002.
    expect((0.1 * 3) / 0.3).toBeGreaterThan(1);
    expect(wholeWorkingDays((0.1 * 3) / 0.3)).toBe(1);
    expect(wholeWorkingDays(75 / 7.5)).toBe(10);
    expect(wholeWorkingDays(1)).toBe(1);
    expect(wholeWorkingDays(10_000)).toBe(10_000);
  });

  it("keeps zero zero: a milestone", () => {
    expect(wholeWorkingDays(0)).toBe(0);
    expect(wholeWorkingDays(-0)).toBe(0);
  });
});

describe("roundsUp", () => {
  it("names a part-day, not a whole number of days or its float noise", () => {
    expect([1.5, 14.29, 0.1, 6721 / 480].map(roundsUp)).toEqual([true, true, true, true]);
    expect([0, 1, 14, 112 / 8, (0.1 * 3) / 0.3, 14 - 1e-9].map(roundsUp)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
