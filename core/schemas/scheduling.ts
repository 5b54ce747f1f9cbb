// Scheduling on the wire: the fields tasks, dependencies and projects gain, with their messages,
// the `?dryRun=true` query and the shapes of `schedule` and `preview`
// (docs/decisions/024-scheduling.md).
import { z } from "zod";
import { CONSTRAINT_TYPES } from "../scheduling/constraints";
import { DEPENDENCY_TYPES, SCHEDULING_MODES } from "../scheduling/engine";
import { DATE_RANGE_TEXT, isDateInRange } from "./date-range";

export type { DependencyType, SchedulingMode } from "../scheduling/engine";
export type { MovedTask, SchedulePreview, TaskSchedule } from "../scheduling/project-schedule";

export const DURATION_MAX = 10_000;
export const LAG_LIMIT = 1_000;
export const HOLIDAYS_MAX = 1_000;

/** A calendar day, "YYYY-MM-DD", that exists (no 2026-02-30), in years 1..9999 (date-range.ts). */
export const isoDaySchema = (name: string) =>
  z
    .string({ error: `${name} must be a date written YYYY-MM-DD.` })
    .refine((value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `${name} must be a date written YYYY-MM-DD.`)
    .refine((value) => isDateInRange(value), `${name} must be a date ${DATE_RANGE_TEXT}.`);

export const durationSchema = z
  .number({ error: `duration must be a whole number of working days from 0 to ${DURATION_MAX}, or null.` })
  .int(`duration must be a whole number of working days from 0 to ${DURATION_MAX}, or null.`)
  .min(0, `duration must be a whole number of working days from 0 to ${DURATION_MAX}, or null.`)
  .max(DURATION_MAX, `duration must be a whole number of working days from 0 to ${DURATION_MAX}, or null.`)
  .nullable();

export const schedulingModeSchema = z.enum(SCHEDULING_MODES, {
  error: `schedulingMode must be one of ${SCHEDULING_MODES.join(", ")}.`,
});

export const constraintTypeSchema = z.enum(CONSTRAINT_TYPES, {
  error: `constraintType must be one of ${CONSTRAINT_TYPES.join(", ")}.`,
});

export const dependencyTypeSchema = z.enum(DEPENDENCY_TYPES, {
  error: `type must be one of ${DEPENDENCY_TYPES.join(", ")}.`,
});

export const lagSchema = z
  .number({ error: `lag must be a whole number of working days from -${LAG_LIMIT} to ${LAG_LIMIT}.` })
  .int(`lag must be a whole number of working days from -${LAG_LIMIT} to ${LAG_LIMIT}.`)
  .min(-LAG_LIMIT, `lag must be a whole number of working days from -${LAG_LIMIT} to ${LAG_LIMIT}.`)
  .max(LAG_LIMIT, `lag must be a whole number of working days from -${LAG_LIMIT} to ${LAG_LIMIT}.`);

const WORKING_DAYS_MESSAGE =
  "workingDays must list from 1 to 7 different weekdays, 1 = Monday .. 7 = Sunday.";
export const workingDaysSchema = z
  .array(
    z
      .number({ error: WORKING_DAYS_MESSAGE })
      .int(WORKING_DAYS_MESSAGE)
      .min(1, WORKING_DAYS_MESSAGE)
      .max(7, WORKING_DAYS_MESSAGE),
    {
      error: WORKING_DAYS_MESSAGE,
    },
  )
  .min(1, WORKING_DAYS_MESSAGE)
  .max(7, WORKING_DAYS_MESSAGE)
  .refine((days) => new Set(days).size === days.length, WORKING_DAYS_MESSAGE)
  .transform((days) => [...days].sort((a, b) => a - b));

export const holidaysSchema = z
  .array(isoDaySchema("holidays"), { error: "holidays must be a list of dates written YYYY-MM-DD." })
  .max(HOLIDAYS_MAX, `holidays may hold at most ${HOLIDAYS_MAX} dates.`)
  .transform((days) => [...new Set(days)].sort());

/** `?dryRun=true` previews a write instead of making it. */
export const dryRunQuerySchema = z.object({
  dryRun: z
    .string()
    .optional()
    .transform((value) => value === "true" || value === "1"),
});

/** The project's part of a project answer: when it finishes. */
export type ProjectScheduleDto = { finish: string | null };
