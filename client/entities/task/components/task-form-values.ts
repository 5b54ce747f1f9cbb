// Between a task and the task dialog's values, and from the values to the bodies of the create and
// update calls. Each conversion goes by the kind of the field (TASK_FORM_FIELDS in core), so a field
// added to the form is read, sent and compared with no change here.

import { DATED_CONSTRAINTS } from "@core/scheduling/constraints";
import type { TaskDto } from "@core/schemas/projects";
import {
  type CreateTaskInput,
  formDurationToNumber,
  formIdToNumber,
  formPercentToNumber,
  TASK_FORM_FIELDS,
  type TaskChanges,
  type TaskFormField,
  type TaskFormFieldKind,
  type TaskFormValues,
  type taskFormSchema,
} from "@core/schemas/tasks";
import { DEFAULT_TASK_STATUS, normalizeStatus, type TaskStatus } from "@core/tasks/status";
import type { z } from "zod";
import { isAutoScheduled } from "@/entities/task/components/start-of-auto-task";
import { fromDateInputValue, toDateInputValue } from "@/lib/task-dates";

export type TaskFormOutput = z.output<typeof taskFormSchema>;

/**
 * The status the form shows: a completed task reads as completed whatever its stored status, and
 * the legacy `todo` as not-started.
 *
 * @example formStatus({ completed: false, status: "todo" }) // "not-started"
 */
export function formStatus(task: Pick<TaskDto, "completed" | "status">): TaskStatus {
  return task.completed ? "completed" : normalizeStatus(task.status);
}

type Conversion = {
  /** A new task's value. */
  empty: string;
  /** The value the form shows for the task's field. */
  fromTask(task: TaskDto, field: TaskFormField): string;
  /** The value the API takes. */
  toInput(value: string): unknown;
  /** Whether the form's value differs from the task's, as the API would store it. */
  changed(task: TaskDto, field: TaskFormField, value: string): boolean;
};

const read = (task: TaskDto, field: TaskFormField) => task[field];
const idText = (id: unknown) => (id ? String(id) : "none");

const CONVERSIONS: Record<TaskFormFieldKind, Conversion> = {
  text: {
    empty: "",
    fromTask: (task, field) => String(read(task, field) ?? ""),
    toInput: (value) => value,
    changed: (task, field, value) => value !== String(read(task, field) ?? ""),
  },
  status: {
    empty: DEFAULT_TASK_STATUS,
    fromTask: (task) => formStatus(task),
    toInput: (value) => value,
    changed: (task, _field, value) => value !== formStatus(task),
  },
  // Ids as strings, 'none' for no value.
  id: {
    empty: "none",
    fromTask: (task, field) => idText(read(task, field)),
    toInput: formIdToNumber,
    changed: (task, field, value) => formIdToNumber(value) !== read(task, field),
  },
  // A project other than the task's moves it; no project chosen keeps it where it is.
  project: {
    empty: "",
    fromTask: (task, field) => String(read(task, field)),
    toInput: formIdToNumber,
    changed: (task, field, value) => {
      const id = formIdToNumber(value);
      return id !== null && id !== read(task, field);
    },
  },
  // Working days as typed; '' is none.
  duration: {
    empty: "",
    fromTask: (task, field) => (read(task, field) === null ? "" : String(read(task, field))),
    toInput: (value) => (value.trim() === "" ? null : formDurationToNumber(value)),
    changed: (task, field, value) =>
      (value.trim() === "" ? null : formDurationToNumber(value)) !== read(task, field),
  },
  mode: {
    empty: "auto",
    fromTask: (task, field) => String(read(task, field) ?? "auto"),
    toInput: (value) => value,
    changed: (task, field, value) => value !== (read(task, field) ?? "auto"),
  },
  // One of the eight constraint types; a task without one is as soon as possible.
  constraint: {
    empty: "ASAP",
    fromTask: (task, field) => String(read(task, field) ?? "ASAP"),
    toInput: (value) => value,
    changed: (task, field, value) => value !== (read(task, field) ?? "ASAP"),
  },
  // A day as the API takes it ("2026-05-01"), '' for none.
  day: {
    empty: "",
    fromTask: (task, field) => String(read(task, field) ?? ""),
    toInput: (value) => (value === "" ? null : value),
    changed: (task, field, value) => value !== String(read(task, field) ?? ""),
  },
  // A whole percent as typed; '' is 0.
  percent: {
    empty: "0",
    fromTask: (task, field) => String(read(task, field) ?? 0),
    toInput: formPercentToNumber,
    changed: (task, field, value) => formPercentToNumber(value) !== (read(task, field) ?? 0),
  },
  // A date compares as the day the input shows.
  date: {
    empty: "",
    fromTask: (task, field) => toDateInputValue(read(task, field) as string | null),
    toInput: fromDateInputValue,
    changed: (task, field, value) => value !== toDateInputValue(read(task, field) as string | null),
  },
};

