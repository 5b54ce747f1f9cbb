// Turning a plan read from a file into a new project (docs/decisions/025-import-and-export.md).
// `preparePlan` checks and normalises everything in memory (limits, names, the outline, duplicate
// links, cycles), so a dry run answers exactly what the import would do without writing;
// `storePlan` then writes it in the caller's transaction: the project, its categories, its tasks
// (each with its parent) and its dependencies in a few batched statements, and the dates the
// scheduler gives its auto tasks. Nothing is half-imported.
import { dependencyLevels } from "@core/graph/levels";
import { outlineLinkProblem } from "@core/graph/outline-links";
import { isoDateOf } from "@core/scheduling/calendar";
import { assertScheduleInRange, ScheduleOutOfRangeError } from "@core/scheduling/plan";
import { type ScheduledDates, scheduleProject } from "@core/scheduling/project-schedule";
import { DATE_RANGE_TEXT, isDateInRange } from "@core/schemas/date-range";
import {
  IMPORT_DEPENDENCIES_MAX,
  IMPORT_OUTLINE_CHILDREN_MAX,
  IMPORT_OUTLINE_LEVELS_MAX,
  IMPORT_TASKS_MAX,
} from "@core/schemas/import-export";
import { CATEGORY_NAME_MAX, PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@core/schemas/projects";
import { DURATION_MAX, HOLIDAYS_MAX, LAG_LIMIT } from "@core/schemas/scheduling";
import { unstorableCharacter } from "@core/schemas/storable-text";
import {
  TASK_COORDINATE_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_NAME_MAX,
  TASK_ORDER_MAX,
  TASK_SIZE_MAX,
} from "@core/schemas/tasks";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, dependencies, type Project, projects, tasks, type User } from "../db/schema";
import { createProject } from "../projects/project-store";
import { isRealDay, settleConstraints } from "./imported-constraints";
import {
  dateOutOfRange,
  durationOutOfRange,
  IMPORT_LIMITS,
  ImportError,
  type ImportedPlan,
  type ImportedTask,
  notADate,
  scheduledPastLastDay,
  tooDeep,
  tooMany,
  tooManyChildren,
  YEAR_OUT_OF_RANGE,
} from "./imported-plan";
import { fillActuals, settleStatusDate, settleTracking } from "./imported-tracking";
import { type PreparedBaseline, prepareBaselines, storeBaselines } from "./store-baselines";

const PALETTE = ["#3B82F6", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899", "#14B8A6", "#F97316"];
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A plan checked and normalised, ready to store: what the dry run counts. */
export type PreparedPlan = {
  name: string;
  description: string | null;
  calendar: { startDate?: string; workingDays?: number[]; holidays?: string[] };
  categories: { key: string; name: string; color: string }[];
  tasks: ImportedTask[];
  dependencies: ImportedPlan["dependencies"];
  /** The day progress is judged at, null: today. */
  statusDate: string | null;
  baselines: PreparedBaseline[];
  warnings: string[];
  /** Each task's scheduled dates (an auto task with a duration), by its place in `tasks`. */
  scheduled: (ScheduledDates | null)[];
};

export type ImportCounts = { tasks: number; dependencies: number; categories: number };

export const countsOf = (plan: PreparedPlan): ImportCounts => ({
  tasks: plan.tasks.length,
  dependencies: plan.dependencies.length,
  categories: plan.categories.length,
});

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/**
 * A task's date as the database takes it ("YYYY-MM-DD", or an ISO date-time on a real day), null
 * when there is none; a text that is no such date, or one outside years 1..9999, refuses the plan
 * naming the task and the field (Date.parse alone would read "-1" as 2001 and 2026-02-30 as March).
 */
function checkedDate(value: string | null | undefined, taskName: string, field: string): string | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  if (YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(taskName, field, value);
  const day = value.slice(0, 10);
  const dateTime = value.length > 10 && /^T\d{2}:\d{2}/.test(value.slice(10));
  if (
    !DAY.test(day) ||
    !isRealDay(day) ||
    (value.length > 10 && (!dateTime || Number.isNaN(Date.parse(value))))
  )
    throw notADate(taskName, field, value);
  if (!isDateInRange(value)) throw dateOutOfRange(taskName, field, value);
  return value;
}

/** A "YYYY-MM-DD" or ISO date-time the database takes, else null (dates already checked). */
function dateOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  if (DAY.test(value)) return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
  return Number.isNaN(Date.parse(value)) ? null : value;
}

