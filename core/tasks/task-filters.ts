// The one task filter of every view that filters (graph, list): the same names, the same meaning.
import { tasksWithIncompletePrerequisites } from "../graph/dependency-graph";
import { unblockedTaskIds } from "../graph/unblocked";
import type { DependencyDto, TaskDto } from "../schemas/projects";
import { type DisplayStatus, displayStatus } from "./status";

export const TASK_FILTERS = ["all", "open", "unblocked", "waiting", "blocked", "completed"] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export const TASK_FILTER_LABELS: Record<TaskFilter, string> = {
  all: "All Tasks",
  open: "Not Completed",
  unblocked: "Unblocked",
  waiting: "Waiting",
  blocked: "Blocked",
  completed: "Completed",
};

export const DEFAULT_TASK_FILTER: TaskFilter = "all";

/** A stored or typed filter name, else the default (an older name such as "future" included). */
export function parseTaskFilter(value: string | null | undefined): TaskFilter {
  return (TASK_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as TaskFilter)
    : DEFAULT_TASK_FILTER;
}

type FilterTask = Pick<TaskDto, "id" | "completed" | "status" | "snoozeUntil">;
type FilterDependency = Pick<DependencyDto, "sourceTaskId" | "targetTaskId">;

/**
 * What each task shows and whether the filter keeps it:
 * - Not Completed: not completed;
 * - Unblocked: not completed, not snoozed past `now`, every prerequisite completed, and not marked
 *   blocked by hand (so no Unblocked task carries a Blocked badge);
 * - Waiting: its badge reads Waiting (an incomplete prerequisite);
 * - Blocked: its badge reads Blocked (the status the user chose);
 * - Completed: completed; All: every task.
 * @example classifyTasks(tasks, dependencies, new Date()).get(7) // { status: "waiting", shownBy: Set {"all", "open", "waiting"} }
 */
export function classifyTasks<T extends FilterTask>(
  tasks: readonly T[],
  dependencies: readonly FilterDependency[],
  now: Date,
): Map<number, { status: DisplayStatus; filters: Set<TaskFilter> }> {
  const waiting = tasksWithIncompletePrerequisites(tasks, dependencies);
  const unblocked = unblockedTaskIds(tasks, dependencies, now);
  const classified = new Map<number, { status: DisplayStatus; filters: Set<TaskFilter> }>();
  for (const task of tasks) {
    const status = displayStatus(task, waiting.has(task.id));
    const filters = new Set<TaskFilter>(["all"]);
    if (!task.completed) filters.add("open");
    if (unblocked.has(task.id) && status !== "blocked") filters.add("unblocked");
    if (status === "waiting") filters.add("waiting");
    if (status === "blocked") filters.add("blocked");
    if (status === "completed") filters.add("completed");
    classified.set(task.id, { status, filters });
  }
  return classified;
}
