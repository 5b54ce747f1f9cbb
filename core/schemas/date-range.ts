// The years a date may fall in, for the API and every import format alike
// (docs/decisions/031-imports-off-the-request-thread.md): PostgreSQL stores no year 0, and
// "YYYY-MM-DD" has four digits, so a date before year 1 or
// past 9999 is refused wherever it arrives, and so is a schedule that would run past the last day.

export const YEAR_MIN = 1;
export const YEAR_MAX = 9999;
/** The first and last days a plan may hold, "YYYY-MM-DD". */
export const FIRST_DAY = "0001-01-01";
export const LAST_DAY = "9999-12-31";
/** How messages name the range. */
export const DATE_RANGE_TEXT = `from year ${YEAR_MIN} to ${YEAR_MAX}`;

/**
 * Whether a year may be stored.
 * @example isYearInRange(0) // false
 */
export const isYearInRange = (year: number): boolean =>
  Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX;

/**
 * Whether a date (an ISO day or date-time, or a Date) falls in the years a plan may hold, read in
 * UTC. A value that is no date at all is not in range either.
 * @example isDateInRange("0000-06-01") // false
 * @example isDateInRange("2026-11-26T09:00:00Z") // true
 */
export function isDateInRange(value: string | Date): boolean {
  const date =
    typeof value === "string"
      ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
      : value;
  const time = date.getTime();
  return !Number.isNaN(time) && isYearInRange(date.getUTCFullYear());
}