/** A scheduled day as an auto task stores it: its UTC midnight (rescheduler.ts's storedDate). */
const storedDay = (day: string | undefined) => (day ? `${day}T00:00:00.000Z` : null);

/** Stored timestamps: a day is its UTC midnight, as auto tasks store theirs. */
const timestampOf = (value: string | null | undefined) => {
  const date = dateOrNull(value);
  if (!date) return null;
  return new Date(DAY.test(date) ? `${date}T00:00:00Z` : date);
};

/** Up to three quoted names and how many more. */
export function someNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).map((name) => `"${name}"`);
  return names.length > 3 ? `${shown.join(", ")} and ${names.length - 3} more` : shown.join(", ");
}

/** Up to three of some already quoted texts and how many more. */
const someOf = (texts: readonly string[]) =>
  texts.length > 3 ? `${texts.slice(0, 3).join(", ")} and ${texts.length - 3} more` : texts.join(", ");

/**
 * Checks and normalises a plan read from a file: refuses what cannot be imported (no tasks is
 * fine; too many tasks or a cycle is not), and keeps the rest within the API's limits, with a
 * warning for each thing changed or dropped.
 */
export function preparePlan(
  plan: ImportedPlan,
  requestedName: string | null,
  fallbackName: string | null = null,
): PreparedPlan {
  const warnings = [...plan.warnings];
  // The readers count as they read; this is the same limit for a plan however it was read.
  if (plan.tasks.length > IMPORT_TASKS_MAX) throw tooMany("tasks");
  if (plan.dependencies.length > IMPORT_DEPENDENCIES_MAX) throw tooMany("dependencies");
  if (plan.categories.length > IMPORT_LIMITS.categories) throw tooMany("categories");
  checkStorableTexts(plan);
  // The name asked for, else the file's own project name, else the file's name (what the user chose).
  const name = clip(
    (requestedName ?? plan.name?.trim() ?? "") || fallbackName?.trim() || "Imported project",
    PROJECT_NAME_MAX,
  );

  // Categories: one per name whatever its case (the database allows no two), within the limits.
  const categoryByKey = new Map<string, string>();
  const categoryByName = new Map<string, PreparedPlan["categories"][number]>();
  for (const category of plan.categories) {
    const categoryName = clip(category.name.trim() || "Untitled category", CATEGORY_NAME_MAX);
    const lower = categoryName.toLowerCase();
    let kept = categoryByName.get(lower);
    if (!kept) {
      const color =
        category.color && HEX_COLOR.test(category.color)
          ? category.color
          : PALETTE[categoryByName.size % PALETTE.length];
      kept = { key: category.key, name: categoryName, color };
      categoryByName.set(lower, kept);
    }
    categoryByKey.set(category.key, kept.key);
  }

  const keys = new Set<string>();
  const renamed: string[] = [];
  // A place or size the graph could not draw (the API refuses them) is dropped: auto layout.
  let unplaced = 0;
  const placed = (value: number | null | undefined, fits: (value: number) => boolean) => {
    if (value === null || value === undefined) return null;
    if (Number.isFinite(value) && fits(value)) return value;
    unplaced++;
    return null;
  };
  const coordinate = (value: number) => Math.abs(value) <= TASK_COORDINATE_MAX;
  const size = (value: number) => value > 0 && value <= TASK_SIZE_MAX;
  const preparedTasks: ImportedTask[] = [];
  for (const task of plan.tasks) {
    if (keys.has(task.key)) {
      throw new ImportError(`Two tasks of the file have the same id "${task.key}".`);
    }
    keys.add(task.key);
    const taskName = task.name.trim() || "Untitled task";
    if (taskName.length > TASK_NAME_MAX) renamed.push(taskName.slice(0, 40));
    if (task.duration !== null && task.duration > DURATION_MAX)
      throw durationOutOfRange(taskName, task.duration);
    const duration =
      task.duration === null || !Number.isFinite(task.duration)
        ? null
        : Math.max(0, Math.round(task.duration));
    // The dates in this order: a reader may have made the start its start-no-earlier-than too.
    const dates = {
      startDate: checkedDate(task.startDate, taskName, "startDate"),
      dueDate: checkedDate(task.dueDate, taskName, "dueDate"),
      snoozeUntil: checkedDate(task.snoozeUntil, taskName, "snoozeUntil"),
      completedAt: checkedDate(task.completedAt, taskName, "completedAt"),
      startNoEarlierThan: checkedDate(task.startNoEarlierThan, taskName, "startNoEarlierThan"),
    };
    if (dates.startNoEarlierThan !== null && dates.startNoEarlierThan.length !== 10)
      throw notADate(taskName, "startNoEarlierThan", dates.startNoEarlierThan);
    preparedTasks.push({
      ...task,
      name: clip(taskName, TASK_NAME_MAX),
      description: clip(task.description ?? "", TASK_DESCRIPTION_MAX),
      duration,
      ...dates,
      positionX: placed(task.positionX, coordinate),
      positionY: placed(task.positionY, coordinate),
      width: placed(task.width, size),
      height: placed(task.height, size),
      categoryKey: task.categoryKey === null ? null : (categoryByKey.get(task.categoryKey) ?? null),
    });
  }
  if (unplaced > 0)
    warnings.push(
      `Left out ${unplaced} graph positions or sizes out of range; those cards are laid out anew.`,
    );
  if (renamed.length > 0)
    warnings.push(
      `Shortened ${renamed.length} task names to ${TASK_NAME_MAX} characters: ${someNames(renamed)}.`,
    );
  // The outline: each parent a task of the plan, within its limits; the tasks in outline order.
  const outline = outlineOf(preparedTasks, warnings);
  // Constraints and deadlines once the summaries are known (a summary takes only SNET).
  const summaryKeys = new Set<string>();
  for (const task of outline.tasks) if (task.parentKey !== null) summaryKeys.add(task.parentKey);
  settleConstraints(outline.tasks, summaryKeys, warnings);
  // Progress and actuals too: a summary's roll up (docs/spec/import-export.md, "Tracking").
  settleTracking(outline.tasks, summaryKeys, warnings);

  // Dependencies: known tasks only, one per pair, never a task on itself, lags within the limit.
  const seen = new Set<string>();
  const preparedDependencies: ImportedPlan["dependencies"] = [];
  let unknown = 0;
  let repeated = 0;
  let clamped = 0;
  const withinOwnSubtree: string[] = [];
  for (const dependency of plan.dependencies) {
    if (!keys.has(dependency.sourceKey) || !keys.has(dependency.targetKey)) {
      unknown++;
      continue;
    }
    if (dependency.sourceKey === dependency.targetKey) continue;
    // A link between a task and a summary above it cannot be stored (the API refuses it too).
    if (outline.related(dependency.sourceKey, dependency.targetKey)) {
      withinOwnSubtree.push(
        `"${outline.nameOf(dependency.sourceKey).slice(0, 60)}" -> "${outline.nameOf(dependency.targetKey).slice(0, 60)}"`,
      );
      continue;
    }
    const pair = `${dependency.sourceKey}\u0000${dependency.targetKey}`;
    if (seen.has(pair)) {
      repeated++;
      continue;
    }
    seen.add(pair);
    const lag = Math.max(-LAG_LIMIT, Math.min(LAG_LIMIT, Math.round(dependency.lag)));
    if (lag !== dependency.lag) clamped++;
    preparedDependencies.push({ ...dependency, lag });
  }
  if (unknown > 0) warnings.push(`Dropped ${unknown} dependencies naming a task the file does not hold.`);
  if (repeated > 0)
    warnings.push(`Kept one of each pair of tasks linked more than once (${repeated} repeats dropped).`);
  if (clamped > 0) warnings.push(`Rounded ${clamped} lags to whole days from -${LAG_LIMIT} to ${LAG_LIMIT}.`);
  if (withinOwnSubtree.length > 0)
    warnings.push(
      `Left out ${withinOwnSubtree.length} links between a summary task and a task under it (a link cannot join a task to its own summary): ${someOf(withinOwnSubtree)}.`,
    );

  const cycle = findCycleOfKeys(outline.tasks, preparedDependencies);
  if (cycle) {
    throw new ImportError(
      `The file's dependencies form a cycle: ${cycle.map((task) => `"${task.name}"`).join(" → ")}.`,
    );
  }

  const calendar: PreparedPlan["calendar"] = {};
  const calendarStart = plan.calendar.startDate?.trim() || null;
  if (calendarStart) {
    if (
      YEAR_OUT_OF_RANGE.test(calendarStart) ||
      (isRealDay(calendarStart.slice(0, 10)) && !isDateInRange(calendarStart))
    )
      throw new ImportError(
        `The project starts on ${calendarStart.slice(0, 40)}; dates must fall ${DATE_RANGE_TEXT}.`,
      );
    if (!DAY.test(calendarStart.slice(0, 10)) || !isRealDay(calendarStart.slice(0, 10)))
      throw new ImportError(
        `The project's start "${calendarStart.slice(0, 40)}" is not a date written YYYY-MM-DD.`,
      );
    calendar.startDate = calendarStart.slice(0, 10);
  }
  const workingDays = [...new Set(plan.calendar.workingDays ?? [])].filter((day) => day >= 1 && day <= 7);
  if (workingDays.length > 0) calendar.workingDays = workingDays.sort((a, b) => a - b);
  else if (plan.calendar.workingDays)
    warnings.push("The file's calendar has no working day; kept Monday to Friday.");
  if (plan.calendar.holidays) {
    for (const day of plan.calendar.holidays) {
      if (YEAR_OUT_OF_RANGE.test(day) || (isRealDay(day) && !isDateInRange(day)))
        throw new ImportError(
          `The calendar has the holiday ${day.slice(0, 40)}; dates must fall ${DATE_RANGE_TEXT}.`,
        );
      if (!DAY.test(day) || !isRealDay(day))
        throw new ImportError(
          `The calendar has the holiday "${day.slice(0, 40)}", which is not a date written YYYY-MM-DD.`,
        );
    }
    const holidays = [...new Set(plan.calendar.holidays)].sort();
    if (holidays.length > HOLIDAYS_MAX)
      warnings.push(`Kept the first ${HOLIDAYS_MAX} of the file's ${holidays.length} holidays.`);
    calendar.holidays = holidays.slice(0, HOLIDAYS_MAX);
  }
  const description = plan.description ? clip(plan.description, PROJECT_DESCRIPTION_MAX) : null;
  const statusDate = settleStatusDate(plan.statusDate, warnings);
  const baselines = prepareBaselines(plan.baselines, keys, warnings);
  const prepared = {
    name,
    description,
    calendar,
    categories: [...categoryByName.values()],
    tasks: outline.tasks,
    dependencies: preparedDependencies,
    statusDate,
    baselines,
    warnings,
  };
  laidOut(prepared);
  const scheduled = schedulePrepared(prepared);
  // What the file left out of a completed task's or a started one's actuals: its scheduled dates,
  // which the actuals then keep (the schedule stays as computed).
  fillActuals(prepared.tasks, scheduled, summaryKeys, new Date().toISOString().slice(0, 10));
  return { ...prepared, scheduled };
}