const FORM_FIELDS = Object.entries(TASK_FORM_FIELDS) as [TaskFormField, TaskFormFieldKind][];

function formValues(
  requireProject: boolean,
  fieldValue: (field: TaskFormField, conversion: Conversion) => string,
): TaskFormValues {
  const values: Record<string, unknown> = { requireProject };
  for (const [field, kind] of FORM_FIELDS) values[field] = fieldValue(field, CONVERSIONS[kind]);
  return values as TaskFormValues;
}

/** A new task's values: not-started (or the given status), no category, no assignee, no dates. */
export function emptyTaskFormValues(
  projectId: number | null | undefined,
  requireProject: boolean,
  status: TaskStatus = DEFAULT_TASK_STATUS,
): TaskFormValues {
  return {
    ...formValues(requireProject, (_field, conversion) => conversion.empty),
    projectId: projectId ? String(projectId) : "",
    status,
    // 100 % and completed are one fact (docs/spec/tracking.md).
    percentComplete: status === "completed" ? "100" : "0",
  };
}

export function taskToFormValues(task: TaskDto, requireProject: boolean): TaskFormValues {
  return formValues(requireProject, (field, conversion) => conversion.fromTask(task, field));
}

/**
 * The values as they are sent: a constraint date is kept only under a type that takes one (the
 * dialog keeps what was typed while another type is tried).
 */
const sendable = (values: TaskFormOutput): TaskFormOutput =>
  DATED_CONSTRAINTS.includes(values.constraintType) ? values : { ...values, constraintDate: "" };

/** The body of POST /api/projects/{id}/tasks: every field but the project, which is the path's. */
export function formToCreateInput(formValues: TaskFormOutput): CreateTaskInput {
  const values = sendable(formValues);
  const input: Record<string, unknown> = {};
  for (const [field, kind] of FORM_FIELDS) {
    if (kind !== "project") input[field] = CONVERSIONS[kind].toInput(values[field]);
  }
  return input as CreateTaskInput;
}

/**
 * The body of PUT /api/tasks/{id}: only what differs from the task. A project other than the
 * task's moves it; a date is compared as the day the input shows.
 *
 * @example formToChanges(task, { ...taskToFormValues(task, false), name: "Renamed" }) // { name: "Renamed" }
 */
export function formToChanges(task: TaskDto, formValues: TaskFormOutput): TaskChanges {
  const values = sendable(formValues);
  const changes: Record<string, unknown> = {};
  for (const [field, kind] of FORM_FIELDS) {
    const conversion = CONVERSIONS[kind];
    if (conversion.changed(task, field, values[field])) changes[field] = conversion.toInput(values[field]);
  }
  // An auto-scheduled task given a new start keeps its duration, as a bar moved in the Gantt does:
  // the due date the form moved with the start is not sent (the server would make it a new length).
  if (isAutoScheduled(values) && "startDate" in changes && !("duration" in changes)) delete changes.dueDate;
  return changes as TaskChanges;
}

/** The form's fields whose values differ between two sets of values. */
export function differingFields(a: TaskFormValues, b: TaskFormValues): TaskFormField[] {
  return FORM_FIELDS.map(([field]) => field).filter((field) => a[field] !== b[field]);
}

/**
 * The dialog's values moved onto a newer version of the task: each field the user left as `base`
 * showed it takes the newer value; a field the user changed keeps the user's value, and is a
 * conflict where the newer version changed it too (to something else).
 *
 * @example rebaseFormValues(opened, saved, values, false) // { values, conflicts: ["name"] }
 */
export function rebaseFormValues(
  base: TaskDto,
  newer: TaskDto,
  values: TaskFormValues,
  requireProject: boolean,
): { values: TaskFormValues; conflicts: TaskFormField[] } {
  const before = taskToFormValues(base, requireProject);
  const after = taskToFormValues(newer, requireProject);
  const rebased: Record<string, unknown> = { ...values };
  const conflicts: TaskFormField[] = [];
  for (const field of differingFields(before, after)) {
    if (values[field] === before[field]) rebased[field] = after[field];
    else if (values[field] !== after[field]) conflicts.push(field);
  }
  return { values: rebased as TaskFormValues, conflicts };
}
