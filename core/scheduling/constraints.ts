// A task's constraint and deadline as the scheduling engine reads them (MS Project's eight types;
// docs/spec/scheduling.md, "Constraints and deadlines"), in working days of a WorkingCalendar.
// Dependencies drive dates; a constraint they cannot meet shows rather than breaking a link:
// - SNET / FNET raise the early dates;
// - SNLT / FNLT cap only the late dates (a task its links push past its date stays where they
//   put it, its float negative);
// - MSO / MFO fix the task on its date, the one case where a link into it may be broken;
// - ALAP places the task at its late dates (no later than its links allow it to start early);
// - a deadline caps the late finish and never moves the task.
// A start-type day is the day the task starts (its start boundary); a finish-type day or a
// deadline is the last day worked (its finish boundary is the day after).

export const CONSTRAINT_TYPES = ["ASAP", "ALAP", "SNET", "SNLT", "FNET", "FNLT", "MSO", "MFO"] as const;
export type ConstraintType = (typeof CONSTRAINT_TYPES)[number];

/** A constraint that names a date (all but ASAP and ALAP). */
export const DATED_CONSTRAINTS: readonly ConstraintType[] = ["SNET", "SNLT", "FNET", "FNLT", "MSO", "MFO"];

/** A task's constraint in working days: `day` is null for ASAP and ALAP. */
export type EngineConstraint = { type: ConstraintType; day: number | null };

/** Why a task's start is where it is (EngineResult.driver). */
export const DRIVER = {
  /** The project's start: nothing later holds it. */
  projectStart: 0,
  /** A dependency: EngineResult.drivingDependency names it (for a task held by its summary, the link into the summary). */
  dependency: 1,
  /** Its constraint (or its summary's start-no-earlier-than, or ALAP). */
  constraint: 2,
  /** A manual task stands on its own dates. */
  manual: 3,
  /** Work on it has begun: it starts on its actual start (docs/spec/tracking.md). */
  actual: 4,
} as const;
export type DriverCode = (typeof DRIVER)[keyof typeof DRIVER];
export const DRIVER_NAMES = ["projectStart", "dependency", "constraint", "manual", "actual"] as const;

/** What a task's schedule conflicts with (EngineResult.conflict); 0 when nothing. */
export const CONFLICT = {
  none: 0,
  /** SNLT: its links start it after its start-no-later-than date. */
  startTooLate: 1,
  /** FNLT: its links finish it after its finish-no-later-than date. */
  finishTooLate: 2,
  /** MSO / MFO: its links would start it later than the date it is fixed on. */
  pinnedAgainstLink: 3,
  /** It finishes after its deadline. */
  pastDeadline: 4,
} as const;
export type ConflictCode = (typeof CONFLICT)[keyof typeof CONFLICT];

/**
 * The earliest start boundary a constraint allows a task of `length` days (SNET, FNET), or null.
 * @example earliestStartOf({ type: "FNET", day: 9 }, 3) // 7: it works days 7, 8 and 9
 */
export function earliestStartOf(
  constraint: EngineConstraint | null | undefined,
  length: number,
): number | null {
  if (!constraint || constraint.day === null) return null;
  if (constraint.type === "SNET") return constraint.day;
  if (constraint.type === "FNET") return constraint.day + 1 - length;
  return null;
}

/** The start boundary MSO or MFO fixes a task of `length` days on, or null. */
export function pinnedStartOf(
  constraint: EngineConstraint | null | undefined,
  length: number,
): number | null {
  if (!constraint || constraint.day === null) return null;
  if (constraint.type === "MSO") return constraint.day;
  if (constraint.type === "MFO") return constraint.day + 1 - length;
  return null;
}

/**
 * The latest finish boundary a constraint or a deadline allows a task of `length` days (SNLT,
 * FNLT, MSO, MFO, deadline), or +Infinity.
 * @example latestFinishOf({ type: "SNLT", day: 4 }, 2, null) // 6
 */
export function latestFinishOf(
  constraint: EngineConstraint | null | undefined,
  length: number,
  deadline: number | null | undefined,
): number {
  let latest = deadline === null || deadline === undefined ? Number.POSITIVE_INFINITY : deadline + 1;
  if (constraint && constraint.day !== null) {
    const { type, day } = constraint;
    if (type === "SNLT" || type === "MSO") latest = Math.min(latest, day + length);
    if (type === "FNLT" || type === "MFO") latest = Math.min(latest, day + 1);
  }
  return latest;
}

/** The conflict of a task scheduled at start..finish with its constraint and deadline (not MSO / MFO's). */
export function conflictOf(
  constraint: EngineConstraint | null | undefined,
  deadline: number | null | undefined,
  start: number,
  finish: number,
): ConflictCode {
  if (constraint && constraint.day !== null) {
    if (constraint.type === "SNLT" && start > constraint.day) return CONFLICT.startTooLate;
    if (constraint.type === "FNLT" && finish > constraint.day + 1) return CONFLICT.finishTooLate;
  }
  if (deadline !== null && deadline !== undefined && finish > deadline + 1) return CONFLICT.pastDeadline;
  return CONFLICT.none;
}
