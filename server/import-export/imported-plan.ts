// The shape every import format reads into and every export format writes from
// (docs/decisions/025-import-and-export.md): a plan in the file's own terms (its ids as keys, dates
// as days), before anything is
// stored. Readers throw ImportError naming what they could not read; anything they read but cannot
// keep goes into `warnings`, naming what was dropped.
import type { ConstraintType } from "@core/scheduling/constraints";
import type { DependencyType, EngineDependency, SchedulingMode } from "@core/scheduling/engine";
import { DATE_RANGE_TEXT, LAST_DAY } from "@core/schemas/date-range";
import {
  IMPORT_DEPENDENCIES_MAX,
  IMPORT_OUTLINE_CHILDREN_MAX,
  IMPORT_OUTLINE_LEVELS_MAX,
  IMPORT_TASKS_MAX,
} from "@core/schemas/import-export";
import { DURATION_MAX } from "@core/schemas/scheduling";
import type { StoredTaskStatus } from "@core/tasks/status";

export type ImportedTask = {
  /** The file's own id of the task (MSPDI UID, GanttProject id, CSV ID or row): links name it. */
  key: string;
  name: string;
  description: string;
  status: StoredTaskStatus;
  completed: boolean;
  /** "YYYY-MM-DD" (a day) or an ISO date-time (our JSON keeps the instant); null: none. */
  startDate: string | null;
  /** The last day worked, as startDate. */
  dueDate: string | null;
  snoozeUntil?: string | null;
  completedAt?: string | null;
  /** Working days; null: not scheduled (keeps its own dates). */
  duration: number | null;
  schedulingMode: SchedulingMode;
  /** "YYYY-MM-DD": the same fact as an SNET constraint on that day (a reader may say either). */
  startNoEarlierThan: string | null;
  /**
   * Its constraint as the file says it (imported-constraints.ts settles it with
   * startNoEarlierThan): a start type's date is the day it starts, a finish type's the last day
   * worked, "YYYY-MM-DD" (a reader passes on a text that is no day, to be dropped with a warning).
   */
  constraintType: ConstraintType;
  constraintDate: string | null;
  /** "YYYY-MM-DD": the last day it should be done by; null: none. */
  deadline: string | null;
  /**
   * Its progress as the file says it, 0..100 (imported-tracking.ts clamps it and makes it agree
   * with `completed`); null: the file says only whether it is completed.
   */
  percentComplete: number | null;
  /** "YYYY-MM-DD": when work really started and finished, as the file says (a text that is no day
   * is passed on, to be dropped with a warning); null: none. */
  actualStart: string | null;
  actualFinish: string | null;
  /** The key of its category (ImportedCategory.key), null: none. */
  categoryKey: string | null;
  /**
   * The key of the summary task it sits under (the outline), null at the top level. Its place among
   * its siblings is its place in the file, unless `order` says otherwise.
   */
  parentKey: string | null;
  /** Our JSON only: where the graph drew it, and its order (among its siblings). */
  positionX?: number | null;
  positionY?: number | null;
  width?: number | null;
  height?: number | null;
  order?: number;
};

export type ImportedCategory = { key: string; name: string; color: string | null };

/** A dependency of the file, its ends named by the file's keys; its type and lag as the engine's. */
export type ImportedDependency = Pick<EngineDependency, "type" | "lag"> & {
  /** The prerequisite's key. */
  sourceKey: string;
  /** The dependent's key. */
  targetKey: string;
};

/** A task as a baseline of the file saw it: its first and last days and its working days. */
export type ImportedBaselineTask = { start: string | null; finish: string | null; duration: number | null };

/** A saved baseline of the file (docs/spec/import-export.md, "Tracking"). */
export type ImportedBaseline = {
  name: string;
  /** The project's finish then, "YYYY-MM-DD"; null: the latest of its tasks' finishes. */
  finish: string | null;
  /** Each task it saw, by the task's key. */
  tasks: Map<string, ImportedBaselineTask>;
};

