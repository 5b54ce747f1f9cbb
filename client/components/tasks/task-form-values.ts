// Between a task and the task dialog's values (spec section 3: ids as strings with 'none', dates
// as the strings of date inputs), and from the values to the bodies of the create and update calls.

import type { TaskDto } from "@core/schemas/projects";
import {
  type CreateTaskInput,
  formIdToNumber,
  type TaskFormValues,
  type taskFormSchema,
  type UpdateTaskInput,
} from "@core/schemas/tasks";
import { DEFAULT_TASK_STATUS, normalizeStatus, type TaskStatus } from "@core/tasks/status";
import type { z } from "zod";
import { fromDateInputValue, toDateInputValue } from "@/lib/task-dates";

export type TaskFormOutput = z.output<typeof taskFormSchema>;

const DATE_FIELDS = ["startDate", "snoozeUntil", "dueDate"] as const;

const idToForm = (id: number | null | undefined) => (id ? String(id) : "none");

/** A new task's values: not-started (or the given status), no category, no assignee, no dates. */
export function emptyTaskFormValues(
  projectId: number | null | undefined,
  requireProject: boolean,
  status: TaskStatus = DEFAULT_TASK_STATUS,
): TaskFormValues {
  return {
    name: "",
    description: "",
    status,
    projectId: projectId ? String(projectId) : "",
    categoryId: "none",
    assigneeId: "none",
    startDate: "",
    snoozeUntil: "",
    dueDate: "",
    requireProject,
  };
}

/**
 * The status the form shows: a completed task reads as completed whatever its stored status, and
 * the legacy `todo` as not-started (spec section 4).
 *
 * @example formStatus({ completed: false, status: "todo" }) // "not-started"
 */
export function formStatus(task: Pick<TaskDto, "completed" | "status">): TaskStatus {
  return task.completed ? "completed" : normalizeStatus(task.status);
}

export function taskToFormValues(task: TaskDto, requireProject: boolean): TaskFormValues {
  return {
    name: task.name,
    description: task.description ?? "",
    status: formStatus(task),
    projectId: String(task.projectId),
    categoryId: idToForm(task.categoryId),
    assigneeId: idToForm(task.assigneeId),
    startDate: toDateInputValue(task.startDate),
    snoozeUntil: toDateInputValue(task.snoozeUntil),
    dueDate: toDateInputValue(task.dueDate),
    requireProject,
  };
}

/** The body of POST /api/projects/{id}/tasks. */
export function formToCreateInput(values: TaskFormOutput): CreateTaskInput {
  return {
    name: values.name,
    description: values.description,
    status: values.status,
    categoryId: formIdToNumber(values.categoryId),
    assigneeId: formIdToNumber(values.assigneeId),
    startDate: fromDateInputValue(values.startDate),
    snoozeUntil: fromDateInputValue(values.snoozeUntil),
    dueDate: fromDateInputValue(values.dueDate),
  };
}

/**
 * The body of PUT /api/tasks/{id}: only what differs from the task (spec section 7). A project
 * other than the task's moves it; a date is compared as the day the input shows.
 *
 * @example formToChanges(task, { ...taskToFormValues(task, false), name: "Renamed" }) // { name: "Renamed" }
 */
export function formToChanges(task: TaskDto, values: TaskFormOutput): UpdateTaskInput {
  const changes: UpdateTaskInput = {};
  if (values.name !== task.name) changes.name = values.name;
  if (values.description !== (task.description ?? "")) changes.description = values.description;
  if (values.status !== formStatus(task)) changes.status = values.status;
  const projectId = formIdToNumber(values.projectId);
  if (projectId !== null && projectId !== task.projectId) changes.projectId = projectId;
  const categoryId = formIdToNumber(values.categoryId);
  if (categoryId !== task.categoryId) changes.categoryId = categoryId;
  const assigneeId = formIdToNumber(values.assigneeId);
  if (assigneeId !== task.assigneeId) changes.assigneeId = assigneeId;
  for (const field of DATE_FIELDS) {
    if (values[field] !== toDateInputValue(task[field])) changes[field] = fromDateInputValue(values[field]);
  }
  return changes;
}
