// What a task's schedule says beyond its dates (docs/spec/constraints.md): its free float, what
// drives its start, and whether a constraint or deadline of it is missed, in words. Worked out
// where an answer is made, from the engine's arrays (free float and drivers are computed when
// first read, drivers.ts), never in the scheduling a write runs to find what moves.
import { CONFLICT, type ConstraintType, DRIVER } from "./constraints";
import type { EngineResult } from "./engine";

/** What the words of a conflict read of a task. */
type ConstraintDates = {
  constraintType?: ConstraintType | null;
  constraintDate?: string | Date | null;
  deadline?: string | Date | null;
};

/** What sets a task's start: the link it waits for, or one of the other four. */
export type DrivenBy =
  | { kind: "dependency"; dependencyId: number }
  | { kind: "constraint" | "projectStart" | "actual" | "manual" };

export type ScheduleExplanation = {
  /** Working days it can slip without moving a dependent's start (or the project's finish). */
  freeFloat: number;
  drivenBy: DrivenBy;
  /** A constraint or its deadline is not met: its float is negative, or a link into it is broken. */
  conflict: boolean;
  /** The conflict in words; null without one. */
  conflictReason: string | null;
  /** Behind its schedule at the project's status date (status-date.ts). */
  late: boolean;
};

// One object per kind without a link: thousands of tasks share them.
const FIXED_DRIVERS = {
  projectStart: Object.freeze({ kind: "projectStart" }),
  constraint: Object.freeze({ kind: "constraint" }),
  manual: Object.freeze({ kind: "manual" }),
  actual: Object.freeze({ kind: "actual" }),
} as const;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Mar 4, 2026" of a "YYYY-MM-DD", read from its digits (thousands of conflicts are worded per
 * answer; date-fns took most of the explanation's time).
 */
export const dayWords = (day: string) =>
  `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${Number(day.slice(0, 4))}`;

/** A stored day (or a date's UTC day) in words; "" for none. */
const wordsOf = (value: string | Date | null | undefined) =>
  value instanceof Date
    ? dayWords(value.toISOString().slice(0, 10))
    : value
      ? dayWords(value.slice(0, 10))
      : "";

/** The words of a task's conflict (CONFLICT in constraints.ts). */
export function conflictWords(
  code: number,
  task: ConstraintDates,
  start: string,
  finish: string,
): string | null {
  const date = wordsOf(task.constraintDate);
  switch (code) {
    case CONFLICT.startTooLate:
      return `Starts ${dayWords(start)}, after its start-no-later-than date, ${date}: its prerequisites do not let it start sooner.`;
    case CONFLICT.finishTooLate:
      return `Finishes ${dayWords(finish)}, after its finish-no-later-than date, ${date}: its prerequisites do not let it finish sooner.`;
    case CONFLICT.pinnedAgainstLink:
      return `Must ${task.constraintType === "MFO" ? "finish" : "start"} on ${date}, sooner than its prerequisites allow: a link into it is not met.`;
    case CONFLICT.pastDeadline:
      return `Finishes ${dayWords(finish)}, after its deadline, ${wordsOf(task.deadline)}.`;
    default:
      return null;
  }
}

/**
 * What drives the start of the task in `slot` of the engine's result. `dependencies` are those it
 * was scheduled from, in the same order; a dependency's `id` names it.
 */
export function drivenByOf(
  result: EngineResult,
  slot: number,
  dependencies: readonly { id?: number }[],
): DrivenBy {
  const code = result.driver[slot];
  if (code === DRIVER.dependency) {
    const dependencyId = dependencies[result.drivingDependency[slot]]?.id;
    if (dependencyId !== undefined) return { kind: "dependency", dependencyId };
  }
  return code === DRIVER.actual
    ? FIXED_DRIVERS.actual
    : code === DRIVER.manual
      ? FIXED_DRIVERS.manual
      : code === DRIVER.constraint
        ? FIXED_DRIVERS.constraint
        : FIXED_DRIVERS.projectStart;
}
