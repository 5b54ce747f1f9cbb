// The shaded bands of non-working days (weekends and the calendar's holidays) behind the Gantt's
// rows, on the scales where a day is wide enough to see: Days (40 px) and Weeks (about 14 px).
import { addDays, startOfDay } from "date-fns";
import { dateToX, type TimelineWindow, xToDate } from "./timeline";

export type DayBand = { x: number; width: number };

/** Scales on which non-working days are shaded. */
export const SHADED_SCALES = new Set(["days", "weeks"]);

/**
 * The runs of non-working days between `from` and `to` pixels, each one band; none on a scale
 * too coarse to show a day.
 * @example nonWorkingBands(weeksWindow, 0, 700, isWorkday) // one band per weekend in view
 */
export function nonWorkingBands(
  window: TimelineWindow,
  from: number,
  to: number,
  isWorkday: (day: Date) => boolean,
): DayBand[] {
  if (!SHADED_SCALES.has(window.scale.name)) return [];
  const bands: DayBand[] = [];
  const last = xToDate(Math.max(from, to), window);
  let open: DayBand | null = null;
  for (let day = startOfDay(xToDate(Math.max(0, from), window)); day <= last; day = addDays(day, 1)) {
    if (day >= window.end) break;
    const x = dateToX(day, window);
    const width = dateToX(addDays(day, 1), window) - x;
    if (isWorkday(day)) {
      open = null;
    } else if (open) {
      open.width += width;
    } else {
      open = { x, width };
      bands.push(open);
    }
  }
  return bands;
}