/**
 * Refuses a plan holding text no field can store (NUL, a lone surrogate), naming where: every
 * format's strings end here, whatever escapes or encodings the file used to write them.
 */
function checkStorableTexts(plan: ImportedPlan): void {
  const refuse = (where: string, text: string | null | undefined) => {
    const problem = text ? unstorableCharacter(text) : null;
    if (problem) throw new ImportError(`${where} must not contain ${problem}.`);
  };
  refuse("The project's name", plan.name);
  refuse("The project's description", plan.description);
  for (const category of plan.categories)
    refuse(`The category "${category.name.slice(0, 80)}"`, category.name);
  for (const task of plan.tasks) {
    refuse(`The name of task ${task.key.slice(0, 80)}`, task.name);
    refuse(`The task "${task.name.slice(0, 80)}"'s description`, task.description);
    refuse(`The id of task "${task.name.slice(0, 80)}"`, task.key);
  }
}

/**
 * The dates the scheduler gives the plan's auto tasks that have a duration, by the task's place in
 * the plan (null for the others: they keep their own dates), on the calendar the project will
 * have: the file's, else today's start and Monday to Friday. Computed here, where the plan is
 * prepared (off the request thread), so the store only writes them; a schedule that would run
 * past 9999-12-31 refuses the plan, naming the task, in a dry run as in the import.
 */
