// What the Gantt chart draws of tracking (docs/spec/tracking.md): the status-date line at the end
// of the status day, a bar's progress and lateness in words, and a compared baseline's thin bar
// under a task's, from the start of its first day to the end of its last.
import { dayWords } from "../scheduling/schedule-explanation";
import { dayEnd, dayStart } from "./scheduled-bars";
import { dateToX, MIN_BAR_WIDTH, type TimelineWindow } from "./timeline";

export type StatusLine = {
  /** The status day, "YYYY-MM-DD". */
  day: string;
  /** Pixels from the window's start: the end of the status day. */
  x: number;
  /** Its name: "Status date Mar 4, 2026". */
  label: string;
};

/**
 * Where the status-date line goes: the end of `statusDay` ("YYYY-MM-DD", the project's statusDate,
 * or today's UTC day when it has none); null when the timeline does not hold it.
 * @example statusLine("2026-05-08", window) // { day: "2026-05-08", x: 120, label: "Status date May 8, 2026" } on the days scale from May 6
 */
export function statusLine(statusDay: string, window: TimelineWindow): StatusLine | null {
  const day = statusDay.slice(0, 10);
  const end = dayEnd(day);
  if (end <= window.start || end > window.end) return null;
  return { day, x: dateToX(end, window), label: `Status date ${dayWords(day)}` };
}

/** The words a late task's bar adds to its description. */
export const BEHIND_SCHEDULE = "Behind schedule";

/**
 * A bar's progress in words, for its description: "40% complete".
 * @example progressWords(40) // "40% complete"
 */
export const progressWords = (percent: number) => `${percent}% complete`;

/**
 * The share of a bar filled as done: the percent kept within 0..100, 0 for what is not a number.
 * @example progressFill(140) // 100
 */
export function progressFill(percent: number | null | undefined): number {
  if (typeof percent !== "number" || Number.isNaN(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

/**
 * Where a baseline's thin bar goes under a task: from the start of its saved start day to the end
 * of its saved finish day, never narrower than a bar; null when the baseline did not schedule it.
 * @example baselineBar({ start: "2026-05-06", finish: "2026-05-07" }, window) // { left: 0, width: 80 } on the days scale from May 6
 */
export function baselineBar(
  saved: { start: string | null; finish: string | null } | undefined,
  window: TimelineWindow,
): { left: number; width: number } | null {
  if (!saved?.start || !saved.finish) return null;
  const left = dateToX(dayStart(saved.start.slice(0, 10)), window);
  const right = dateToX(dayEnd(saved.finish.slice(0, 10)), window);
  return { left, width: Math.max(MIN_BAR_WIDTH, right - left) };
}
