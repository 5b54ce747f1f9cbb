// Tasks and dependencies: the API contract and the task form, with every validation message.
// The server parses request bodies with these schemas; the task dialog validates with taskFormSchema.
import { z } from "zod";
import { type ConstraintFields, resolveConstraint } from "../scheduling/constraint-fields";
import { DATED_CONSTRAINTS } from "../scheduling/constraints";
import { OUTLINE_CHILDREN_MAX, type OutlineFields } from "../tasks/outline";
import { settleProgress } from "../tasks/progress";
import { DEFAULT_TASK_STATUS, STORED_TASK_STATUSES, TASK_STATUSES } from "../tasks/status";
import { idField } from "./common";
import { DATE_RANGE_TEXT, isDateInRange } from "./date-range";
import {
  constraintTypeSchema,
  DURATION_MAX,
  durationSchema,
  isoDaySchema,
  schedulingModeSchema,
  type TaskSchedule,
} from "./scheduling";
import type { Serialized, Simplify } from "./wire";

export const TASK_NAME_MAX = 500;
export const TASK_DESCRIPTION_MAX = 20_000;

export const TASK_DATE_MESSAGES = {
  dueBeforeSnooze: "Due date must be on or after the snooze until date",
  dueBeforeStart: "Due date must be on or after the start date.",
  snoozeBeforeStart: "Snooze until date must be on or after the start date",
} as const;

type DateLike = string | Date | null | undefined;
export type TaskDates = { startDate?: DateLike; snoozeUntil?: DateLike; dueDate?: DateLike };

const time = (value: DateLike): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const parsed = new Date(value).getTime();
  return Number.isNaN(parsed) ? null : parsed;
};

/**
 * The date rules (due on or after snooze and start, snooze on or after start); a rule is skipped
 * when either of its dates is empty.
 * @example taskDateProblems({ startDate: "2026-05-02", dueDate: "2026-05-01" })
 * // [{ field: "dueDate", message: "Due date must be on or after the start date." }]
 */
export function taskDateProblems(dates: TaskDates): { field: "dueDate" | "snoozeUntil"; message: string }[] {
  const start = time(dates.startDate);
  const snooze = time(dates.snoozeUntil);
  const due = time(dates.dueDate);
  const problems: { field: "dueDate" | "snoozeUntil"; message: string }[] = [];
  if (due !== null && snooze !== null && due < snooze) {
    problems.push({ field: "dueDate", message: TASK_DATE_MESSAGES.dueBeforeSnooze });
  }
  if (due !== null && start !== null && due < start) {
    problems.push({ field: "dueDate", message: TASK_DATE_MESSAGES.dueBeforeStart });
  }
  if (snooze !== null && start !== null && snooze < start) {
    problems.push({ field: "snoozeUntil", message: TASK_DATE_MESSAGES.snoozeBeforeStart });
  }
  return problems;
}

/** A new task's constraint before its body: as soon as possible. */
const NO_CONSTRAINT: ConstraintFields = {
  constraintType: "ASAP",
  constraintDate: null,
  startNoEarlierThan: null,
};

const addDateIssues = (value: TaskDates, context: z.RefinementCtx) => {
  for (const problem of taskDateProblems(value)) {
    context.addIssue({ code: "custom", message: problem.message, path: [problem.field] });
  }
};

export const taskNameSchema = z
  .string({ error: "Task name is required." })
  .trim()
  .min(1, "Task name is required.")
  .max(TASK_NAME_MAX, `Task name must be ${TASK_NAME_MAX} characters or less.`);

const descriptionSchema = z
  .string({ error: "description must be a string." })
  .max(TASK_DESCRIPTION_MAX, `Description must be ${TASK_DESCRIPTION_MAX} characters or less.`);

