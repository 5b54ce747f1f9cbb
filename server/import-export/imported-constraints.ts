// A task's constraint and deadline as an import keeps them (docs/spec/import-export.md,
// "Constraints and deadlines"). Readers pass on what the file says: a constraint type and date, a
// start-no-earlier-than (the same fact as SNET), a deadline. Here they are made to agree as the
// database's checks want them, and what cannot be kept is dropped with a warning naming the task,
// never refused: a dated type with no date or with a date that is no day, a summary's constraint
// other than SNET (the API refuses those too), a deadline that is no day. A date outside years
// 1..9999 refuses the plan, as every other date does (docs/decisions/031-imports-off-the-request-thread.md).
import { CONSTRAINT_NAMES, isConstraintType, SUMMARY_CONSTRAINTS } from "@core/scheduling/constraint-fields";
import { type ConstraintType, DATED_CONSTRAINTS } from "@core/scheduling/constraints";
import { isDateInRange } from "@core/schemas/date-range";
import { dateOutOfRange, type ImportedTask, YEAR_OUT_OF_RANGE } from "./imported-plan";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a "YYYY-MM-DD" day that exists (no 2026-02-30). */
export const isRealDay = (day: string) => {
  if (!DAY.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

const wordsOf = (type: ConstraintType) => CONSTRAINT_NAMES[type].toLowerCase();
const named = (task: ImportedTask) => `"${task.name.slice(0, 60)}"`;
const some = (texts: readonly string[]) =>
  texts.length > 3 ? `${texts.slice(0, 3).join(", ")} and ${texts.length - 3} more` : texts.join(", ");

/** A day the plan may hold, null for a text that is no day; a year outside 1..9999 refuses the plan. */
function dayOrNull(value: string, task: ImportedTask, field: string): string | null {
  if (YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(task.name, field, value);
  if (!isRealDay(value)) return null;
  if (!isDateInRange(value)) throw dateOutOfRange(task.name, field, value);
  return value;
}

/**
 * Settles each task's constraintType, constraintDate, startNoEarlierThan and deadline, in place,
 * adding a warning for each kind of thing dropped. A start-no-earlier-than alone is SNET on its
 * day; when a file says both and they disagree, the constraint type wins (and a warning says so).
 * `summaryKeys`: the tasks with tasks under them.
 */
export function settleConstraints(
  tasks: readonly ImportedTask[],
  summaryKeys: ReadonlySet<string>,
  warnings: string[],
): void {
  const unknown: string[] = [];
  const undated: string[] = [];
  const notADay: string[] = [];
  const onSummary: string[] = [];
  const disagreeing: string[] = [];
  const badDeadlines: string[] = [];
  for (const task of tasks) {
    let type: ConstraintType = task.constraintType ?? "ASAP";
    if (!isConstraintType(type)) {
      unknown.push(`${named(task)} ("${String(type).slice(0, 40)}")`);
      type = "ASAP";
    }
    let date = task.constraintDate?.trim() || null;
    const startNoEarlierThan = task.startNoEarlierThan;
    if (type === "ASAP" && startNoEarlierThan) {
      type = "SNET";
      date = startNoEarlierThan;
    } else if (startNoEarlierThan && !(type === "SNET" && date === startNoEarlierThan))
      disagreeing.push(`${named(task)} (${wordsOf(type)}${date ? ` ${date.slice(0, 40)}` : ""})`);
    if (!DATED_CONSTRAINTS.includes(type)) date = null;
    else if (date === null) {
      undated.push(`${named(task)} (${wordsOf(type)})`);
      type = "ASAP";
    } else if (dayOrNull(date, task, "constraintDate") === null) {
      notADay.push(`${named(task)} (${wordsOf(type)} "${date.slice(0, 40)}")`);
      type = "ASAP";
      date = null;
    }
    if (summaryKeys.has(task.key) && !SUMMARY_CONSTRAINTS.includes(type)) {
      onSummary.push(`${named(task)} (${wordsOf(type)}${date ? ` ${date}` : ""})`);
      type = "ASAP";
      date = null;
    }
    task.constraintType = type;
    task.constraintDate = date;
    task.startNoEarlierThan = type === "SNET" ? date : null;

    const deadline = task.deadline?.trim() || null;
    task.deadline = deadline === null ? null : dayOrNull(deadline, task, "deadline");
    if (deadline !== null && task.deadline === null)
      badDeadlines.push(`${named(task)} ("${deadline.slice(0, 40)}")`);
  }
  if (unknown.length > 0)
    warnings.push(
      `Dropped ${unknown.length} constraints of a type the planner does not know: ${some(unknown)}.`,
    );
  if (undated.length > 0)
    warnings.push(`Dropped ${undated.length} constraints that give no date: ${some(undated)}.`);
  if (notADay.length > 0)
    warnings.push(
      `Dropped ${notADay.length} constraints whose date is not a day written YYYY-MM-DD: ${some(notADay)}.`,
    );
  if (onSummary.length > 0)
    warnings.push(
      `Dropped ${onSummary.length} constraints of summary tasks, which take only "start no earlier than": ${some(onSummary)}.`,
    );
  if (disagreeing.length > 0)
    warnings.push(
      `Kept the constraint type of ${disagreeing.length} tasks whose startNoEarlierThan said otherwise: ${some(disagreeing)}.`,
    );
  if (badDeadlines.length > 0)
    warnings.push(
      `Dropped ${badDeadlines.length} deadlines that are not a day written YYYY-MM-DD: ${some(badDeadlines)}.`,
    );
}