function schedulePrepared(plan: Omit<PreparedPlan, "scheduled">): (ScheduledDates | null)[] {
  const scheduled = new Array<ScheduledDates | null>(plan.tasks.length).fill(null);
  if (!plan.tasks.some((task) => task.duration !== null)) return scheduled;
  plan.calendar.startDate ??= isoDateOf(Math.floor(Date.now() / 86_400_000));
  const idOf = new Map(plan.tasks.map((task, index) => [task.key, index + 1]));
  const schedule = scheduleProject(
    {
      startDate: plan.calendar.startDate,
      workingDays: plan.calendar.workingDays ?? [1, 2, 3, 4, 5],
      holidays: plan.calendar.holidays ?? [],
    },
    // parentId: the outline, for a scheduler that rolls summaries up (docs/decisions/024-scheduling.md).
    plan.tasks.map((task, index) => ({
      ...task,
      // The file's progress and actuals, settled: a task that started or finished is placed there.
      percentComplete: task.percentComplete ?? 0,
      id: index + 1,
      parentId: task.parentKey === null ? null : (idOf.get(task.parentKey) as number),
    })),
    plan.dependencies.map((link) => ({
      sourceTaskId: idOf.get(link.sourceKey) as number,
      targetTaskId: idOf.get(link.targetKey) as number,
      type: link.type,
      lag: link.lag,
    })),
  );
  try {
    assertScheduleInRange(schedule);
  } catch (error) {
    if (!(error instanceof ScheduleOutOfRangeError)) throw error;
    throw scheduledPastLastDay(plan.tasks[error.taskId - 1].name);
  }
  plan.tasks.forEach((task, index) => {
    const dates = schedule.tasks.get(index + 1);
    if (task.schedulingMode === "auto" && dates)
      scheduled[index] = { start: dates.start, finish: dates.finish };
  });
  return scheduled;
}