/** An ISO 8601 date or date-time on the wire; "" and null clear the date. */
const dateSchema = (name: string) =>
  z
    .union([z.string(), z.null()], { error: `${name} must be an ISO 8601 date or null.` })
    .transform((value, context) => {
      if (value === null || value.trim() === "") return null;
      const date = new Date(value.trim());
      if (!/^\d{4}-\d{2}-\d{2}/.test(value.trim()) || Number.isNaN(date.getTime())) {
        context.addIssue({ code: "custom", message: `${name} must be an ISO 8601 date or null.` });
        return z.NEVER;
      }
      if (!isDateInRange(date)) {
        context.addIssue({ code: "custom", message: `${name} must be a date ${DATE_RANGE_TEXT}.` });
        return z.NEVER;
      }
      return date;
    });

/** How far from the origin the graph may place a card, and how wide or tall it may be, in pixels. */
export const TASK_COORDINATE_MAX = 1e7;
export const TASK_SIZE_MAX = 1e5;

const coordinate = (name: string) =>
  z
    .number({ error: `${name} must be a number.` }) // zod refuses NaN and the infinities here
    .refine((value) => Math.abs(value) <= TASK_COORDINATE_MAX, `${name} is out of range.`)
    .nullable();

const size = (name: string) =>
  z
    .number({ error: `${name} must be a number.` })
    .positive(`${name} must be positive.`)
    .max(TASK_SIZE_MAX, `${name} is out of range.`)
    .nullable();

const statusSchema = z.enum(STORED_TASK_STATUSES, {
  error: `status must be one of ${STORED_TASK_STATUSES.join(", ")}`,
});

/** What the API and the task dialog say of a percent that is not 0..100 whole. */
export const PERCENT_MESSAGE = "percentComplete must be a whole number from 0 to 100.";

/**
 * Every field of a task a request may write, with its validation and messages: the one declaration
 * the wire type (TaskDto), the create and update bodies and the task form derive from. The stored
 * table (server/db/schema.ts) must have the same fields; the server's types check that.
 */
export const taskFields = {
  name: taskNameSchema,
  description: descriptionSchema,
  status: statusSchema,
  completed: z.boolean({ error: "completed must be true or false." }),
  completedAt: dateSchema("completedAt"),
  startDate: dateSchema("startDate"),
  snoozeUntil: dateSchema("snoozeUntil"),
  dueDate: dateSchema("dueDate"),
  categoryId: idField("categoryId").nullable(),
  /** The summary task it sits under (the outline), null at the top level. */
  parentId: idField("parentId").nullable(),
  assigneeId: idField("assigneeId").nullable(),
  positionX: coordinate("positionX"),
  positionY: coordinate("positionY"),
  width: size("width"),
  height: size("height"),
  duration: durationSchema,
  schedulingMode: schedulingModeSchema,
  startNoEarlierThan: isoDaySchema("startNoEarlierThan").nullable(),
  /** MS Project's eight; SNET is the same fact as startNoEarlierThan (constraint-fields.ts). */
  constraintType: constraintTypeSchema,
  /** "YYYY-MM-DD": a start type's first day, a finish type's last day worked; null for ASAP, ALAP. */
  constraintDate: isoDaySchema("constraintDate").nullable(),
  /** "YYYY-MM-DD": the last day it should be done by; caps its late finish, never moves it. */
  deadline: isoDaySchema("deadline").nullable(),
  /** Progress, 0..100 (100 is completed); a summary's rolls up from its leaves. */
  percentComplete: z
    .number({ error: PERCENT_MESSAGE })
    .int(PERCENT_MESSAGE)
    .min(0, PERCENT_MESSAGE)
    .max(100, PERCENT_MESSAGE),
  /** "YYYY-MM-DD": when work really started, and finished (on or after its start). */
  actualStart: isoDaySchema("actualStart").nullable(),
  actualFinish: isoDaySchema("actualFinish").nullable(),
};

/** The fields only the server sets. */
type TaskServerFields = { id: number; projectId: number; order: number; createdAt: Date; updatedAt: Date };

/** A task as the API answers it: every field, dates as ISO strings. */
export type TaskDto = Simplify<
  Serialized<TaskServerFields & { [K in keyof typeof taskFields]: z.output<(typeof taskFields)[K]> }>
