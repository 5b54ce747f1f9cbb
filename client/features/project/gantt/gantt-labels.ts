// How the Gantt chart writes dates: header labels per scale, and the dates of a bar.

import { type BarKind, dayStart } from "@core/gantt/scheduled-bars";
import type { GanttScaleName } from "@core/gantt/zoom";
import { format } from "date-fns";

/** A column's label: "2026", "May", "May 11" (the week's Monday) or "W 13" (weekday initial, day). */
export function columnLabel(start: Date, scale: GanttScaleName): string {
  if (scale === "years") return format(start, "yyyy");
  if (scale === "months") return format(start, "MMM");
  if (scale === "weeks") return format(start, "MMM d");
  return format(start, "EEEEE d");
}

/** An upper header label: the year over months, the month and year over weeks and days. */
export function groupLabel(start: Date, scale: GanttScaleName): string {
  return scale === "months" ? format(start, "yyyy") : format(start, "MMMM yyyy");
}

/** A column's full name for its tooltip. */
export function columnTitle(start: Date, scale: GanttScaleName): string {
  if (scale === "years") return format(start, "yyyy");
  if (scale === "months") return format(start, "MMMM yyyy");
  if (scale === "weeks") return `Week of ${format(start, "MMM d, yyyy")}`;
  return format(start, "EEEE, MMM d, yyyy");
}

/** "May 1 – May 4, 2026": a bar's span as the calendar days it covers. */
export function barDatesLabel(start: Date, end: Date): string {
  const sameYear = start.getFullYear() === end.getFullYear();
  return `${format(start, sameYear ? "MMM d" : "MMM d, yyyy")} – ${format(end, "MMM d, yyyy")}`;
}

/** The row's words for a task with no dates at all: its bar from now is only a placeholder. */
export const NOT_SCHEDULED = "Not scheduled";

/**
 * The dates a task's row and bar name: a scheduled task's first and last day worked (a milestone's
 * one day), a dated task's bar, and "Not scheduled" for a task with no dates.
 * @example rowDatesLabel("scheduled", timing, { start: "2026-05-04", finish: "2026-05-08" }) // "May 4 – May 8, 2026"
 */
export function rowDatesLabel(
  kind: BarKind,
  timing: { start: Date; end: Date },
  schedule: { start: string; finish: string } | null | undefined,
): string {
  if (kind === "unscheduled") return NOT_SCHEDULED;
  if (kind === "scheduled" && schedule) {
    if (schedule.start === schedule.finish) return format(dayStart(schedule.start), "MMM d, yyyy");
    return barDatesLabel(dayStart(schedule.start), dayStart(schedule.finish));
  }
  return barDatesLabel(timing.start, timing.end);
}
