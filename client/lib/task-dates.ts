// Task dates: calendar days picked in date inputs, sent as ISO instants (the local midnight of the
// day), and the due-date styling of My Tasks.
import { format, isValid, parseISO } from "date-fns";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Due within 24 hours is "due soon". */
export const DUE_SOON_MS = DAY_MS;

/**
 * A date input's value ("2026-05-01") for an ISO instant: the day whose UTC midnight is nearest. A
 * picked day is sent as its local midnight, and the scheduler stores UTC midnights; read this way
 * both show the day that was meant, in every zone from UTC-12 to UTC+12 (as the server reads them,
 * server/scheduling/task-changes.ts); "" for none.
 *
 * @example toDateInputValue("2026-05-01T00:00:00") // "2026-05-01"
 */
export function toDateInputValue(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = parseISO(iso);
  if (!isValid(date)) return "";
  return new Date(Math.round(date.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The ISO instant of a date input's day at local midnight; null when the input is empty.
 *
 * @example fromDateInputValue("") // null
 */
export function fromDateInputValue(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isValid(date) ? date.toISOString() : null;
}

/** "May 1, 2026"; null for none or an unreadable value. */
export function formatTaskDate(iso: string | null | undefined): string | null {
  const day = toDateInputValue(iso);
  return day ? format(parseISO(day), "MMM d, yyyy") : null;
}

export type DueTone = "overdue" | "due-soon" | "normal";

/**
 * How a due date is coloured: overdue (red) once the due day is over and the task is not completed;
 * due soon (orange) when less than 24 hours of the due day remain, or less; normal otherwise.
 * A due date is a calendar day, so the deadline is the end of that day, not its first minute: a
 * task due today is due soon, not overdue.
 *
 * @example dueTone("2026-05-01T00:00:00", false, new Date("2026-05-01T09:00:00")) // "due-soon"
 */
export function dueTone(dueIso: string | null | undefined, completed: boolean, now: Date): DueTone {
  if (!dueIso || completed) return "normal";
  const due = parseISO(dueIso);
  if (!isValid(due)) return "normal";
  const deadline = new Date(due.getFullYear(), due.getMonth(), due.getDate() + 1).getTime();
  const left = deadline - now.getTime();
  if (left <= 0) return "overdue";
  if (left <= DUE_SOON_MS) return "due-soon";
  return "normal";
}
