// The Gantt timeline: the window of time shown for a scale, pixels <-> dates, the header's columns,
// weekends and where to scroll so today sits a quarter of the way in.
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  differenceInCalendarDays,
  differenceInCalendarMonths,
  differenceInCalendarWeeks,
  differenceInCalendarYears,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from "date-fns";
import { type BarTiming, DAY_MS } from "./bar-timing";
import { GANTT_SCALES, type GanttScale, type GanttScaleName } from "./zoom";

/** Minimum width of a bar in pixels, so a short task can still be grabbed. */
export const MIN_BAR_WIDTH = 10;
/** Today sits this far from the left edge of the visible timeline. */
export const TODAY_OFFSET = 0.25;
/**
 * The most columns a window holds: at 40 px a day column, 800,000 px, well inside what a browser
 * lays out (the chart draws only the columns in view). Past it a plan is cut at this many columns
 * from its start, and the window says so (`clippedAt`).
 */
export const MAX_TIMELINE_COLUMNS = 20_000;

export type TimelineWindow = {
  scale: GanttScale;
  start: Date;
  end: Date;
  /** Set when the plan runs past the window's end: the scale cannot show it all. */
  clippedAt?: Date;
};

export type DateSpan = { start: Date; end: Date };

/**
 * The first instant of the year, month, week (Monday) or day holding `date`, in local time.
 * @example startOfUnit(new Date(2026, 4, 13, 15), "weeks") // Monday May 11 2026, 00:00
 */
export function startOfUnit(date: Date, scale: GanttScaleName): Date {
  if (scale === "years") return startOfYear(date);
  if (scale === "months") return startOfMonth(date);
  if (scale === "weeks") return startOfWeek(date, { weekStartsOn: 1 });
  return startOfDay(date);
}

/**
 * `date` moved by `count` calendar years, months, weeks or days.
 * @example addUnits(new Date(2026, 0, 31), "months", 1) // Feb 28 2026
 */
export function addUnits(date: Date, scale: GanttScaleName, count: number): Date {
  if (scale === "years") return addYears(date, count);
  if (scale === "months") return addMonths(date, count);
  if (scale === "weeks") return addWeeks(date, count);
  return addDays(date, count);
}

/**
 * Whole units of a scale from the one holding `from` to the one holding `to` (negative before it).
 * @example unitsBetween(new Date(2026, 0, 31), new Date(2026, 2, 1), "months") // 2
 */
export function unitsBetween(from: Date, to: Date, scale: GanttScaleName): number {
  if (scale === "years") return differenceInCalendarYears(to, from);
  if (scale === "months") return differenceInCalendarMonths(to, from);
  if (scale === "weeks") return differenceInCalendarWeeks(to, from, { weekStartsOn: 1 });
  return differenceInCalendarDays(to, from);
}

/**
 * The time shown for a scale. Around today: from `back` units before the unit holding today to
 * `forward` units after its start, so today's column starts a quarter of the way in (years 2/6,
 * months 3/9, weeks 4/12, days 7/21). A plan (`plan`, its bars' span) widens it to hold the plan
 * with `back` units either side, however far it lies from today. When today and the plan together
 * need more than MAX_TIMELINE_COLUMNS, the window is the plan's alone, and a plan longer than that
 * is cut there (`clippedAt`).
 *
 * @example timelineWindow(scaleForZoom(100), new Date(2026, 4, 13))
 * // { start: May 6 2026, end: Jun 3 2026 }: 28 day columns, today the 8th
 * @example timelineWindow(scaleForZoom(60), new Date(2026, 4, 13), { start: new Date(2001, 0, 1), end: new Date(2001, 5, 1) })
 * // from early December 2000 to 12 weeks past the week of May 13 2026
 */
