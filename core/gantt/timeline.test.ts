import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barGeometry,
  dateToX,
  daysForPixels,
  fittingZoom,
  isWeekend,
  itemsInView,
  MAX_TIMELINE_COLUMNS,
  MIN_BAR_WIDTH,
  timelineColumns,
  timelineGroups,
  timelineWidth,
  timelineWindow,
  todayScrollLeft,
  xToDate,
} from "./timeline";
import { GANTT_SCALES, scaleForZoom } from "./zoom";

// Wednesday, May 13 2026, in the machine's time zone (the timeline works in local calendar time).
const today = new Date(2026, 4, 13, 15, 20);
const years = scaleForZoom(10);
const months = scaleForZoom(30);
const weeks = scaleForZoom(60);
const days = scaleForZoom(100);

describe("timelineWindow", () => {
  it("shows 2 years back and 6 forward", () => {
    expect(timelineWindow(years, today)).toMatchObject({
      start: new Date(2024, 0, 1),
      end: new Date(2032, 0, 1),
    });
  });

  it("shows 3 months back and 9 forward", () => {
    expect(timelineWindow(months, today)).toMatchObject({
      start: new Date(2026, 1, 1),
      end: new Date(2027, 1, 1),
    });
  });

  it("shows 4 weeks back and 12 forward, weeks starting on Monday", () => {
    // The week of May 13 2026 starts on Monday May 11.
    expect(timelineWindow(weeks, today)).toMatchObject({
      start: new Date(2026, 3, 13),
      end: new Date(2026, 7, 3),
    });
  });

  it("shows 7 days back and 21 forward", () => {
    expect(timelineWindow(days, today)).toMatchObject({
      start: new Date(2026, 4, 6),
      end: new Date(2026, 5, 3),
    });
    expect(timelineColumns(timelineWindow(days, today))).toHaveLength(28);
  });

  it("puts today's column a quarter of the way in, on every scale", () => {
    for (const scale of GANTT_SCALES) {
      const columns = timelineColumns(timelineWindow(scale, today));
      expect(columns).toHaveLength(scale.back + scale.forward);
      expect(scale.back / columns.length).toBe(0.25);
      const todays = columns[scale.back];
      expect(todays.start <= today && today < columns[scale.back + 1].start).toBe(true);
      expect(todays.x / timelineWidth(timelineWindow(scale, today))).toBeCloseTo(0.25, 1);
    }
  });

  it("grows by whole units to hold the plan, with `back` units to spare either side", () => {
    const window = timelineWindow(months, today, {
      start: new Date(2025, 10, 20),
      end: new Date(2027, 3, 2),
    });
    expect(window.start).toEqual(new Date(2025, 7, 1));
    expect(window.end).toEqual(new Date(2027, 7, 1));
  });

  it("does not shrink for tasks inside it", () => {
    const window = timelineWindow(days, today, { start: new Date(2026, 4, 13), end: new Date(2026, 4, 14) });
    expect(window).toMatchObject({ start: new Date(2026, 4, 6), end: new Date(2026, 5, 3) });
  });

  it("holds a plan of 2001 and one of 2040 with today, in the Weeks and Days zooms", () => {
    for (const plan of [
      { start: new Date(2001, 0, 2), end: new Date(2001, 5, 30) },
      { start: new Date(2040, 2, 1), end: new Date(2040, 8, 15) },
    ]) {
      for (const scale of [weeks, days]) {
        const window = timelineWindow(scale, today, plan);
        expect(window.clippedAt).toBeUndefined();
        expect(window.start <= plan.start && window.end > plan.end).toBe(true);
        expect(window.start <= today && window.end > today).toBe(true);
      }
    }
  });

  it("leaves today out when today and the plan need more than MAX_TIMELINE_COLUMNS", () => {
    const plan = { start: new Date(1900, 3, 2), end: new Date(1900, 6, 1) };
    const window = timelineWindow(days, today, plan);
    expect(window).toMatchObject({ start: new Date(1900, 2, 26), end: new Date(1900, 6, 9) });
    expect(window.clippedAt).toBeUndefined();
  });

  it("cuts a plan longer than MAX_TIMELINE_COLUMNS, and says where", () => {
    const window = timelineWindow(days, today, { start: new Date(1990, 0, 8), end: new Date(2090, 0, 1) });
    expect(window.start).toEqual(new Date(1990, 0, 1));
    expect(window.clippedAt).toEqual(window.end);
    expect(timelineColumns(window)).toHaveLength(MAX_TIMELINE_COLUMNS);
  });

  it("holds any plan of years 1 to 9999 on any scale, or says where it stops, never past the limit", () => {
    const instant = fc.date({
      min: new Date("0001-01-03T00:00:00"),
      max: new Date("9999-12-01T00:00:00"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, instant, fc.constantFrom(...GANTT_SCALES), (a, b, scale) => {
        const plan = a < b ? { start: a, end: b } : { start: b, end: a };
        const window = timelineWindow(scale, today, plan);
        expect(window.start <= plan.start).toBe(true);
        if (window.clippedAt) expect(window.end).toEqual(window.clippedAt);
        else expect(window.end > plan.end).toBe(true);
        expect(timelineWidth(window) / scale.columnWidth).toBeLessThanOrEqual(MAX_TIMELINE_COLUMNS * 1.1);
      }),
      { numRuns: 200 },
    );
  });
});

describe("itemsInView", () => {
  const columns = timelineColumns(timelineWindow(days, today));

  it("answers the columns reaching into the range, and nothing for a range beyond them", () => {
    expect(itemsInView(columns, 0, 100).map((column) => column.x)).toEqual([0, 40, 80]);
    expect(itemsInView(columns, 45, 81).map((column) => column.x)).toEqual([40, 80]);
    expect(itemsInView(columns, 5000, 6000)).toEqual([]);
    expect(itemsInView(columns, -500, 10_000)).toHaveLength(columns.length);
  });
});

describe("fittingZoom", () => {
  it("opens a plan at the finest zoom that shows it whole", () => {
    const span = (days: number) => ({ start: new Date(2026, 4, 4), end: new Date(2026, 4, 4 + days) });
    expect(fittingZoom(span(10), 1100)).toBe(100);
    expect(fittingZoom(span(30), 1100)).toBe(60);
    expect(fittingZoom(span(200), 1100)).toBe(30);
    expect(fittingZoom(span(3650), 1100)).toBe(10);
    // On a phone the same month needs a coarser scale.
    expect(fittingZoom(span(30), 250)).toBe(30);
  });
});

describe("pixels and dates", () => {
  it("uses the column width per unit: 365-day years, 30-day months", () => {
    const window = timelineWindow(days, today);
    expect(dateToX(new Date(2026, 4, 8), window)).toBe(80);
    const monthWindow = timelineWindow(months, today);
    const thirtyDays = new Date(monthWindow.start.getTime() + 30 * 86_400_000);
    expect(dateToX(thirtyDays, monthWindow)).toBeCloseTo(120);
    const yearWindow = timelineWindow(years, today);
    expect(dateToX(new Date(yearWindow.start.getTime() + 365 * 86_400_000), yearWindow)).toBeCloseTo(80);
  });

  it("turns pixels back into the same instant", () => {
    fc.assert(
      fc.property(fc.constantFrom(...GANTT_SCALES), fc.integer({ min: -1e6, max: 1e6 }), (scale, x) => {
        const window = timelineWindow(scale, today);
        expect(dateToX(xToDate(x, window), window)).toBeCloseTo(x, 3);
      }),
    );
  });

  it("turns pixels back into the same instant in the first century too", () => {
    const window = timelineWindow(years, today);
    expect(dateToX(xToDate(-154_023, window), window)).toBeCloseTo(-154_023, 3);
  });

  it("counts whole days in a drag", () => {
    expect(daysForPixels(85, days)).toBe(2);
    expect(daysForPixels(-19, days)).toBe(0);
    expect(daysForPixels(-21, days)).toBe(-1);
    expect(daysForPixels(100, weeks)).toBe(7);
    expect(daysForPixels(120, months)).toBe(30);
  });

  it("spans the whole window", () => {
    expect(timelineWidth(timelineWindow(days, today))).toBe(28 * 40);
    const columns = timelineColumns(timelineWindow(months, today));
    const last = columns[columns.length - 1];
    expect(last.x + last.width).toBeCloseTo(timelineWidth(timelineWindow(months, today)));
  });
});

describe("timelineColumns", () => {
  it("lays month columns edge to edge at 4 px a day", () => {
    const columns = timelineColumns(timelineWindow(months, today));
    expect(columns[0].start).toEqual(new Date(2026, 1, 1));
    expect(columns[0].width).toBeCloseTo(28 * 4); // February 2026
    expect(columns[1].width).toBeCloseTo(31 * 4);
    for (let index = 1; index < columns.length; index += 1) {
      expect(columns[index].x).toBeCloseTo(columns[index - 1].x + columns[index - 1].width);
    }
  });

  it("marks Saturdays and Sundays on the day scale only", () => {
    const dayColumns = timelineColumns(timelineWindow(days, today));
    const weekend = dayColumns.filter((column) => column.weekend).map((column) => column.start.getDay());
    expect(weekend).toHaveLength(8);
    expect(new Set(weekend)).toEqual(new Set([0, 6]));
    expect(timelineColumns(timelineWindow(weeks, today)).some((column) => column.weekend)).toBe(false);
  });
});

describe("timelineGroups", () => {
  it("groups months by year, days and weeks by month, and years not at all", () => {
    const monthGroups = timelineGroups(timelineColumns(timelineWindow(months, today)), "months");
    expect(monthGroups.map((group) => group.start.getFullYear())).toEqual([2026, 2027]);
    const dayGroups = timelineGroups(timelineColumns(timelineWindow(days, today)), "days");
    expect(dayGroups.map((group) => group.start.getMonth())).toEqual([4, 5]);
    expect(dayGroups[0].width).toBe(26 * 40); // May 6 to May 31
    expect(timelineGroups(timelineColumns(timelineWindow(years, today)), "years")).toEqual([]);
  });
});

describe("isWeekend", () => {
  it("is true on Saturday and Sunday", () => {
    expect(isWeekend(new Date(2026, 4, 16))).toBe(true);
    expect(isWeekend(new Date(2026, 4, 17))).toBe(true);
    expect(isWeekend(new Date(2026, 4, 18))).toBe(false);
    expect(isWeekend(new Date(2026, 4, 15, 23, 59))).toBe(false);
  });
});

describe("barGeometry", () => {
  it("places a bar by its dates, never narrower than 10 px", () => {
    const window = timelineWindow(days, today);
    expect(barGeometry({ start: new Date(2026, 4, 7), end: new Date(2026, 4, 10) }, window)).toEqual({
      left: 40,
      width: 120,
    });
    const yearWindow = timelineWindow(years, today);
    const oneDay = barGeometry({ start: new Date(2026, 4, 7), end: new Date(2026, 4, 8) }, yearWindow);
    expect(oneDay.width).toBe(MIN_BAR_WIDTH);
  });

  it("is at least the minimum width whatever the dates", () => {
    const instant = fc.date({
      min: new Date("2000-01-01"),
      max: new Date("2050-01-01"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(fc.constantFrom(...GANTT_SCALES), instant, instant, (scale, start, end) => {
        expect(barGeometry({ start, end }, timelineWindow(scale, today)).width).toBeGreaterThanOrEqual(
          MIN_BAR_WIDTH,
        );
      }),
    );
  });
});

describe("todayScrollLeft", () => {
  it("puts today a quarter of the way across the visible timeline", () => {
    expect(todayScrollLeft(1000, 800, 4000)).toBe(800);
  });

  it("stays within what can be scrolled", () => {
    expect(todayScrollLeft(100, 800, 4000)).toBe(0);
    expect(todayScrollLeft(3900, 800, 4000)).toBe(3200);
    expect(todayScrollLeft(500, 800, 600)).toBe(0);
  });
});