/**
 * Gives every task without one its place in the graph: laid out by dependency level, as the
 * graph's auto layout would. Done where the plan is prepared (off the request thread), so the
 * store only writes what it is given.
 */
function laidOut(plan: Pick<PreparedPlan, "tasks" | "dependencies">): void {
  const indexOf = new Map(plan.tasks.map((task, index) => [task.key, index]));
  const { level } = dependencyLevels(
    plan.tasks.map((_, index) => index),
    plan.dependencies.map((link) => ({
      sourceTaskId: indexOf.get(link.sourceKey) as number,
      targetTaskId: indexOf.get(link.targetKey) as number,
    })),
  );
  const rowsInLevel = new Map<number, number>();
  plan.tasks.forEach((task, index) => {
    const taskLevel = level.get(index) ?? 0;
    const row = rowsInLevel.get(taskLevel) ?? 0;
    rowsInLevel.set(taskLevel, row + 1);
    task.positionX ??= taskLevel * 320;
    task.positionY ??= row * 140;
  });
}

/** A plan's outline as preparePlan checked it. */
type PlanOutline = {
  /** The tasks in outline order: each parent before its subtree, siblings by their order. */
  tasks: ImportedTask[];
  /** Whether one of two tasks sits under the other (at any depth). */
  related(aKey: string, bKey: string): boolean;
  nameOf(key: string): string;
};

/** Whether an order given by the file is a place the list can hold. */
const isPlace = (order: number) => Number.isInteger(order) && order >= 0 && order <= TASK_ORDER_MAX;