export function timelineWindow(scale: GanttScale, today: Date, plan?: DateSpan | null): TimelineWindow {
  const origin = startOfUnit(today, scale.name);
  const aroundToday = {
    start: addUnits(origin, scale.name, -scale.back),
    end: addUnits(origin, scale.name, scale.forward),
  };
  if (!plan) return { scale, ...aroundToday };
  const aroundPlan = {
    start: addUnits(startOfUnit(plan.start, scale.name), scale.name, -scale.back),
    end: addUnits(startOfUnit(plan.end, scale.name), scale.name, 1 + scale.back),
  };
  const start = aroundPlan.start < aroundToday.start ? aroundPlan.start : aroundToday.start;
  const end = aroundPlan.end > aroundToday.end ? aroundPlan.end : aroundToday.end;
  if (unitsBetween(start, end, scale.name) <= MAX_TIMELINE_COLUMNS) return { scale, start, end };
  const furthest = addUnits(aroundPlan.start, scale.name, MAX_TIMELINE_COLUMNS);
  if (aroundPlan.end <= furthest) return { scale, ...aroundPlan };
  return { scale, start: aroundPlan.start, end: furthest, clippedAt: furthest };
}

/**
 * Pixels per day: a column's width over its days (a year 365, a month 30).
 * @example pixelsPerDay(scaleForZoom(30)) // 4: 120 px a 30-day month
 */
export function pixelsPerDay(scale: GanttScale): number {
  return scale.columnWidth / scale.unitDays;
}

// Local wall-clock time read as if it were UTC: every calendar day is then exactly 24 hours long, so
// a day column keeps its width across daylight-saving changes.
const wallClock = (date: Date) => {
  // setUTCFullYear rather than Date.UTC, which reads years 0 to 99 as 1900 to 1999.
  const utc = new Date(0);
  utc.setUTCFullYear(date.getFullYear(), date.getMonth(), date.getDate());
  utc.setUTCHours(date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds());
  return utc.getTime();
};

const fromWallClock = (ms: number) => {
  const utc = new Date(ms);
  // setFullYear, not the Date constructor, for the same reason: a bar dragged far into the past came
  // back 1,900 years off (a fast-check run found it).
  const date = new Date(0);
  date.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  date.setHours(utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds(), utc.getUTCMilliseconds());
  return date;
};

/**
 * The x of an instant, in pixels from the window's start, counting local calendar days.
 * @example dateToX(addDays(window.start, 2), window) // 80 on the day scale
 */
export function dateToX(date: Date, window: TimelineWindow): number {
  return ((wallClock(date) - wallClock(window.start)) / DAY_MS) * pixelsPerDay(window.scale);
}

/**
 * The instant at x pixels from the window's start: the inverse of dateToX.
 * @example xToDate(80, window) // two days after window.start on the day scale
 */
export function xToDate(x: number, window: TimelineWindow): Date {
  return fromWallClock(wallClock(window.start) + (x / pixelsPerDay(window.scale)) * DAY_MS);
}

/**
 * The timeline's full width in pixels.
 * @example timelineWidth(timelineWindow(scaleForZoom(100), today)) // 1120: 28 days of 40 px
 */
export function timelineWidth(window: TimelineWindow): number {
  return dateToX(window.end, window);
}

/**
 * Whole days a horizontal drag of `dx` pixels stands for (bars move by calendar days).
 * @example daysForPixels(85, scaleForZoom(100)) // 2 (40 px a day)
 */
export function daysForPixels(dx: number, scale: GanttScale): number {
  const days = Math.round(dx / pixelsPerDay(scale));
  return Object.is(days, -0) ? 0 : days;
}

/**
 * Where a bar sits: its left edge and width, never narrower than MIN_BAR_WIDTH.
 * @example barGeometry({ start, end: start }, window) // { left, width: 10 }
 */
export function barGeometry(
  timing: Pick<BarTiming, "start" | "end">,
  window: TimelineWindow,
): { left: number; width: number } {
  const left = dateToX(timing.start, window);
  const width = Math.max(MIN_BAR_WIDTH, dateToX(timing.end, window) - left);
  return { left, width };
}

/**
 * Saturday or Sunday, in local time (shaded in the day scale).
 * @example isWeekend(new Date(2026, 4, 16)) // true: a Saturday
 */
export function isWeekend(date: Date): boolean {
  const day = date.getDay();
  return day === 0 || day === 6;
}

export type TimelineColumn = { start: Date; x: number; width: number; weekend: boolean };

