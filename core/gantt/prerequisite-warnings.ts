// The Gantt chart's warning mark: a bar that starts before one of its prerequisites ends
// (docs/decisions/016-gantt-timeline-and-kanban-board.md).
import { type BarDates, barTiming, toDate } from "./bar-timing";

export type WarningTask = BarDates & { id: number; completed: boolean };
export type WarningDependency = { sourceTaskId: number; targetTaskId: number };

const hasDates = (task: BarDates) =>
  toDate(task.startDate) !== null || toDate(task.snoozeUntil) !== null || toDate(task.dueDate) !== null;

/**
 * For each dependent task whose bar starts before a prerequisite's bar ends: the ids of those
 * prerequisites. Only planned dates count: a dependent with no start or snooze date (its bar starts
 * "now") and a prerequisite with no date at all are not compared, and neither is a completed
 * prerequisite (its work is done, whatever it planned) or a completed dependent.
 *
 * @example startsBeforePrerequisiteEnds(
 *   [{ id: 1, completed: false, startDate: "2026-05-01", dueDate: "2026-05-05" },
 *    { id: 2, completed: false, startDate: "2026-05-03", dueDate: "2026-05-08" }],
 *   [{ sourceTaskId: 1, targetTaskId: 2 }], now) // Map { 2 => [1] }
 */
export function startsBeforePrerequisiteEnds(
  tasks: readonly WarningTask[],
  dependencies: readonly WarningDependency[],
  now: Date,
): Map<number, number[]> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const warnings = new Map<number, number[]>();
  for (const { sourceTaskId, targetTaskId } of dependencies) {
    const prerequisite = byId.get(sourceTaskId);
    const dependent = byId.get(targetTaskId);
    if (!prerequisite || !dependent || prerequisite.completed || dependent.completed) continue;
    if (!hasDates(prerequisite)) continue;
    const dependentBar = barTiming(dependent, now);
    if (dependentBar.startSource === "now") continue;
    if (dependentBar.start.getTime() < barTiming(prerequisite, now).end.getTime()) {
      const list = warnings.get(targetTaskId) ?? [];
      list.push(sourceTaskId);
      warnings.set(targetTaskId, list);
    }
  }
  return warnings;
}
