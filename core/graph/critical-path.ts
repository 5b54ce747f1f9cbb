import { buildGraph, type GraphDependency } from "./dependency-graph";
import { dependencyLevels } from "./levels";

export type DatedTask = {
  id: number;
  startDate: Date | string | null;
  snoozeUntil: Date | string | null;
  dueDate: Date | string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The work a task stands for, in days: from its start (or snooze) date to its due date; 0 when it
 * has no such dates or they are out of order.
 * @example taskDurationDays({ id: 1, startDate: "2026-05-01", snoozeUntil: null, dueDate: "2026-05-04" }) // 3
 */
export function taskDurationDays(task: DatedTask): number {
  const begin = task.startDate ?? task.snoozeUntil;
  if (!begin || !task.dueDate) return 0;
  const days = (new Date(task.dueDate).getTime() - new Date(begin).getTime()) / DAY_MS;
  return Number.isFinite(days) && days > 0 ? days : 0;
}

export type CriticalPath = { taskIds: number[]; dependencyPairs: [number, number][]; totalDays: number };

/**
 * The critical path: the chain of dependent tasks with the most work in days (ties go to the chain
 * with more tasks, then to lower ids, so the answer is stable). Tasks without dates count 0 days,
 * so in an undated plan it is simply the longest chain. Dynamic programming over a topological
 * order: O(tasks + dependencies).
 * @example criticalPath(tasks, dependencies).taskIds // [1, 2, 5]
 */
export function criticalPath(
  tasks: readonly DatedTask[],
  dependencies: readonly GraphDependency[],
): CriticalPath {
  if (tasks.length === 0) return { taskIds: [], dependencyPairs: [], totalDays: 0 };
  const ids = tasks.map((task) => task.id);
  const duration = new Map(tasks.map((task) => [task.id, taskDurationDays(task)]));
  const { prerequisitesOf } = buildGraph(ids, dependencies);
  const { order } = dependencyLevels(ids, dependencies);

  // best[id]: the heaviest chain ending at id, as (days, tasks); previous[id]: its prerequisite.
  const bestDays = new Map<number, number>();
  const bestCount = new Map<number, number>();
  const previous = new Map<number, number | null>();
  const better = (
    days: number,
    count: number,
    id: number,
    otherDays: number,
    otherCount: number,
    otherId: number,
  ) =>
    days > otherDays + 1e-9 ||
    (Math.abs(days - otherDays) <= 1e-9 && (count > otherCount || (count === otherCount && id < otherId)));

  for (const id of order) {
    let chosen: number | null = null;
    for (const prerequisite of prerequisitesOf.get(id) as number[]) {
      if (!bestDays.has(prerequisite)) continue; // only on a cycle
      if (
        chosen === null ||
        better(
          bestDays.get(prerequisite) as number,
          bestCount.get(prerequisite) as number,
          prerequisite,
          bestDays.get(chosen) as number,
          bestCount.get(chosen) as number,
          chosen,
        )
      ) {
        chosen = prerequisite;
      }
    }
    bestDays.set(id, (duration.get(id) as number) + (chosen === null ? 0 : (bestDays.get(chosen) as number)));
    bestCount.set(id, 1 + (chosen === null ? 0 : (bestCount.get(chosen) as number)));
    previous.set(id, chosen);
  }

  let end = order[0];
  for (const id of order) {
    if (
      better(
        bestDays.get(id) as number,
        bestCount.get(id) as number,
        id,
        bestDays.get(end) as number,
        bestCount.get(end) as number,
        end,
      )
    ) {
      end = id;
    }
  }
  const taskIds: number[] = [];
  for (let step: number | null = end; step !== null; step = previous.get(step) ?? null) taskIds.push(step);
  taskIds.reverse();
  const dependencyPairs = taskIds.slice(1).map((id, index) => [taskIds[index], id] as [number, number]);
  return { taskIds, dependencyPairs, totalDays: bestDays.get(end) as number };
}