>;

/**
 * A task in a project answer: with its `schedule`, computed from the project's calendar and
 * dependencies (null when it has no duration), and its place in the outline (`summary`,
 * `outlineLevel`, `wbs`: the server always sends them; a client derives them from `parentId`).
 */
export type ScheduledTaskDto = Simplify<TaskDto & { schedule: TaskSchedule | null } & Partial<OutlineFields>>;

/** POST /api/projects/{id}/tasks: a name and any other field. A body projectId is ignored. */
export const createTaskSchema = z
  .object(taskFields)
  .partial()
  .extend({
    name: taskNameSchema,
    description: descriptionSchema.default(""),
    status: statusSchema.default(DEFAULT_TASK_STATUS),
    schedulingMode: schedulingModeSchema.default("auto"),
  })
  .superRefine((value, context) => {
    addDateIssues(value, context);
    const constraint = resolveConstraint(NO_CONSTRAINT, value);
    if ("field" in constraint)
      context.addIssue({ code: "custom", message: constraint.message, path: [constraint.field] });
  });
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/** The server's answer (409, code `stale`) to a write whose `baseUpdatedAt` is not the task's. */
export const STALE_TASK_MESSAGE =
  "Someone else changed this task after you opened it; nothing was saved. Their values are shown.";

/**
 * The task's `updatedAt` as the writer last saw it. A date-time with its zone, as the API sends
 * `updatedAt`; compared to the millisecond.
 */
const baseUpdatedAtSchema = z
  .string({ error: "baseUpdatedAt must be the task's updatedAt, an ISO 8601 date-time." })
  .transform((value, context) => {
    const date = new Date(value);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(date.getTime())) {
      context.addIssue({
        code: "custom",
        message: "baseUpdatedAt must be the task's updatedAt, an ISO 8601 date-time.",
      });
      return z.NEVER;
    }
    return date;
  });

/**
 * PUT /api/tasks/{id}: only the fields sent change. The date rules are checked on the task as it
 * would be after the update, by the server. With `baseUpdatedAt` the write applies only if the task
 * has not changed since (else 409 `stale` with the task as it is); without it, it always applies.
 */
export const updateTaskSchema = z
  .object({
    ...taskFields,
    projectId: idField("projectId"),
    /** With parentId (or alone): the task's place among its siblings, 0 first; last when left out. */
    order: z
      .number({ error: "order must be a number." })
      .int("order must be an integer.")
      .min(0, "order must be 0 or more.")
      .max(OUTLINE_CHILDREN_MAX, "order is out of range."),
    baseUpdatedAt: baseUpdatedAtSchema,
  })
  .partial();
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
/** The fields an update changes (its body without `baseUpdatedAt`). */
export type TaskChanges = Omit<UpdateTaskInput, "baseUpdatedAt">;

const SCHEDULING_FIELDS = [
  "duration",
  "schedulingMode",
  "startNoEarlierThan",
  "constraintType",
  "constraintDate",
  "deadline",
  "actualStart",
  "actualFinish",
  "startDate",
  "dueDate",
] as const;

/**
 * Whether a write of these changes to this task can move dates: it has or gets a duration, and a
 * scheduling input changes (the server reschedules then; the client previews it first).
 * @example movesSchedule({ duration: 3 }, { dueDate: "2026-05-04" }) // true
 */
export function movesSchedule(task: { duration: number | null }, changes: TaskChanges): boolean {
  if (task.duration === null && (changes.duration === undefined || changes.duration === null)) return false;
  return SCHEDULING_FIELDS.some((field) => changes[field] !== undefined);
}

/** Only these changed: the graph drags and resizes without a toast. */
export const LAYOUT_ONLY_FIELDS = ["positionX", "positionY", "width", "height"] as const;

/** The highest place in a project's list a task may be given. */
export const TASK_ORDER_MAX = 1_000_000;

