// The task list's filter and search, pure so they can be tested without a browser.
import type { GraphDependency } from "@core/graph/dependency-graph";
import type { TaskDto } from "@core/schemas/projects";
import type { DisplayStatus } from "@core/tasks/status";
import { classifyTasks, type TaskFilter } from "@core/tasks/task-filters";

export {
  DEFAULT_TASK_FILTER,
  TASK_FILTER_LABELS,
  TASK_FILTERS,
  type TaskFilter,
} from "@core/tasks/task-filters";

export type ListedTask = { task: TaskDto; status: DisplayStatus };

/**
 * Whether a task's name or description holds the search text, ignoring case and the spaces around
 * it; an empty search matches everything.
 *
 * @example matchesSearch({ name: "Write copy", description: "" }, " COPY ") // true
 */
export function matchesSearch(task: Pick<TaskDto, "name" | "description">, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === "") return true;
  return (
    task.name.toLocaleLowerCase().includes(needle) ||
    (task.description ?? "").toLocaleLowerCase().includes(needle)
  );
}

/**
 * The rows of the list, in the project's order, each with its badge, kept by the filter every view
 * shares (core/tasks/task-filters.ts). Snoozed tasks are never Unblocked.
 *
 * @example listTasks(tasks, dependencies, "waiting", "", new Date()).map((row) => row.task.name) // ["B", "C"]
 */
export function listTasks(
  tasks: readonly TaskDto[],
  dependencies: readonly GraphDependency[],
  filter: TaskFilter,
  search: string,
  now: Date,
): ListedTask[] {
  const classified = classifyTasks(tasks, dependencies, now);
  const rows: ListedTask[] = [];
  for (const task of tasks) {
    const { status, filters } = classified.get(task.id) as {
      status: DisplayStatus;
      filters: Set<TaskFilter>;
    };
    if (filters.has(filter) && matchesSearch(task, search)) rows.push({ task, status });
  }
  return rows;
}

export const TASK_SORTS = ["order", "name", "start", "due", "status"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const TASK_SORT_LABELS: Record<TaskSort, string> = {
  order: "Project order",
  name: "Name",
  start: "Start date",
  due: "Due date",
  status: "Status",
};

/** The order of the Status sort: work to do first, then work under way, waiting, done. */
const STATUS_RANK: Record<DisplayStatus, number> = {
  todo: 0,
  "in-progress": 1,
  waiting: 2,
  blocked: 3,
  completed: 4,
};

const byName = (a: ListedTask, b: ListedTask) =>
  a.task.name.localeCompare(b.task.name, undefined, { sensitivity: "base", numeric: true }) ||
  a.task.id - b.task.id;

/** Earlier dates first; tasks without the date go last, by name. */
const byDate = (field: "startDate" | "dueDate") => (a: ListedTask, b: ListedTask) => {
  const first = a.task[field];
  const second = b.task[field];
  if (first === second) return byName(a, b);
  if (first === null) return 1;
  if (second === null) return -1;
  return Date.parse(first) - Date.parse(second) || byName(a, b);
};

const COMPARE: Record<Exclude<TaskSort, "order">, (a: ListedTask, b: ListedTask) => number> = {
  name: byName,
  start: byDate("startDate"),
  due: byDate("dueDate"),
  status: (a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || byName(a, b),
};

/**
 * The rows in the chosen order; "order" keeps the project's order (the rows as listTasks gives them).
 *
 * @example sortRows(rows, "due").map((row) => row.task.dueDate) // ["2026-01-02...", "2026-03-01...", null]
 */
export function sortRows(rows: readonly ListedTask[], sort: TaskSort): ListedTask[] {
  if (sort === "order") return [...rows];
  return [...rows].sort(COMPARE[sort]);
}
