import { describe, expect, it } from "vitest";
import { deadlineMark, lateWords } from "./schedule-marks";
import { timelineWindow } from "./timeline";
import { scaleForZoom } from "./zoom";

// Wednesday, May 13 2026: on the days scale the window starts Wednesday May 6, 40 px a day.
const today = new Date(2026, 4, 13, 15, 20);
const days = timelineWindow(scaleForZoom(100), today);

describe("deadlineMark", () => {
  it("puts the marker at the end of the deadline's day, named by its date", () => {
    const mark = deadlineMark(
      { deadline: "2026-05-08", schedule: { finish: "2026-05-07", totalFloat: 1 } },
      days,
    );
    // May 6, 7 and 8 run to 120 px.
    expect(mark).toEqual({ day: "2026-05-08", x: 120, missed: false, label: "Deadline May 8, 2026" });
  });

  it("says the deadline is missed when the task finishes after it", () => {
    const mark = deadlineMark(
      { deadline: "2026-05-08", schedule: { finish: "2026-05-11", totalFloat: -1 } },
      days,
    );
    expect(mark?.missed).toBe(true);
    expect(mark?.label).toBe("Deadline May 8, 2026");
  });

  it("is met by a task finishing on its deadline's day, and by one not scheduled", () => {
    expect(
      deadlineMark({ deadline: "2026-05-08", schedule: { finish: "2026-05-08", totalFloat: 0 } }, days)
        ?.missed,
    ).toBe(false);
    expect(deadlineMark({ deadline: "2026-05-08", schedule: null }, days)?.missed).toBe(false);
  });

  it("marks nothing without a deadline or outside the timeline", () => {
    expect(deadlineMark({ deadline: null }, days)).toBeNull();
    expect(deadlineMark({}, days)).toBeNull();
    expect(deadlineMark({ deadline: "2026-05-05" }, days)).toBeNull();
    expect(deadlineMark({ deadline: "2027-01-01" }, days)).toBeNull();
  });

  it("scales with the zoom: on the weeks scale a day is 100 / 7 px", () => {
    const weeks = timelineWindow(scaleForZoom(60), today);
    const mark = deadlineMark({ deadline: "2026-05-13" }, weeks);
    expect(weeks.start).toEqual(new Date(2026, 3, 13));
    // Thirty days from Monday April 13 to the end of May 13.
    expect(mark?.x).toBeCloseTo((31 * 100) / 7);
  });
});

describe("lateWords", () => {
  it("says how many working days a task with negative float is late", () => {
    expect(lateWords({ totalFloat: -3 })).toBe("3 working days late");
    expect(lateWords({ totalFloat: -1 })).toBe("1 working day late");
  });

  it("says nothing of a task on time or not scheduled", () => {
    expect(lateWords({ totalFloat: 0 })).toBeNull();
    expect(lateWords({ totalFloat: 4 })).toBeNull();
    expect(lateWords(null)).toBeNull();
  });
});