/**
 * One column per calendar unit of the window. Widths follow the calendar (a 31-day month is 124 px
 * at 4 px a day), so the lines fall on real month and year boundaries. `weekend` is only ever set
 * on the day scale.
 *
 * @example timelineColumns(timelineWindow(scaleForZoom(100), today)).length // 28
 */
export function timelineColumns(
  window: TimelineWindow,
  /** Whether a day is worked (the project's calendar); Monday to Friday when not given. */
  isWorkday: (day: Date) => boolean = (day) => !isWeekend(day),
): TimelineColumn[] {
  const columns: TimelineColumn[] = [];
  const scale = window.scale.name;
  for (let start = window.start; start < window.end; ) {
    const next = addUnits(start, scale, 1);
    const x = dateToX(start, window);
    columns.push({
      start,
      x,
      width: dateToX(next, window) - x,
      weekend: scale === "days" && !isWorkday(start),
    });
    start = next;
  }
  return columns;
}

export type TimelineGroup = { start: Date; x: number; width: number };

/**
 * The header's upper row: the columns grouped by year (months scale) or by month (weeks and days
 * scales, a week counting in the month it starts in). The years scale has no upper row.
 *
 * @example timelineGroups(columns, "months").map((group) => group.start.getFullYear()) // [2026, 2027]
 */
export function timelineGroups(columns: readonly TimelineColumn[], scale: GanttScaleName): TimelineGroup[] {
  if (scale === "years") return [];
  const key = (date: Date) =>
    scale === "months" ? date.getFullYear() : date.getFullYear() * 12 + date.getMonth();
  const groups: TimelineGroup[] = [];
  let current: (TimelineGroup & { key: number }) | null = null;
  for (const column of columns) {
    const columnKey = key(column.start);
    if (current && current.key === columnKey) {
      current.width += column.width;
      continue;
    }
    if (current) groups.push({ start: current.start, x: current.x, width: current.width });
    current = { key: columnKey, start: column.start, x: column.x, width: column.width };
  }
  if (current) groups.push({ start: current.start, x: current.x, width: current.width });
  return groups;
}

/**
 * The scroll position that puts today a quarter of the way across the visible timeline, kept
 * within what can be scrolled.
 *
 * @example todayScrollLeft(1000, 800, 4000) // 800
 */
export function todayScrollLeft(todayX: number, visibleWidth: number, contentWidth: number): number {
  const wanted = todayX - TODAY_OFFSET * visibleWidth;
  const furthest = Math.max(0, contentWidth - visibleWidth);
  return Math.min(furthest, Math.max(0, wanted));
}

/**
 * The columns (or header groups) that reach into [from, to) pixels: the chart draws only these, so
 * a timeline of thousands of columns costs what the screen shows. `items` are in x order.
 * @example itemsInView(columns, 0, 400) // the first columns, up to the one holding x = 400
 */
export function itemsInView<T extends { x: number; width: number }>(
  items: readonly T[],
  from: number,
  to: number,
): T[] {
  // The first item ending after `from`, by binary search.
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle].x + items[middle].width <= from) low = middle + 1;
    else high = middle;
  }
  const shown: T[] = [];
  for (let index = low; index < items.length && items[index].x < to; index += 1) shown.push(items[index]);
  return shown;
}

/** Share of the visible timeline a plan may fill at the zoom it opens in, leaving room either side. */
const FIT_SHARE = 0.85;

/**
 * The zoom a plan opens in when the user has chosen none: the finest scale whose columns show the
 * whole plan in `visibleWidth` pixels, else the coarsest (Years). Its value is the scale's first.
 * @example fittingZoom({ start: new Date(2026, 4, 4), end: new Date(2026, 5, 2) }, 1100) // 60: Weeks
 */
export function fittingZoom(plan: DateSpan, visibleWidth: number): number {
  const days = Math.max(1, (plan.end.getTime() - plan.start.getTime()) / DAY_MS);
  const finestFirst = [...GANTT_SCALES].sort((a, b) => b.fromZoom - a.fromZoom);
  for (const scale of finestFirst) {
    if (days * pixelsPerDay(scale) <= visibleWidth * FIT_SHARE) return scale.fromZoom;
  }
  return finestFirst[finestFirst.length - 1].fromZoom;
}
