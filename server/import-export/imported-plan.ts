// The shape every import format reads into and every export format writes from (decisions.md
// section 9): a plan in the file's own terms (its ids as keys, dates as days), before anything is
// stored. Readers throw ImportError naming what they could not read; anything they read but cannot
// keep goes into `warnings`, naming what was dropped.
import type { DependencyType, SchedulingMode } from "@core/scheduling/engine";
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
  /** "YYYY-MM-DD". */
  startNoEarlierThan: string | null;
  /** The key of its category (ImportedCategory.key), null: none. */
  categoryKey: string | null;
  /** Our JSON only: where the graph drew it, and its order. */
  positionX?: number | null;
  positionY?: number | null;
  width?: number | null;
  height?: number | null;
  order?: number;
};

export type ImportedCategory = { key: string; name: string; color: string | null };

export type ImportedDependency = {
  /** The prerequisite's key. */
  sourceKey: string;
  /** The dependent's key. */
  targetKey: string;
  type: DependencyType;
  /** Working days; negative: a lead. */
  lag: number;
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
  categoryKey: null,
  ...fields,
});

/** The plan of a stored project, as every export format writes it (ids as keys). */
export type ExportedPlan = {
  project: { name: string; slug: string; description: string };
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
  categoryId: number | null;
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
