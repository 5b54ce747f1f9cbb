// Durations from other tools' files as the planner's whole working days. Every reader rounds the
// same way, up: a task that ends part-way through a day still works that day, so MS Project's
// 14.29-day task takes 15 days here and finishes on the day MS Project does
// (docs/spec/import-export.md, durations).

/**
 * How far a duration may lie above a whole number of days and still be that number: the noise of
 * floating point (0.1 x 3 / 0.3 is 1.0000000000000002), not work. A second is 3.5e-5 of an 8-hour day.
 */
const NOISE_DAYS = 1e-6;

/**
 * A duration in working days (finite, not negative) as whole working days, rounded up: a part-day
 * is a day worked. A whole number of days stays as it is, zero too (a milestone).
 * @example wholeWorkingDays(114.3 / 8) // 15 (MS Project's PT114H18M0S at 8 hours a day)
 * @example wholeWorkingDays(112 / 8) // 14
 */
export function wholeWorkingDays(days: number): number {
  return days <= NOISE_DAYS ? 0 : Math.ceil(days - NOISE_DAYS);
}

/**
 * Whether a duration holds a part-day that `wholeWorkingDays` rounds up (float noise aside): what a
 * reader's warning about rounding names.
 * @example roundsUp(1.5) // true
 * @example roundsUp(112 / 8) // false
 */
export function roundsUp(days: number): boolean {
  return Math.abs(wholeWorkingDays(days) - days) > NOISE_DAYS;
}
