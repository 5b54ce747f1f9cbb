// A task's progress and actual dates as an import keeps them (docs/spec/import-export.md,
// "Tracking"). Readers pass on what the file says: a percent, completion, an actual start and
// finish. Here they are made to agree as the database's checks and the tracking rules want them:
// 100 % and completed are one fact (either in the file makes both), an actual finish without a
// start starts that day too, a finish before its start is dropped; a summary's progress and actuals
// are its leaves' rolled up, never stored. What cannot be kept is dropped with a warning naming the
// task, never refused; a date outside years 1..9999 refuses the plan, as every other date does
// (docs/decisions/031-imports-off-the-request-thread.md).
import type { ScheduledDates } from "@core/scheduling/project-schedule";
import { DATE_RANGE_TEXT, isDateInRange } from "@core/schemas/date-range";
import { isRealDay } from "./imported-constraints";
import { dateOutOfRange, ImportError, type ImportedTask, YEAR_OUT_OF_RANGE } from "./imported-plan";

const named = (task: ImportedTask) => `"${task.name.slice(0, 60)}"`;
const some = (texts: readonly string[]) =>
  texts.length > 3 ? `${texts.slice(0, 3).join(", ")} and ${texts.length - 3} more` : texts.join(", ");

/**
 * The day a date of the file gives ("YYYY-MM-DD", or the day of an ISO date-time), null for a text
 * that is no day; a year outside 1..9999 refuses the plan naming the task and the field.
 */
