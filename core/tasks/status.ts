// Task statuses: what is stored, what each view shows.

export const TASK_STATUSES = ["not-started", "in-progress", "blocked", "completed"] as const;
/** The statuses the task form offers. */
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** What the database may hold: the form's statuses plus the legacy `todo` graph nodes get. */
export const STORED_TASK_STATUSES = ["todo", ...TASK_STATUSES] as const;
export type StoredTaskStatus = (typeof STORED_TASK_STATUSES)[number];

export const DEFAULT_TASK_STATUS: TaskStatus = "not-started";

/**
 * The form's reading of a stored status: the legacy `todo` (and anything unknown) is not-started.
 * @example normalizeStatus("todo") // "not-started"
 */
export function normalizeStatus(status: string | null | undefined): TaskStatus {
  return (TASK_STATUSES as readonly string[]).includes(status ?? "") ? (status as TaskStatus) : "not-started";
}

/**
 * The states a task card or list row shows. "Waiting" is a task that waits for unfinished work (an
 * incomplete prerequisite); "Blocked" is only ever the status a person chose (decision 034).
 */
export type DisplayStatus = "todo" | "in-progress" | "waiting" | "blocked" | "completed";

export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  todo: "To Do",
  "in-progress": "In Progress",
  waiting: "Waiting",
  blocked: "Blocked",
  completed: "Completed",
};

/**
 * What the graph card and the list badge show: Completed if completed; else Blocked if the user
 * marked it blocked; else Waiting if a prerequisite is incomplete; else In Progress if it is in
 * progress; else To Do.
 * @example displayStatus({ completed: false, status: "in-progress" }, true) // "waiting"
 * @example displayStatus({ completed: false, status: "blocked" }, false) // "blocked"
 */
export function displayStatus(
  task: { completed: boolean; status: string },
  hasIncompletePrerequisite: boolean,
): DisplayStatus {
  if (task.completed) return "completed";
  if (task.status === "blocked") return "blocked";
  if (hasIncompletePrerequisite) return "waiting";
  if (task.status === "in-progress") return "in-progress";
  return "todo";
}