export type ImportedPlan = {
  /** The project's name in the file, null when it has none. */
  name: string | null;
  description?: string;
  /** What the file says of the calendar; the rest stays the project's default. */
  calendar: { startDate?: string; workingDays?: number[]; holidays?: string[] };
  categories: ImportedCategory[];
  tasks: ImportedTask[];
  dependencies: ImportedDependency[];
  /** The day progress is judged at, "YYYY-MM-DD"; absent or null: none (today). */
  statusDate?: string | null;
  /** The file's baselines, in the order it numbers them. */
  baselines?: ImportedBaseline[];
  warnings: string[];
};

/** A file that cannot be read: the message names the problem (element, line or row). */
export class ImportError extends Error {
  constructor(
    message: string,
    /** 400 for a file that cannot be read, 415 for a format or content type we do not take. */
    readonly statusCode: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

/** What an import counts against its limits while reading
 * (docs/decisions/031-imports-off-the-request-thread.md). */
export type CountedKind = "tasks" | "dependencies" | "categories";

/** Each kind's limit: categories are bounded as tasks are (a plan has no more groups than tasks). */
export const IMPORT_LIMITS: Record<CountedKind, number> = {
  tasks: IMPORT_TASKS_MAX,
  dependencies: IMPORT_DEPENDENCIES_MAX,
  categories: IMPORT_TASKS_MAX,
};

/** The 413 of a file past a limit, naming it. */
export const tooMany = (kind: CountedKind) =>
  new ImportError(
    `The file holds more than ${IMPORT_LIMITS[kind]} ${kind}; an import takes at most ${IMPORT_LIMITS[kind]}.`,
    413,
  );

/** The 413 of a plan nested deeper than an import takes. */
export const tooDeep = () =>
  new ImportError(
    `The file nests tasks more than ${IMPORT_OUTLINE_LEVELS_MAX} outline levels deep; an import takes at most ${IMPORT_OUTLINE_LEVELS_MAX}.`,
    413,
  );

/** The 413 of a summary holding more tasks than an import takes under one summary, naming it. */
export const tooManyChildren = (summaryName: string) =>
  new ImportError(
    `The summary task "${summaryName.slice(0, 80)}" holds more than ${IMPORT_OUTLINE_CHILDREN_MAX} tasks; an import takes at most ${IMPORT_OUTLINE_CHILDREN_MAX} under one summary.`,
    413,
  );

/**
 * Counts what a reader meets as it meets it, and refuses the file (413) the moment one kind
 * passes its limit: a reader never holds more than a limit's worth of anything.
 */
export class ImportCounter {
  private readonly counts: Record<CountedKind, number> = { tasks: 0, dependencies: 0, categories: 0 };

  /** Counts `count` more of a kind; throws tooMany past its limit. */
  add(kind: CountedKind, count = 1): void {
    this.counts[kind] += count;
    if (this.counts[kind] > IMPORT_LIMITS[kind]) throw tooMany(kind);
  }
}

/** The 400 of a task whose duration no task can have
 * (docs/decisions/031-imports-off-the-request-thread.md). */
export const durationOutOfRange = (taskName: string, duration: string | number) =>
  new ImportError(
    `The task "${taskName.slice(0, 80)}" lasts ${duration} days; a task lasts from 0 to ${DURATION_MAX} working days.`,
  );

/**
 * A date-like text whose year no date may have: year 0, a signed year, or five digits and more.
 * Readers refuse such a date rather than drop it as unreadable
 * (docs/decisions/031-imports-off-the-request-thread.md).
 * @example YEAR_OUT_OF_RANGE.test("10000-01-01") // true
 */
export const YEAR_OUT_OF_RANGE = /^\s*(?:[+-]\d+|\d{5,}|0{4})-\d{1,2}-\d{1,2}/;

/** The 400 of a task's date outside the years a plan may hold, naming the task, the field and the date. */
export const dateOutOfRange = (taskName: string, field: string, date: string) =>
  new ImportError(
    `The task "${taskName.slice(0, 80)}" has the ${field} ${date.slice(0, 40)}; dates must fall ${DATE_RANGE_TEXT}.`,
  );

/** The 400 of a task's date that is no date at all. */
export const notADate = (taskName: string, field: string, date: string) =>
  new ImportError(
    `The task "${taskName.slice(0, 80)}" has the ${field} "${date.slice(0, 40)}", which is not a date written YYYY-MM-DD.`,
  );

/** The 400 of a task whose schedule would run past the last day a plan may hold. */
export const scheduledPastLastDay = (taskName: string) =>
  new ImportError(
    `The task "${taskName.slice(0, 80)}" would be scheduled past ${LAST_DAY}, the last day a plan can hold.`,
  );

/** A plan with nothing in it yet. */
export const emptyPlan = (name: string | null = null): ImportedPlan => ({
  name,
  calendar: {},
  categories: [],
  tasks: [],
  dependencies: [],
  warnings: [],
});

/** The defaults of a task read from a format that does not say everything. */
export const importedTask = (
  key: string,
  name: string,
  fields: Partial<ImportedTask> = {},
): ImportedTask => ({
  key,
  name,
  description: "",
  status: "not-started",
  completed: false,
  startDate: null,
  dueDate: null,
  duration: null,
  schedulingMode: "auto",
  startNoEarlierThan: null,
  constraintType: "ASAP",
  constraintDate: null,
  deadline: null,
  percentComplete: null,
  actualStart: null,
  actualFinish: null,
  categoryKey: null,
  parentKey: null,
  // Every field present from the start, as a JSON backup's tasks have them: the tasks of every
  // format then share one shape, which the preparation and the copy to the server read faster.
  snoozeUntil: null,
  completedAt: null,
  positionX: null,
  positionY: null,
  width: null,
  height: null,
  order: undefined,
  ...fields,
});

/**
 * A start-no-earlier-than as each of a task's fields says it: SNET on its day, ASAP for none.
 * @example startNoEarlierThanFields("2026-03-02") // { startNoEarlierThan: "2026-03-02", constraintType: "SNET", constraintDate: "2026-03-02" }
 */
export const startNoEarlierThanFields = (
  day: string | null,
): Pick<ImportedTask, "startNoEarlierThan" | "constraintType" | "constraintDate"> => ({
  startNoEarlierThan: day,
  constraintType: day ? "SNET" : "ASAP",
  constraintDate: day,
});

/** The plan of a stored project, as every export format writes it (ids as keys; tasks in outline order). */
export type ExportedPlan = {
  project: { name: string; slug: string; description: string; statusDate?: string | null };
  calendar: { startDate: string; workingDays: number[]; holidays: string[] };
  categories: { id: number; name: string; color: string }[];
  tasks: ExportedTask[];
  dependencies: {
    id: number;
    sourceTaskId: number;
    targetTaskId: number;
    type: DependencyType;
    lag: number;
  }[];
  /** The project's baselines, oldest first, each task's row by its id. */
  baselines?: ExportedBaseline[];
};

export type ExportedBaseline = {
  name: string;
  finish: string | null;
  tasks: { taskId: number; start: string | null; finish: string | null; duration: number | null }[];
};

export type ExportedTask = {
  id: number;
  name: string;
  description: string;
  status: StoredTaskStatus;
  completed: boolean;
  completedAt: string | null;
  /** ISO date-times as stored. */
  startDate: string | null;
  snoozeUntil: string | null;
  dueDate: string | null;
  duration: number | null;
  schedulingMode: SchedulingMode;
  startNoEarlierThan: string | null;
  /** As stored: SNET with startNoEarlierThan's date, or another type ("YYYY-MM-DD" dates). */
  constraintType: ConstraintType;
  constraintDate: string | null;
  deadline: string | null;
  /** 0..100, 100 when completed; a summary's is not stored (its leaves' roll up). */
  percentComplete: number;
  actualStart: string | null;
  actualFinish: string | null;
  categoryId: number | null;
  /** The summary task it sits under, null at the top level; `order` is its place among its siblings. */
  parentId: number | null;
  /** The assignee's email, null: none. */
  assigneeEmail: string | null;
  positionX: number | null;
  positionY: number | null;
  width: number | null;
  height: number | null;
  order: number;
  /** The task's scheduled dates ("YYYY-MM-DD"), null when it is not scheduled. */
  schedule: { start: string; finish: string } | null;
};