/** POST /api/projects/{id}/outline: Tab (indent) or Shift+Tab (outdent) on the chosen tasks. */
export const outlineActionSchema = z.object({
  taskIds: z
    .array(idField("taskIds"), { error: "taskIds must be a list of task ids." })
    .min(1, "taskIds must not be empty.")
    .max(OUTLINE_CHILDREN_MAX, `taskIds may hold at most ${OUTLINE_CHILDREN_MAX} tasks.`),
  action: z.enum(["indent", "outdent"], { error: "action must be indent or outdent." }),
});
export type OutlineActionInput = z.input<typeof outlineActionSchema>;

export const reorderTasksSchema = z.object({
  taskOrders: z
    .array(
      z.object({
        taskId: idField("taskId"),
        order: z
          .number({ error: "order must be a number." })
          .int("order must be an integer.")
          .min(0, "order must be 0 or more.")
          .max(TASK_ORDER_MAX, "order is out of range."),
      }),
      { error: "taskOrders must be a list of {taskId, order}." },
    )
    .min(1, "taskOrders must not be empty.")
    .max(10_000, "taskOrders may hold at most 10000 entries."),
});

/**
 * How the task dialog holds a field: every value is a string of an input or a select. `text` as
 * typed; `status` one of the form's statuses; `id` a number as text, 'none' for no value; `project`
 * the same but required when the project selector shows; `date` a date input's 'yyyy-MM-dd', ''
 * when cleared, sent as an instant; `day` the same, sent as the day itself; `duration` working days
 * as typed, '' for none; `mode` auto or manual; `constraint` one of the eight constraint types;
 * `percent` a whole percent as typed, '' for 0.
 */
export type TaskFormFieldKind =
  | "text"
  | "status"
  | "id"
  | "project"
  | "date"
  | "day"
  | "duration"
  | "mode"
  | "constraint"
  | "percent";

/**
 * The fields the task dialog edits, and how: the form's values, its schema and its conversions from
 * and to a task (client/entities/task/components/task-form-values.ts) all follow this list.
 */
export const TASK_FORM_FIELDS = {
  name: "text",
  description: "text",
  status: "status",
  projectId: "project",
  categoryId: "id",
  assigneeId: "id",
  startDate: "date",
  snoozeUntil: "date",
  dueDate: "date",
  duration: "duration",
  schedulingMode: "mode",
  // The constraint as its type and date (startNoEarlierThan follows them on the server).
  constraintType: "constraint",
  constraintDate: "day",
  deadline: "day",
  // Progress (docs/spec/tracking.md): a leaf's; a summary's rolls up and is only shown.
  percentComplete: "percent",
  actualStart: "day",
  actualFinish: "day",
} as const satisfies Partial<Record<keyof TaskDto, TaskFormFieldKind>>;
export type TaskFormField = keyof typeof TASK_FORM_FIELDS;

const formStatusSchema = z.enum(TASK_STATUSES);
const formModeSchema = schedulingModeSchema;
type TaskFormFieldSchema<F extends TaskFormField> = (typeof TASK_FORM_FIELDS)[F] extends "text"
  ? (typeof taskFields)[F & keyof typeof taskFields]
  : (typeof TASK_FORM_FIELDS)[F] extends "status"
    ? typeof formStatusSchema
    : (typeof TASK_FORM_FIELDS)[F] extends "mode"
      ? typeof formModeSchema
      : (typeof TASK_FORM_FIELDS)[F] extends "constraint"
        ? typeof constraintTypeSchema
        : z.ZodString;

// A text field validates as the API does; the others are strings the conversions read.
const taskFormShape = Object.fromEntries(
  Object.entries(TASK_FORM_FIELDS).map(([field, kind]) => [
    field,
    kind === "text"
      ? taskFields[field as keyof typeof taskFields]
      : kind === "status"
        ? formStatusSchema
        : kind === "mode"
          ? formModeSchema
          : kind === "constraint"
            ? constraintTypeSchema
            : z.string(),
  ]),
) as { [F in TaskFormField]: TaskFormFieldSchema<F> };

