import { describe, expect, it } from "vitest";
import { timelineWindow } from "./timeline";
import { baselineBar, progressFill, progressWords, statusLine } from "./tracking-marks";
import { scaleForZoom } from "./zoom";

// Wednesday, May 13 2026: on the days scale the window starts Wednesday May 6, 40 px a day.
const today = new Date(2026, 4, 13, 15, 20);
const days = timelineWindow(scaleForZoom(100), today);

describe("statusLine", () => {
  it("stands at the end of the status day, named by its date", () => {
    // May 6, 7 and 8 run to 120 px.
    expect(statusLine("2026-05-08", days)).toEqual({
      day: "2026-05-08",
      x: 120,
      label: "Status date May 8, 2026",
    });
  });

  it("is not drawn outside the timeline", () => {
    expect(statusLine("2026-05-05", days)).toBeNull();
    expect(statusLine("2030-01-01", days)).toBeNull();
  });
});

describe("baselineBar", () => {
  it("runs from the start of the saved start day to the end of the saved finish day", () => {
    expect(baselineBar({ start: "2026-05-06", finish: "2026-05-07" }, days)).toEqual({ left: 0, width: 80 });
    expect(baselineBar({ start: "2026-05-08", finish: "2026-05-08" }, days)).toEqual({ left: 80, width: 40 });
  });

  it("is none for a task the baseline did not schedule, or did not hold", () => {
    expect(baselineBar({ start: null, finish: null }, days)).toBeNull();
    expect(baselineBar(undefined, days)).toBeNull();
  });
});

describe("progressFill and progressWords", () => {
  it("keep the percent within 0..100 and say it", () => {
    expect(progressFill(40)).toBe(40);
    expect(progressFill(140)).toBe(100);
    expect(progressFill(-5)).toBe(0);
    expect(progressFill(undefined)).toBe(0);
    expect(progressWords(40)).toBe("40% complete");
  });
});
