// The holidays a Schedule Settings save keeps: the ones listed, and the one still typed in the
// field, so a date typed and never added is not lost (a person presses Save, or Enter, without
// "Add holiday"). A field holding a half-typed date says so instead of saving without it.
import { DATE_RANGE_TEXT, isDateInRange } from "@core/schemas/date-range";
import { HOLIDAYS_MAX } from "@core/schemas/scheduling";

export const HOLIDAY_TEXTS = {
  unfinished: "The holiday typed is not a whole date: finish it, or clear the field.",
  outOfRange: `A holiday must be a date ${DATE_RANGE_TEXT}.`,
  tooMany: `A project may have at most ${HOLIDAYS_MAX} holidays.`,
} as const;

/** What the holiday field holds: its value, and whether the browser holds a date it could not read. */
export type TypedHoliday = { value: string; unfinished: boolean };

/**
 * The holidays with the typed one added (sorted, once), or the problem that keeps it out.
 * @example holidaysWithTyped(["2026-12-25"], { value: "2026-12-24", unfinished: false })
 * // { holidays: ["2026-12-24", "2026-12-25"] }
 */
export function holidaysWithTyped(
  holidays: readonly string[],
  typed: TypedHoliday,
): { holidays: string[]; problem?: undefined } | { problem: string; holidays?: undefined } {
  if (typed.unfinished) return { problem: HOLIDAY_TEXTS.unfinished };
  const day = typed.value.trim();
  if (day === "" || holidays.includes(day)) return { holidays: [...holidays] };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { problem: HOLIDAY_TEXTS.unfinished };
  if (!isDateInRange(day)) return { problem: HOLIDAY_TEXTS.outOfRange };
  if (holidays.length >= HOLIDAYS_MAX) return { problem: HOLIDAY_TEXTS.tooMany };
  return { holidays: [...holidays, day].sort() };
}