/**
 * Reads the plan's outline (docs/decisions/025-import-and-export.md, "The outline"): a parent the
 * file does not hold, or a loop of parents, puts the task at the top level with a warning; an
 * outline deeper than 20 levels, or a summary holding more than 1,000 tasks, refuses the plan
 * (413). A summary keeps none of its own duration, dates and mode. Each task's `order` becomes
 * its place among its siblings: the file's own when every sibling's is a valid place (a JSON
 * backup keeps its orders), else renumbered from 0 in the file's order values, ties in file
 * order. Answers the tasks in outline order, so a parent is stored before its children. Linear in
 * the tasks.
 */
function outlineOf(tasks: ImportedTask[], warnings: string[]): PlanOutline {
  const byKey = new Map(tasks.map((task) => [task.key, task]));
  const orphans: string[] = [];
  for (const task of tasks) {
    if (task.parentKey !== null && !byKey.has(task.parentKey)) {
      orphans.push(task.name);
      task.parentKey = null;
    }
  }
  // Each task's chain of parents once: one that comes back to a task of its own chain is a loop,
  // cut at the task met twice, which joins the top level.
  const ON_CHAIN = 1;
  const DONE = 2;
  const state = new Map<ImportedTask, number>();
  const looped: string[] = [];
  for (const task of tasks) {
    const chain: ImportedTask[] = [];
    let at: ImportedTask | undefined = task;
    while (at !== undefined && !state.has(at)) {
      state.set(at, ON_CHAIN);
      chain.push(at);
      at = at.parentKey === null ? undefined : byKey.get(at.parentKey);
    }
    if (at !== undefined && state.get(at) === ON_CHAIN) {
      looped.push(at.name);
      at.parentKey = null;
    }
    for (const each of chain) state.set(each, DONE);
  }
  if (orphans.length > 0)
    warnings.push(
      `Put ${orphans.length} tasks at the top level: the summary task they name is not in the file: ${someNames(orphans)}.`,
    );
  if (looped.length > 0)
    warnings.push(
      `Put ${looped.length} tasks at the top level: their summary tasks sit under them in a loop: ${someNames(looped)}.`,
    );

  const siblingsOf = new Map<string | null, ImportedTask[]>();
  for (const task of tasks) {
    const siblings = siblingsOf.get(task.parentKey);
    if (siblings) siblings.push(task);
    else siblingsOf.set(task.parentKey, [task]);
  }
  for (const [parentKey, siblings] of siblingsOf) {
    if (parentKey !== null && siblings.length > IMPORT_OUTLINE_CHILDREN_MAX)
      throw tooManyChildren((byKey.get(parentKey) as ImportedTask).name);
    const ranked = siblings
      .map((task, position) => ({ task, order: task.order ?? position, position }))
      .sort((a, b) => a.order - b.order || a.position - b.position);
    const kept = ranked.every(({ order }) => isPlace(order));
    ranked.forEach(({ task, order }, place) => {
      task.order = kept ? order : place;
      siblings[place] = task;
    });
  }

  // Outline order, iteratively (an outline may be deep), each task's level checked as it is met.
  const ordered: ImportedTask[] = [];
  const stack = [...(siblingsOf.get(null) ?? [])].reverse().map((task) => ({ task, level: 1 }));
  while (stack.length > 0) {
    const { task, level } = stack.pop() as { task: ImportedTask; level: number };
    if (level > IMPORT_OUTLINE_LEVELS_MAX) throw tooDeep();
    ordered.push(task);
    const below = siblingsOf.get(task.key) ?? [];
    for (let index = below.length - 1; index >= 0; index--)
      stack.push({ task: below[index], level: level + 1 });
  }
  // A subtree is a run of the outline order: a task's place and how many tasks its subtree holds.
  const placeOf = new Map(ordered.map((task, index) => [task.key, index]));
  const sizes = new Int32Array(ordered.length).fill(1);
  for (let index = ordered.length - 1; index >= 0; index--) {
    const parentKey = ordered[index].parentKey;
    if (parentKey !== null) sizes[placeOf.get(parentKey) as number] += sizes[index];
  }
  // A summary's duration, dates and mode are its subtree's roll-up, never its own (as the API
  // refuses them): only its start-no-earlier-than, which holds its subtree, stays.
  for (const [index, task] of ordered.entries()) {
    if (sizes[index] === 1) continue;
    task.duration = null;
    task.startDate = null;
    task.dueDate = null;
    task.schedulingMode = "auto";
  }
  const under = (inner: number, outer: number) => outer < inner && inner < outer + sizes[outer];
  return {
    tasks: ordered,
    related(aKey, bKey) {
      const a = placeOf.get(aKey) as number;
      const b = placeOf.get(bKey) as number;
      return under(a, b) || under(b, a);
    },
    nameOf: (key) => (byKey.get(key) as ImportedTask).name,
  };
}

