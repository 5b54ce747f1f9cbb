// Tracking in MSPDI (docs/spec/import-export.md, "Tracking"): a task's PercentComplete,
// ActualStart and ActualFinish, the project's StatusDate, and the <Baseline> elements of each task
// row (Number 0..10: "Baseline", "Baseline 1".."Baseline 10"). Dates are date-times read as days: a
// start its own day, a finish (MS Project writes ActualFinish at 17:00) the working day before
// when written at or before its day's first working hour, as a task's Finish is. A baseline's
// Duration is working time, whole working days rounded up as a task's is (whole-days.ts). The
// writer puts starts at 08:00 and finishes at 17:00, the hours of its one "Standard" calendar, in
// the schema's order.
import { DATE_RANGE_TEXT } from "@core/schemas/date-range";
import { DURATION_MAX } from "@core/schemas/scheduling";
import {
  dateOutOfRange,
  type ExportedBaseline,
  type ExportedPlan,
  type ExportedTask,
  ImportError,
  type ImportedBaseline,
  YEAR_OUT_OF_RANGE,
} from "./imported-plan";
import { minutesOf } from "./mspdi-calendar";
import { type Calendars, dayOf } from "./mspdi-constraints";
import { wholeWorkingDays } from "./whole-days";
import { children, text, type XmlElement } from "./xml";

/** MS Project's baselines by Number: 0 is "Baseline", n is "Baseline n". */
export const BASELINE_NUMBERS = 11;
export const baselineName = (number: number) => (number === 0 ? "Baseline" : `Baseline ${number}`);

/** A date of the project row whose year no date may have refuses the file, naming the field. */
function checkedProjectYear(value: string | null, field: string): string | null {
  if (value !== null && YEAR_OUT_OF_RANGE.test(value))
    throw new ImportError(
      `The project's ${field} is ${value.slice(0, 40)}; dates must fall ${DATE_RANGE_TEXT}.`,
    );
  return value;
}

