// How the Gantt timeline's header names its columns and the tier above them, per scale: the chart on
// screen, its pictures and its printed pages write the same words.
import { format } from "date-fns";
import type { GanttScaleName } from "./zoom";

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
