import { describe, expect, it } from "vitest";
import { nonWorkingBands } from "./non-working";
import { isWeekend, timelineWidth, timelineWindow } from "./timeline";
import { scaleForZoom } from "./zoom";

// Wednesday, May 13 2026.
const today = new Date(2026, 4, 13, 15, 20);
const weekday = (day: Date) => !isWeekend(day);

describe("nonWorkingBands", () => {
  it("shades each weekend as one band on the Weeks scale, two days wide", () => {
    const window = timelineWindow(scaleForZoom(60), today);
    const bands = nonWorkingBands(window, 0, 700, weekday);
    // 700 px of 100 px weeks starting on Monday: seven weekends.
    expect(bands).toHaveLength(7);
    for (const band of bands) expect(band.width).toBeCloseTo((2 * 100) / 7);
    expect(bands[0].x).toBeCloseTo((5 * 100) / 7);
  });

  it("joins a holiday next to a weekend into one band, and shades a lone holiday", () => {
    const window = timelineWindow(scaleForZoom(100), today);
    const holidays = new Set(["2026-05-08", "2026-05-13"]);
    const isWorkday = (day: Date) => weekday(day) && !holidays.has(localDate(day));
    const bands = nonWorkingBands(window, 0, timelineWidth(window), isWorkday);
    // The window starts on Wednesday May 6: Friday 8 to Sunday 10 is one band of 3 days, then Wednesday 13.
    expect(bands[0]).toEqual({ x: 80, width: 120 });
    expect(bands[1]).toEqual({ x: 280, width: 40 });
  });

  it("shades nothing on the Months and Years scales", () => {
    const window = timelineWindow(scaleForZoom(30), today);
    expect(nonWorkingBands(window, 0, timelineWidth(window), weekday)).toEqual([]);
  });
});

const localDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