/**
 * A cycle among the plan's tasks, as tasks in order, or null: through summaries too, as the API
 * refuses one (core/graph/outline-links.ts: a link into a summary holds its subtree, a link from
 * one waits for it). Links between a task and its own summary are left out before.
 */
function findCycleOfKeys(planTasks: readonly ImportedTask[], links: ImportedPlan["dependencies"]) {
  const idOf = new Map(planTasks.map((task, index) => [task.key, index + 1]));
  const problem = outlineLinkProblem(
    planTasks.map((task, index) => ({
      id: index + 1,
      parentId: task.parentKey === null ? null : (idOf.get(task.parentKey) as number),
    })),
    links.map((link) => ({
      sourceTaskId: idOf.get(link.sourceKey) as number,
      targetTaskId: idOf.get(link.targetKey) as number,
    })),
  );
  return problem?.kind === "cycle" ? problem.taskIds.map((id) => planTasks[id - 1]) : null;
}

/**
 * Rows per insert. Each batch travels as one JSON parameter read by jsonb_to_recordset: a row of
 * parameters each would cost the driver and Drizzle an object per value (about 100 MB more at the
 * peak of a 20,000-task import), and PostgreSQL allows 65,535 parameters a statement.
 */
const BATCH = 1_000;

/**
 * Lets the server's other work run between two statements of a large import. PGlite runs each
 * statement on the server's thread and answers it at once, so a transaction of many statements
 * would otherwise hold the event loop for all of them (2.6 s for 20,000 tasks): between batches of
 * 1,000 rows, requests that need no database (and, on PostgreSQL, all of them) are answered.
 */
const yieldToOtherRequests = () => new Promise((resolve) => setImmediate(resolve));

