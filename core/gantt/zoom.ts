// The Gantt zoom slider and the four time scales it chooses between.

/** The slider: 10 to 100 in steps of 5, starting at 30. */
export const GANTT_ZOOM = { min: 10, max: 100, step: 5, default: 30 } as const;

export type GanttScaleName = "years" | "months" | "weeks" | "days";

export type GanttScale = {
  name: GanttScaleName;
  /** The slider's label for it. */
  label: "Years" | "Months" | "Weeks" | "Days";
  /** The lowest zoom value that shows this scale. */
  fromZoom: number;
  /** Nominal width of one column (one year, month, week or day) in pixels. */
  columnWidth: number;
  /** Days in one column for the pixel arithmetic: a year is 365 days, a month 30. */
  unitDays: number;
  /** Columns shown before and after the one holding today. */
  back: number;
  forward: number;
};

/**
 * The scales from the coarsest to the finest. Each starts at its threshold and runs up to the next
 * one's: Years 10-25, Months 30-55, Weeks 60-95, Days 100 only.
 */
export const GANTT_SCALES: readonly GanttScale[] = [
  { name: "years", label: "Years", fromZoom: 10, columnWidth: 80, unitDays: 365, back: 2, forward: 6 },
  { name: "months", label: "Months", fromZoom: 30, columnWidth: 120, unitDays: 30, back: 3, forward: 9 },
  { name: "weeks", label: "Weeks", fromZoom: 60, columnWidth: 100, unitDays: 7, back: 4, forward: 12 },
  { name: "days", label: "Days", fromZoom: 100, columnWidth: 40, unitDays: 1, back: 7, forward: 21 },
];

/**
 * Snaps any number onto the slider: clamped to 10..100 and rounded to a step of 5; anything that is
 * not a finite number is the default, 30.
 *
 * @example clampZoom(57) // 55
 * @example clampZoom(400) // 100
 */
export function clampZoom(value: number): number {
  if (!Number.isFinite(value)) return GANTT_ZOOM.default;
  const clamped = Math.min(GANTT_ZOOM.max, Math.max(GANTT_ZOOM.min, value));
  return Math.round(clamped / GANTT_ZOOM.step) * GANTT_ZOOM.step;
}

/**
 * The scale a zoom value shows: the finest scale whose threshold it has reached.
 *
 * @example scaleForZoom(30).name // "months"
 * @example scaleForZoom(95).name // "weeks"
 * @example scaleForZoom(100).name // "days"
 */
export function scaleForZoom(zoom: number): GanttScale {
  const value = clampZoom(zoom);
  let chosen = GANTT_SCALES[0];
  for (const scale of GANTT_SCALES) if (value >= scale.fromZoom) chosen = scale;
  return chosen;
}

/**
 * The zoom a user chose, read back from storage: a number from 10 to 100, put on a step of 5;
 * null for anything else, nothing stored included (the chart then fits the plan).
 *
 * @example chosenZoom("60") // 60
 * @example chosenZoom("5") // null
 * @example chosenZoom(null) // null
 */
export function chosenZoom(stored: string | null | undefined): number | null {
  if (stored === null || stored === undefined || stored.trim() === "") return null;
  const value = Number(stored.trim());
  if (!Number.isFinite(value) || value < GANTT_ZOOM.min || value > GANTT_ZOOM.max) return null;
  return clampZoom(value);
}

/**
 * A zoom value read back from storage (accepted only between 10 and 100), else the default 30.
 *
 * @example parseStoredZoom("60") // 60
 * @example parseStoredZoom("5") // 30
 * @example parseStoredZoom(null) // 30
 */
export function parseStoredZoom(stored: string | null | undefined): number {
  return chosenZoom(stored) ?? GANTT_ZOOM.default;
}
