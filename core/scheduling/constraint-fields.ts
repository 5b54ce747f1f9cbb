// A task's constraint as it is written and stored (docs/spec/constraints.md): `constraintType` and
// `constraintDate`, and `startNoEarlierThan`, which stays on the wire as the same fact as SNET
// with its date. A write may send either; the task ends holding both, agreeing. The server judges
// every write by this, and the task dialog the same way.
import { CONSTRAINT_TYPES, type ConstraintType, DATED_CONSTRAINTS } from "./constraints";

/** A task's constraint fields as stored and answered. */
export type ConstraintFields = {
  constraintType: ConstraintType;
  constraintDate: string | null;
  startNoEarlierThan: string | null;
};

/** What a write sends of them (undefined: left as it is). */
export type ConstraintChanges = {
  constraintType?: ConstraintType;
  constraintDate?: string | null;
  startNoEarlierThan?: string | null;
};

/** The constraint types a summary task may hold: its start-no-earlier-than binds its subtree. */
export const SUMMARY_CONSTRAINTS: readonly ConstraintType[] = ["ASAP", "SNET"];

export const CONSTRAINT_MESSAGES = {
  dateRequired: (type: ConstraintType) => `constraintDate is required for a ${type} constraint.`,
  dateNotTaken: (type: ConstraintType) => `constraintDate must be empty for an ${type} constraint.`,
  disagree:
    "startNoEarlierThan and constraintType disagree: send SNET with the same constraintDate, or one of them.",
  summary: "A summary task takes only a start-no-earlier-than constraint (ASAP or SNET).",
};

/** A constraint type's words, as the task dialog and the list say them. */
export const CONSTRAINT_NAMES: Record<ConstraintType, string> = {
  ASAP: "As soon as possible",
  ALAP: "As late as possible",
  SNET: "Start no earlier than",
  SNLT: "Start no later than",
  FNET: "Finish no earlier than",
  FNLT: "Finish no later than",
  MSO: "Must start on",
  MFO: "Must finish on",
};

export const isConstraintType = (value: unknown): value is ConstraintType =>
  typeof value === "string" && (CONSTRAINT_TYPES as readonly string[]).includes(value);

const isDated = (type: ConstraintType) => DATED_CONSTRAINTS.includes(type);

/**
 * The constraint a task holds after a write, or the problem with the write: the field it names and
 * why. The date a dated type keeps when only the type changes is the task's own date.
 * @example resolveConstraint({ constraintType: "ASAP", constraintDate: null, startNoEarlierThan: null }, { startNoEarlierThan: "2026-03-02" })
 * // { constraintType: "SNET", constraintDate: "2026-03-02", startNoEarlierThan: "2026-03-02" }
 */
export function resolveConstraint(
  current: ConstraintFields,
  changes: ConstraintChanges,
): ConstraintFields | { field: keyof ConstraintChanges; message: string } {
  let type = current.constraintType;
  let date = isDated(type) ? current.constraintDate : null;
  if (changes.constraintType !== undefined) {
    type = changes.constraintType;
    if (!isDated(type)) {
      if (changes.constraintDate)
        return { field: "constraintDate", message: CONSTRAINT_MESSAGES.dateNotTaken(type) };
      date = null;
    } else if (changes.constraintDate !== undefined) date = changes.constraintDate;
  } else if (changes.constraintDate !== undefined) {
    if (!isDated(type) && changes.constraintDate)
      return { field: "constraintDate", message: CONSTRAINT_MESSAGES.dateNotTaken(type) };
    date = isDated(type) ? changes.constraintDate : null;
  }
  const snet = changes.startNoEarlierThan;
  if (snet !== undefined) {
    if (changes.constraintType !== undefined || changes.constraintDate !== undefined) {
      const agrees = snet === null ? type !== "SNET" : type === "SNET" && date === snet;
      if (!agrees) return { field: "startNoEarlierThan", message: CONSTRAINT_MESSAGES.disagree };
    } else if (snet !== null) {
      type = "SNET";
      date = snet;
    } else if (type === "SNET") {
      type = "ASAP";
      date = null;
    }
  }
  if (isDated(type) && !date)
    return { field: "constraintDate", message: CONSTRAINT_MESSAGES.dateRequired(type) };
  return { constraintType: type, constraintDate: date, startNoEarlierThan: type === "SNET" ? date : null };
}

/** Whether a write sends any of the constraint fields. */
export const sendsConstraint = (changes: ConstraintChanges) =>
  changes.constraintType !== undefined ||
  changes.constraintDate !== undefined ||
  changes.startNoEarlierThan !== undefined;
