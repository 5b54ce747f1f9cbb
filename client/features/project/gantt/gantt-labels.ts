// How the Gantt chart writes a bar's and a row's dates (the header's labels: core/gantt/timeline-labels.ts).

import { type BarKind, dayStart } from "@core/gantt/scheduled-bars";
import { format } from "date-fns";

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