/** A date-time of the file whose year no date may have refuses the file, naming the task. */
function checkedYear(value: string | null, taskName: string, field: string): string | null {
  if (value !== null && YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(taskName, field, value);
  return value;
}

/**
 * A task row's progress and actual dates as the file says them (imported-tracking.ts settles them:
 * 100 % completes, a summary's roll up).
 */
export function readProgress(element: XmlElement, taskName: string, calendars: Calendars) {
  const percentText = text(element, "PercentComplete");
  const percent = percentText === null || percentText.trim() === "" ? null : Number(percentText);
  const start = checkedYear(text(element, "ActualStart"), taskName, "actualStart");
  const finish = checkedYear(text(element, "ActualFinish"), taskName, "actualFinish");
  return {
    percentComplete: percent,
    actualStart: dayOf(start, false, calendars),
    actualFinish: dayOf(finish, true, calendars),
  };
}

/** The project's StatusDate, a day (the end of a working day, as a finish); null: none. */
export function readStatusDate(project: XmlElement, calendars: Calendars): string | null {
  return dayOf(checkedProjectYear(text(project, "StatusDate"), "status date"), true, calendars);
}

/** What readBaselines met that it does not keep: names of rows, for the reader's warnings. */
export type BaselineLeftOut = { numbers: string[]; costOnly: string[] };

/**
 * The baselines the task rows carry, in Number order, each with the rows it has a Start, Finish or
 * Duration for (a row's Cost and Work are not kept: `leftOut.costOnly`); a Number outside 0..10 is
 * left out (`leftOut.numbers`). The project row's (UID 0) Finish is the baseline's own finish.
 */
export function readBaselines(
  rows: readonly { uid: string; name: string; element: XmlElement }[],
  projectRow: XmlElement | undefined,
  minutesPerDay: number,
  calendars: Calendars,
): { baselines: ImportedBaseline[]; leftOut: BaselineLeftOut } {
  const found = new Map<number, ImportedBaseline>();
  const leftOut: BaselineLeftOut = { numbers: [], costOnly: [] };
  const baselineOf = (number: number) => {
    let baseline = found.get(number);
    if (!baseline) {
      baseline = { name: baselineName(number), finish: null, tasks: new Map() };
      found.set(number, baseline);
    }
    return baseline;
  };
  const numberOf = (element: XmlElement, label: string) => {
    const number = Number(text(element, "Number") ?? "0");
    if (Number.isInteger(number) && number >= 0 && number < BASELINE_NUMBERS) return number;
    leftOut.numbers.push(`${label} (${(text(element, "Number") ?? "").slice(0, 20)})`);
    return null;
  };
  for (const element of children(projectRow, "Baseline")) {
    const number = numberOf(element, "the project");
    if (number === null) continue;
    const finish = checkedProjectYear(text(element, "Finish"), "baseline finish");
    baselineOf(number).finish = dayOf(finish, true, calendars);
  }
  for (const row of rows) {
    const label = `"${row.name.slice(0, 60)}"`;
    for (const element of children(row.element, "Baseline")) {
      const number = numberOf(element, label);
      if (number === null) continue;
      const baseline = baselineOf(number);
      const startText = checkedYear(text(element, "Start"), row.name, "baseline start");
      const finishText = checkedYear(text(element, "Finish"), row.name, "baseline finish");
      const minutes = minutesOf(text(element, "Duration"));
      const start = dayOf(startText, false, calendars);
      let finish = dayOf(finishText, true, calendars);
      if (start && finish && finish < start) finish = start;
      const days = minutes === null || minutes < 0 ? null : wholeWorkingDays(minutes / minutesPerDay);
      const duration = days !== null && days <= DURATION_MAX ? days : null;
      if (start === null && finish === null && duration === null) {
        if (text(element, "Cost") !== null || text(element, "Work") !== null) leftOut.costOnly.push(label);
        continue;
      }
      baseline.tasks.set(row.uid, { start, finish, duration });
    }
  }
  const baselines = [...found.entries()].sort(([a], [b]) => a - b).map(([, baseline]) => baseline);
  return { baselines, leftOut };
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * A task row's PercentComplete, ActualStart and ActualFinish, in the schema's order (after
 * Summary, before ConstraintType). A summary's progress rolls up in MS Project: only 100 when it
 * is completed, and no actuals.
 */
export function progressFields(task: ExportedTask, summary: boolean): XmlElement {
  const percent = task.completed ? 100 : summary ? 0 : (task.percentComplete ?? 0);
  const fields: XmlElement = { PercentComplete: String(percent) };
  if (summary) return fields;
  if (task.actualStart) fields.ActualStart = `${task.actualStart.slice(0, 10)}T08:00:00`;
  if (task.actualFinish) fields.ActualFinish = `${task.actualFinish.slice(0, 10)}T17:00:00`;
  return fields;
}

/** The project's StatusDate at the end of its day, as MS Project writes it; absent when none. */
export const statusDateField = (plan: ExportedPlan): XmlElement =>
  plan.project.statusDate ? { StatusDate: `${plan.project.statusDate}T17:00:00` } : {};

/**
 * Each baseline's MS Project Number: one named as MS Project names them ("Baseline", "Baseline 3")
 * keeps its number, the others take the lowest free ones in order (MSPDI has no baseline names).
 */
function baselineNumbers(list: readonly ExportedBaseline[]): number[] {
  const numbers: (number | null)[] = list.map(() => null);
  const taken = new Set<number>();
  list.forEach((baseline, index) => {
    const match = /^Baseline(?: (\d{1,2}))?$/.exec(baseline.name.trim());
    const number = match ? Number(match[1] ?? 0) : null;
    if (number !== null && number < BASELINE_NUMBERS && !taken.has(number)) {
      numbers[index] = number;
      taken.add(number);
    }
  });
  let free = 0;
  return numbers.map((number) => {
    if (number !== null) return number;
    while (taken.has(free)) free++;
    taken.add(free);
    return free;
  });
}

/**
 * The <Baseline> elements of every task row and of the project row (its finish), by task id: at
 * most 11 baselines, their Number, Start (08:00), Finish (17:00) and Duration in the schema's order.
 */
export function baselineElements(plan: ExportedPlan): {
  byTask: Map<number, XmlElement[]>;
  project: XmlElement[];
} {
  const list = (plan.baselines ?? []).slice(0, BASELINE_NUMBERS);
  const numbers = baselineNumbers(list);
  const byTask = new Map<number, XmlElement[]>();
  const project: XmlElement[] = [];
  const order = list.map((_, index) => index).sort((a, b) => numbers[a] - numbers[b]);
  for (const index of order) {
    const baseline = list[index];
    const number = String(numbers[index]);
    if (baseline.finish) project.push({ Number: number, Finish: `${baseline.finish}T17:00:00` });
    for (const task of baseline.tasks) {
      const element: XmlElement = { Number: number };
      if (task.start) element.Start = `${task.start}T08:00:00`;
      if (task.finish) element.Finish = `${task.finish}T17:00:00`;
      if (task.duration !== null) element.Duration = `PT${8 * task.duration}H0M0S`;
      const elements = byTask.get(task.taskId) ?? [];
      elements.push(element);
      byTask.set(task.taskId, elements);
    }
  }
  return { byTask, project };
}