/** `count` new ids of a serial table, taken from its sequence a batch a statement, in order. */
async function reserveIds(tx: Database, table: "tasks", count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const result = await tx.execute(
      sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id
          from generate_series(1, ${Math.min(BATCH, count - start)})`,
    );
    for (const row of (result as unknown as { rows: { id: number }[] }).rows) ids.push(row.id);
    await yieldToOtherRequests();
  }
  return ids;
}

/**
 * Stores a prepared plan as a new project of `owner`, in `tx` (the caller's transaction), as
 * preparePlan left it: its places, list order and scheduled dates are written, not worked out here.
 */
export async function storePlan(tx: Database, owner: User, plan: PreparedPlan): Promise<Project> {
  const project = await createProject(tx, owner.id, { name: plan.name, description: plan.description });
  const calendar = plan.calendar;
  if (calendar.startDate || calendar.workingDays || calendar.holidays || plan.statusDate) {
    const statusDate = plan.statusDate ? { statusDate: plan.statusDate } : {};
    await tx
      .update(projects)
      .set({ ...calendar, ...statusDate })
      .where(eq(projects.id, project.id));
  }
  const categoryIds = new Map<string, number>();
  for (let start = 0; start < plan.categories.length; start += BATCH) {
    const batch = plan.categories.slice(start, start + BATCH);
    const rows = await tx
      .insert(categories)
      .values(
        batch.map((category) => ({ projectId: project.id, name: category.name, color: category.color })),
      )
      .returning({ id: categories.id });
    for (const [index, category] of batch.entries()) categoryIds.set(category.key, rows[index].id);
    await yieldToOtherRequests();
  }

  const taskIds = await reserveIds(tx, "tasks", plan.tasks.length);
  const idOf = new Map(plan.tasks.map((task, index) => [task.key, taskIds[index]]));
  // Rows are made a batch at a time: the plan is held once, not again as rows (memory at 50,000).
  const taskRow = (task: ImportedTask, index: number) => {
    const completed = task.completed || task.status === "completed";
    return {
      id: taskIds[index],
      name: task.name,
      description: task.description,
      status: completed ? "completed" : task.status,
      completed,
      completed_at: completed ? (timestampOf(task.completedAt) ?? new Date()).toISOString() : null,
      start_date:
        storedDay(plan.scheduled[index]?.start) ?? timestampOf(task.startDate)?.toISOString() ?? null,
      due_date: storedDay(plan.scheduled[index]?.finish) ?? timestampOf(task.dueDate)?.toISOString() ?? null,
      snooze_until: timestampOf(task.snoozeUntil)?.toISOString() ?? null,
      duration: task.duration,
      scheduling_mode: task.schedulingMode,
      start_no_earlier_than: task.startNoEarlierThan,
      // As settleConstraints left them: SNET and start_no_earlier_than agree, as the checks want.
      constraint_type: task.constraintType,
      constraint_date: task.constraintDate,
      deadline: task.deadline,
      // As settleTracking and fillActuals left them: 100 exactly when completed, a finish after its start.
      percent_complete: task.percentComplete ?? (completed ? 100 : 0),
      actual_start: task.actualStart,
      actual_finish: task.actualFinish,
      category_id: task.categoryKey === null ? null : (categoryIds.get(task.categoryKey) ?? null),
      // The tasks are in outline order: a parent is in this batch or an earlier one.
      parent_id: task.parentKey === null ? null : (idOf.get(task.parentKey) as number),
      position_x: task.positionX ?? null,
      position_y: task.positionY ?? null,
      width: task.width ?? null,
      height: task.height ?? null,
      order: task.order ?? index,
    };
  };
  for (let start = 0; start < plan.tasks.length; start += BATCH) {
    const rows = plan.tasks.slice(start, start + BATCH).map((task, offset) => taskRow(task, start + offset));
    await tx.execute(sql`
      insert into ${tasks} (id, project_id, name, description, status, completed, completed_at,
        start_date, due_date, snooze_until, duration, scheduling_mode, start_no_earlier_than,
        constraint_type, constraint_date, deadline, percent_complete, actual_start, actual_finish,
        category_id, parent_id, position_x, position_y, width, height, "order")
      select id, ${project.id}, name, description, status, completed, completed_at, start_date,
        due_date, snooze_until, duration, scheduling_mode, start_no_earlier_than, constraint_type,
        constraint_date, deadline, percent_complete, actual_start, actual_finish, category_id,
        parent_id, position_x, position_y, width, height, "order"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as row(
        id integer, name text, description text, status text, completed boolean,
        completed_at timestamptz, start_date timestamptz, due_date timestamptz,
        snooze_until timestamptz, duration integer, scheduling_mode text,
        start_no_earlier_than text, constraint_type text, constraint_date text, deadline text,
        percent_complete integer, actual_start text, actual_finish text, category_id integer, parent_id integer, position_x double precision,
        position_y double precision, width double precision, height double precision,
        "order" integer)`);
    await yieldToOtherRequests();
  }
  for (let start = 0; start < plan.dependencies.length; start += BATCH) {
    const rows = plan.dependencies.slice(start, start + BATCH).map((link) => ({
      source: idOf.get(link.sourceKey) as number,
      target: idOf.get(link.targetKey) as number,
      type: link.type,
      lag: link.lag,
    }));
    await tx.execute(sql`
      insert into ${dependencies} (project_id, source_task_id, target_task_id, type, lag)
      select ${project.id}, source, target, type, lag
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as row(source integer, target integer, type text, lag integer)`);
    await yieldToOtherRequests();
  }
  await storeBaselines(tx, project.id, owner.id, plan.baselines, idOf, yieldToOtherRequests);
  return project;
}