/**
 * The task dialog's values (TASK_FORM_FIELDS), and `requireProject`, set when the project selector
 * shows.
 */
export const taskFormSchema = z
  .object({ ...taskFormShape, requireProject: z.boolean() })
  .superRefine((value, context) => {
    if (value.requireProject && (value.projectId === "" || value.projectId === "none")) {
      context.addIssue({ code: "custom", message: "Please select a project.", path: ["projectId"] });
    }
    if (value.duration.trim() !== "" && formDurationToNumber(value.duration) === null) {
      context.addIssue({ code: "custom", message: DURATION_FORM_MESSAGE, path: ["duration"] });
    }
    addDateIssues(value, context);
    // A date left in the form under an undated type is not sent (task-form-values.ts).
    const dated = DATED_CONSTRAINTS.includes(value.constraintType);
    const constraint = resolveConstraint(NO_CONSTRAINT, {
      constraintType: value.constraintType,
      constraintDate: dated ? value.constraintDate || null : null,
    });
    if ("field" in constraint)
      context.addIssue({ code: "custom", message: constraint.message, path: [constraint.field] });
    addProgressIssues(value, context);
  });
export type TaskFormValues = z.input<typeof taskFormSchema>;

const DURATION_FORM_MESSAGE = `Duration must be a whole number of working days from 0 to ${DURATION_MAX}.`;

/** A typed duration: '' is none (null); anything else must read as 0..10,000 whole days (else null). */
export function formDurationToNumber(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days <= DURATION_MAX ? days : null;
}

/** A typed percent: '' is 0; anything else must read as a whole 0..100 (else null). */
export function formPercentToNumber(value: string): number | null {
  const text = value.trim();
  if (text === "") return 0;
  if (!/^\d+$/.test(text)) return null;
  const percent = Number(text);
  return percent <= 100 ? percent : null;
}

/** A day later than any a task's actual start can be: the form cannot know the server's today. */
const LAST_DAY = "9999-12-31";

/**
 * The form's progress judged as the server judges a write (settleProgress): the percent speaks for
 * the completion too, since the dialog keeps the status agreeing with it as either is changed.
 */
function addProgressIssues(
  value: { percentComplete: string; actualStart: string; actualFinish: string },
  context: z.RefinementCtx,
) {
  const percent = formPercentToNumber(value.percentComplete);
  if (percent === null) {
    context.addIssue({ code: "custom", message: PERCENT_MESSAGE, path: ["percentComplete"] });
    return;
  }
  const settled = settleProgress(
    { percentComplete: 0, actualStart: null, actualFinish: null, completed: false },
    {
      percentComplete: percent,
      actualStart: value.actualStart || null,
      actualFinish: value.actualFinish || null,
    },
    { today: LAST_DAY, scheduledStart: null },
  );
  if ("field" in settled)
    context.addIssue({ code: "custom", message: settled.message, path: [settled.field] });
}

/** 'none' and '' mean no value; anything else must read as a positive integer. */
export function formIdToNumber(value: string): number | null {
  if (value === "" || value === "none") return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The most tasks one plan holds: what one import may make, and what one auto-layout places. */
export const PLAN_TASKS_MAX = 50_000;
export const TASK_POSITIONS_MAX = PLAN_TASKS_MAX;

/** PUT /api/projects/{id}/tasks/positions: many graph positions in one request (auto-layout). */
export const taskPositionsSchema = z.object({
  positions: z
    .array(
      z.object({
        taskId: idField("taskId"),
        positionX: coordinate("positionX").unwrap(),
        positionY: coordinate("positionY").unwrap(),
      }),
      { error: "positions must be a list of {taskId, positionX, positionY}." },
    )
    .min(1, "positions must not be empty.")
    .max(TASK_POSITIONS_MAX, `positions may hold at most ${TASK_POSITIONS_MAX} entries.`),
});
