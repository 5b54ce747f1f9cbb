// Wire objects for unit tests: a whole task or dependency with plain defaults, changed by overrides,
// so a test names only the fields it is about and a new task field changes no test; and the task
// form's values, likewise.
import type { DependencyDto } from "../schemas/dependencies";
import type { ScheduledTaskDto, TaskFormValues } from "../schemas/tasks";

let nextId = 1;

/**
 * A not-started task with no dates, duration, category, assignee or position; ids count up unless
 * given.
 */
export function taskDto(overrides: Partial<ScheduledTaskDto> = {}): ScheduledTaskDto {
  const id = overrides.id ?? nextId++;
  return {
    id,
    projectId: 1,
    name: `Task ${id}`,
    description: "",
    status: "not-started",
    completed: false,
    completedAt: null,
    startDate: null,
    snoozeUntil: null,
    dueDate: null,
    categoryId: null,
    parentId: null,
    assigneeId: null,
    positionX: null,
    positionY: null,
    width: null,
    height: null,
    order: 0,
    duration: null,
    schedulingMode: "auto",
    startNoEarlierThan: null,
    constraintType: "ASAP",
    constraintDate: null,
    deadline: null,
    percentComplete: 0,
    actualStart: null,
    actualFinish: null,
    schedule: null,
    createdAt: "2026-04-01T00:00:00.000Z",
    updatedAt: "2026-04-01T00:00:00.000Z",
    ...overrides,
  };
}

/**
 * A dependency in project 1, finish-to-start with no lag unless given: `prerequisite` must be
 * completed before `dependent` is unblocked.
 */
export function dependencyDto(
  id: number,
  prerequisite: number,
  dependent: number,
  overrides: Partial<Pick<DependencyDto, "type" | "lag">> = {},
): DependencyDto {
  return {
    id,
    projectId: 1,
    sourceTaskId: prerequisite,
    targetTaskId: dependent,
    type: "FS",
    lag: 0,
    ...overrides,
  };
}

/**
 * The task dialog's values for a not-started task "Write the brief" of project 3, with no category,
 * assignee, dates, duration or constraint, and no project selector shown.
 */
export function taskFormValues(overrides: Partial<TaskFormValues> = {}): TaskFormValues {
  return {
    name: "Write the brief",
    description: "",
    status: "not-started",
    projectId: "3",
    categoryId: "none",
    assigneeId: "none",
    startDate: "",
    snoozeUntil: "",
    dueDate: "",
    duration: "",
    schedulingMode: "auto",
    constraintType: "ASAP",
    constraintDate: "",
    deadline: "",
    percentComplete: "0",
    actualStart: "",
    actualFinish: "",
    requireProject: false,
    ...overrides,
  };
}
