// The critical path the graph and the Gantt highlight: by total float once the plan is scheduled.
import { criticalPath, type DatedTask } from "../graph/critical-path";
import type { GraphDependency } from "../graph/dependency-graph";
import type { TaskSchedule } from "./project-schedule";

export type CriticalTasks = {
  taskIds: Set<number>;
  /** How many of them are work (leaves): a critical summary is highlighted, not counted. */
  workCount: number;
  pairs: [number, number][];
  /**
   * The work on it in days: the critical tasks' durations (working days once scheduled); a
   * summary's work is its subtasks', so its own is not counted again.
   */
  totalDays: number;
};

type CriticalTask = DatedTask & {
  schedule?: TaskSchedule | null;
  duration?: number | null;
  summary?: boolean;
};

/**
 * The critical tasks and the dependencies between two of them. In a scheduled plan (any task with
 * a `schedule`) they are the tasks of zero or negative total float, and a task without a schedule
 * never is; a plan with no durations at all has no float, so its longest chain stands in, as before
 * scheduling existed.
 * @example criticalTasks(tasks, dependencies).taskIds // Set {1, 2, 5}
 */
export function criticalTasks(
  tasks: readonly CriticalTask[],
  dependencies: readonly GraphDependency[],
): CriticalTasks {
  if (!tasks.some((task) => task.schedule)) {
    const path = criticalPath(tasks, dependencies);
    const taskIds = new Set(path.taskIds);
    const workCount = tasks.filter((task) => taskIds.has(task.id) && !task.summary).length;
    return { taskIds, workCount, pairs: path.dependencyPairs, totalDays: path.totalDays };
  }
  const critical = tasks.filter((task) => task.schedule?.critical);
  const taskIds = new Set(critical.map((task) => task.id));
  const totalDays = critical.reduce((sum, task) => sum + (task.summary ? 0 : (task.duration ?? 0)), 0);
  const pairs = dependencies
    .filter((dependency) => taskIds.has(dependency.sourceTaskId) && taskIds.has(dependency.targetTaskId))
    .map((dependency) => [dependency.sourceTaskId, dependency.targetTaskId] as [number, number]);
  const workCount = critical.filter((task) => !task.summary).length;
  return { taskIds, workCount, pairs, totalDays };
}