function dayOrNull(value: string, taskName: string, field: string): string | null {
  if (YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(taskName, field, value);
  const day = value.trim().slice(0, 10);
  const rest = value.trim().slice(10);
  if (!isRealDay(day) || (rest !== "" && !/^T\d{2}:\d{2}/.test(rest))) return null;
  if (!isDateInRange(day)) throw dateOutOfRange(taskName, field, value);
  return day;
}

/**
 * Settles each task's percentComplete, completed, status, actualStart and actualFinish, in place,
 * adding a warning for each kind of thing changed or dropped. `summaryKeys`: the tasks with tasks
 * under them, whose progress and actuals roll up (a completed summary keeps 100 %, the same fact).
 */
export function settleTracking(
  tasks: readonly ImportedTask[],
  summaryKeys: ReadonlySet<string>,
  warnings: string[],
): void {
  const clamped: string[] = [];
  const unreadable: string[] = [];
  const backwards: string[] = [];
  const unfinished: string[] = [];
  for (const task of tasks) {
    let percent = task.percentComplete;
    if (percent !== null && !Number.isFinite(percent)) {
      unreadable.push(`${named(task)} (percent complete)`);
      percent = null;
    } else if (percent !== null && (percent < 0 || percent > 100)) {
      clamped.push(`${named(task)} (${percent} %)`);
      percent = Math.min(100, Math.max(0, percent));
    }
    if (percent !== null) percent = Math.round(percent);
    const completed = task.completed || task.status === "completed" || percent === 100;
    const readDay = (value: string | null, field: string, label: string) => {
      const trimmed = value?.trim() ?? "";
      if (trimmed === "") return null;
      const day = dayOrNull(trimmed, task.name, field);
      if (day === null) unreadable.push(`${named(task)} (${label} "${trimmed.slice(0, 40)}")`);
      return day;
    };
    let actualStart = readDay(task.actualStart, "actualStart", "actual start");
    let actualFinish = readDay(task.actualFinish, "actualFinish", "actual finish");
    if (summaryKeys.has(task.key)) {
      // A summary's are its leaves', rolled up when asked.
      task.percentComplete = completed ? 100 : 0;
      task.actualStart = null;
      task.actualFinish = null;
      task.completed = completed;
      if (completed) task.status = "completed";
      continue;
    }
    if (actualFinish !== null && actualStart !== null && actualFinish < actualStart) {
      backwards.push(`${named(task)} (started ${actualStart}, finished ${actualFinish})`);
      actualFinish = null;
    }
    // A task the file says is still under way (a percent below 100) has not finished.
    if (actualFinish !== null && !completed && percent !== null) {
      unfinished.push(`${named(task)} (${percent} %, finished ${actualFinish})`);
      actualFinish = null;
    }
    // A finish with no percent and no completion is the file's word that the task is done.
    const done = completed || actualFinish !== null;
    if (actualFinish !== null && actualStart === null) actualStart = actualFinish;
    task.completed = done;
    task.percentComplete = done ? 100 : (percent ?? 0);
    if (done) task.status = "completed";
    else if (task.percentComplete > 0 && task.status === "not-started") task.status = "in-progress";
    task.actualStart = actualStart;
    task.actualFinish = actualFinish;
  }
  if (clamped.length > 0)
    warnings.push(`Kept ${clamped.length} percents complete within 0 to 100: ${some(clamped)}.`);
  if (unreadable.length > 0)
    warnings.push(
      `Left out ${unreadable.length} progress values that could not be read (a percent, or a day written YYYY-MM-DD): ${some(unreadable)}.`,
    );
  if (backwards.length > 0)
    warnings.push(
      `Dropped ${backwards.length} actual finishes before their task's actual start: ${some(backwards)}.`,
    );
  if (unfinished.length > 0)
    warnings.push(
      `Dropped ${unfinished.length} actual finishes of tasks the file says are not complete: ${some(unfinished)}.`,
    );
}

/**
 * Gives what the tracking rules want and the file left out, in place, once the plan is scheduled:
 * a completed leaf an actual finish, a leaf with progress an actual start, as the API does
 * (docs/spec/tracking.md): its scheduled dates (which its actuals then keep), else its own, else
 * `today`. Never a start after the finish.
 */
export function fillActuals(
  tasks: readonly ImportedTask[],
  scheduled: readonly (ScheduledDates | null)[],
  summaryKeys: ReadonlySet<string>,
  today: string,
): void {
  const day = (value: string | null | undefined) =>
    value && isRealDay(value.slice(0, 10)) ? value.slice(0, 10) : null;
  tasks.forEach((task, index) => {
    if (summaryKeys.has(task.key)) return;
    const dates = scheduled[index];
    if (task.completed && task.actualFinish === null) {
      let finish =
        dates?.finish ?? day(task.dueDate) ?? day(task.completedAt) ?? day(task.startDate) ?? today;
      if (task.actualStart !== null && finish < task.actualStart) finish = task.actualStart;
      task.actualFinish = finish;
    }
    if ((task.percentComplete ?? 0) > 0 && task.actualStart === null) {
      let start = dates?.start ?? day(task.startDate) ?? task.actualFinish ?? today;
      if (task.actualFinish !== null && start > task.actualFinish) start = task.actualFinish;
      task.actualStart = start;
    }
  });
}

/**
 * The project's status date as the plan keeps it: a day, or null when the file has none or one
 * that is no day (said in a warning); a year outside 1..9999 refuses the plan.
 */
export function settleStatusDate(value: string | null | undefined, warnings: string[]): string | null {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return null;
  if (
    YEAR_OUT_OF_RANGE.test(trimmed) ||
    (isRealDay(trimmed.slice(0, 10)) && !isDateInRange(trimmed.slice(0, 10)))
  )
    throw new ImportError(
      `The project's status date is ${trimmed.slice(0, 40)}; dates must fall ${DATE_RANGE_TEXT}.`,
    );
  const day = trimmed.slice(0, 10);
  if (!isRealDay(day) || (trimmed.length > 10 && !/^T\d{2}:\d{2}/.test(trimmed.slice(10)))) {
    warnings.push(
      `Left out the project's status date "${trimmed.slice(0, 40)}", which is not a day written YYYY-MM-DD.`,
    );
    return null;
  }
  return day;
}
