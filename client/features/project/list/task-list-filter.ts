// The task list's filter and search, pure so they can be tested without a browser.
import { type GraphDependency, tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import type { TaskDto } from "@core/schemas/projects";
import type { Outline } from "@core/tasks/outline";
import { outlineRows } from "@core/tasks/outline-view";
import { type DisplayStatus, displayStatus } from "@core/tasks/status";
import { classifyTasks, type TaskFilter } from "@core/tasks/task-filters";

export {
  DEFAULT_TASK_FILTER,
  TASK_FILTER_LABELS,
  TASK_FILTERS,
  type TaskFilter,
} from "@core/tasks/task-filters";

/** A row's place in the outline, when the list shows the tree. */
export type ListedOutline = {
  level: number;
  wbs: string;
  summary: boolean;
  /** A summary whose subtree is hidden. */
  collapsed: boolean;
  /** How many tasks are below a summary. */
  below: number;
  /** Completed: a leaf's own, a summary's rolled up (every leaf below it is completed). */
  completed: boolean;
  /** The dates the row shows: a leaf's own, a summary's the earliest start and latest due below it. */
  startDate: string | null;
  dueDate: string | null;
};

export type ListedTask = { task: TaskDto; status: DisplayStatus; outline?: ListedOutline };

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

/**
 * The rows of the list as a tree (a plan with summaries, in project order): tree order, the tasks
 * under a collapsed summary left out. The filter and the search keep leaves (a summary is not work)
 * and show the summaries above each kept leaf; the search also keeps a summary by its own name
 * under All Tasks. A summary's badge rolls up: Completed when every leaf below it is, In Progress
 * once one has started or finished, else waiting or to do as links into it hold it. `count` is the
 * leaves kept, shown or collapsed away.
 *
 * @example outlineListTasks(tasks, dependencies, outline, new Set(), "all", "", now).rows.map((row) => row.outline?.wbs) // ["1", "1.1", "2"]
 */
export function outlineListTasks(
  tasks: readonly TaskDto[],
  dependencies: readonly GraphDependency[],
  outline: Outline,
  collapsed: ReadonlySet<number>,
  filter: TaskFilter,
  search: string,
  now: Date,
): { rows: ListedTask[]; count: number } {
  const classified = classifyTasks(tasks, dependencies, now);
  const waiting = tasksWithIncompletePrerequisites(tasks, dependencies);
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const kept = (id: number) => {
    const task = byId.get(id);
    if (!task) return false;
    if (outline.isSummary(id)) return search.trim() !== "" && filter === "all" && matchesSearch(task, search);
    return (classified.get(id)?.filters.has(filter) ?? false) && matchesSearch(task, search);
  };
  const filtered = filter !== "all" || search.trim() !== "";
  let count = 0;
  for (const id of outline.order) if (!outline.isSummary(id) && kept(id)) count++;

  // Rolled up from the leaves, children before their summary.
  type Rolled = { completed: boolean; started: boolean; startDate: string | null; dueDate: string | null };
  const rolled = new Map<number, Rolled>();
  const earlier = (a: string | null, b: string | null) =>
    a === null ? b : b === null ? a : Date.parse(b) < Date.parse(a) ? b : a;
  const later = (a: string | null, b: string | null) =>
    a === null ? b : b === null ? a : Date.parse(b) > Date.parse(a) ? b : a;
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const children = outline.childrenOf(id);
    const task = byId.get(id);
    if (children.length === 0) {
      rolled.set(id, {
        completed: task?.completed ?? false,
        started: (task?.completed ?? false) || task?.status === "in-progress",
        startDate: task?.startDate ?? null,
        dueDate: task?.dueDate ?? null,
      });
      continue;
    }
    const states = children.flatMap((child) => rolled.get(child) ?? []);
    rolled.set(id, {
      completed: states.every((state) => state.completed),
      started: states.some((state) => state.started),
      startDate: states.reduce<string | null>((first, state) => earlier(first, state.startDate), null),
      dueDate: states.reduce<string | null>((last, state) => later(last, state.dueDate), null),
    });
  }

  const rows: ListedTask[] = [];
  for (const row of outlineRows(outline, collapsed, filtered ? kept : undefined)) {
    const task = byId.get(row.id);
    if (!task) continue;
    const state = rolled.get(row.id) ?? {
      completed: task.completed,
      started: false,
      startDate: task.startDate,
      dueDate: task.dueDate,
    };
    const status = row.summary
      ? displayStatus(
          { completed: state.completed, status: state.started ? "in-progress" : "todo" },
          waiting.has(row.id),
        )
      : (classified.get(row.id)?.status ?? "todo");
    rows.push({
      task,
      status,
      outline: {
        level: row.level,
        wbs: row.wbs,
        summary: row.summary,
        collapsed: row.collapsed,
        below: row.summary ? outline.descendantsOf(row.id).length : 0,
        completed: row.summary ? state.completed : task.completed,
        startDate: state.startDate,
        dueDate: state.dueDate,
      },
    });
  }
  return { rows, count };
}
