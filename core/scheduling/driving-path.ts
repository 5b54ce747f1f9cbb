// The driving path of a task (MS Project's Task Path, docs/spec/constraints.md): from the task,
// each start back to what drives it, link by link (schedule.drivenBy), until something other than
// a link holds a start: the project's start, a constraint, a manual task's own dates.
import type { DrivenBy } from "./schedule-explanation";

type PathTask = { id: number; schedule?: { drivenBy?: DrivenBy } | null };
type PathDependency = { id: number; sourceTaskId: number; targetTaskId: number };

export type DrivingPath = {
  /** The task the path was asked for. */
  taskId: number;
  /** The tasks on it, from the task back to the first (the task itself first). */
  taskIds: number[];
  /** The links on it, in the same order: dependencyIds[i] drives taskIds[i]'s start. */
  dependencyIds: number[];
  /** What holds the start of the first task on it. */
  start: DrivenBy["kind"];
};

/**
 * The chain of links that sets a task's start. A task held by its summary follows the link into
 * that summary (drivenBy names it); a loop (never stored) ends the path where it closes.
 * @example drivingPath(tasks, dependencies, 7) // { taskId: 7, taskIds: [7, 4, 1], dependencyIds: [12, 9], start: "projectStart" }
 */
export function drivingPath(
  tasks: readonly PathTask[],
  dependencies: readonly PathDependency[],
  taskId: number,
): DrivingPath {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const links = new Map(dependencies.map((dependency) => [dependency.id, dependency]));
  const taskIds = [taskId];
  const dependencyIds: number[] = [];
  const seen = new Set([taskId]);
  let start: DrivenBy["kind"] = "projectStart";
  for (let at = byId.get(taskId); at; ) {
    const driver = at.schedule?.drivenBy;
    if (!driver) break;
    start = driver.kind;
    if (driver.kind !== "dependency") break;
    const link = links.get(driver.dependencyId);
    if (!link || seen.has(link.sourceTaskId)) break;
    dependencyIds.push(link.id);
    taskIds.push(link.sourceTaskId);
    seen.add(link.sourceTaskId);
    at = byId.get(link.sourceTaskId);
  }
  return { taskId, taskIds, dependencyIds, start };
}
