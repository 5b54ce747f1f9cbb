// The plan on a past day on the wire (docs/spec/tracking.md, "The plan on a past day"):
// `GET /api/projects/{id}/as-of?at=<moment>` and its answer.
import { z } from "zod";
import type { ProjectDetailDto } from "./projects";

export const AT_MESSAGE =
  "at must be an ISO 8601 date-time with a time zone (2026-03-02T09:14:00Z) or a day (2026-03-02).";

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether year, month and day name a day that exists (no 2026-02-30). */
function dayExists(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/**
 * The moment `at` names: a date-time with its zone, or a day meaning the end of that UTC day;
 * null when it is neither.
 * @example momentOf("2026-03-02")?.toISOString() // "2026-03-02T23:59:59.999Z"
 */
export function momentOf(at: string): Date | null {
  const day = DAY.exec(at);
  if (day) return dayExists(day[1], day[2], day[3]) ? new Date(`${at}T23:59:59.999Z`) : null;
  const dateTime = DATE_TIME.exec(at);
  if (!dateTime || !dayExists(dateTime[1], dateTime[2], dateTime[3])) return null;
  const time = Date.parse(at);
  return Number.isNaN(time) ? null : new Date(time);
}

export const asOfQuerySchema = z.object({
  at: z
    .string({ error: AT_MESSAGE })
    .max(40, AT_MESSAGE)
    .transform((at, context) => {
      const moment = momentOf(at);
      if (!moment) {
        context.addIssue({ code: "custom", message: AT_MESSAGE });
        return z.NEVER;
      }
      return moment;
    }),
});

/** The project as it stood at `asOf` (ISO), in the shape of the project's own answer. */
export type ProjectAsOfDto = ProjectDetailDto & { asOf: string };

/** The 409 of a moment before the project's history began, naming the first one it can show. */
export const beforeTheLogMessage = (firstMoment: string) =>
  `The history of this project begins at ${firstMoment}; pick a later moment.`;
