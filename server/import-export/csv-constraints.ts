// A task's constraint and deadline in a CSV (docs/spec/import-export.md, "Constraints and
// deadlines"): the columns "Constraint Type", "Constraint Date" and "Deadline", as MS Project
// names them. A type is read from its code (SNET) or MS Project's words ("Start No Earlier Than"),
// whatever their case; the export writes MS Project's words, which its own import and ours read.
import { CONSTRAINT_NAMES } from "@core/scheduling/constraint-fields";
import { CONSTRAINT_TYPES, type ConstraintType } from "@core/scheduling/constraints";
import type { ExportedTask } from "./imported-plan";

/** MS Project's words for each type, as its tables and its CSV export write them. */
export const CONSTRAINT_WORDS: Record<ConstraintType, string> = {
  ASAP: "As Soon As Possible",
  ALAP: "As Late As Possible",
  SNET: "Start No Earlier Than",
  SNLT: "Start No Later Than",
  FNET: "Finish No Earlier Than",
  FNLT: "Finish No Later Than",
  MSO: "Must Start On",
  MFO: "Must Finish On",
};

/** Words, codes and the planner's own names, lower case, single-spaced. */
const TYPE_OF = new Map<string, ConstraintType>(
  CONSTRAINT_TYPES.flatMap((type) => [
    [type.toLowerCase(), type],
    [CONSTRAINT_WORDS[type].toLowerCase(), type],
    [CONSTRAINT_NAMES[type].toLowerCase(), type],
  ]),
);

/**
 * The constraint type a cell names; ASAP for an empty cell, null for one it does not name.
 * @example constraintTypeOf("must start on") // "MSO"
 */
export function constraintTypeOf(cell: string): ConstraintType | null {
  const words = cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  if (words === "") return "ASAP";
  return TYPE_OF.get(words) ?? null;
}

/** Whether a date cell says there is none: empty, or MS Project's "NA". */
export const noDate = (cell: string) => cell === "" || /^n\/?a$/i.test(cell);

/** A task's three cells as the export writes them: MS Project's words, then "YYYY-MM-DD" days. */
export function constraintCells(
  task: Pick<ExportedTask, "constraintType" | "constraintDate" | "startNoEarlierThan" | "deadline">,
): [string, string, string] {
  // A task whose only word is its startNoEarlierThan holds SNET on that day.
  const snetOnly = (task.constraintType ?? "ASAP") === "ASAP" && task.startNoEarlierThan;
  const type = snetOnly ? "SNET" : (task.constraintType ?? "ASAP");
  const date = snetOnly
    ? task.startNoEarlierThan
    : type === "ASAP" || type === "ALAP"
      ? null
      : task.constraintDate;
  return [CONSTRAINT_WORDS[type], date?.slice(0, 10) ?? "", task.deadline?.slice(0, 10) ?? ""];
}
