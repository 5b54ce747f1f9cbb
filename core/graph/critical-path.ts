import { type GraphDependency, taskSlots } from "./dependency-graph";
import { edgesBySlot, slotEdges, topologicalOrder } from "./slot-edges";

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
  // Flat arrays over task slots instead of Maps, for linear scaling at 100,000 tasks.
  const { ids, at } = taskSlots(tasks.map((task) => task.id));
  const count = ids.length;
  const duration = new Float64Array(count);
  for (const task of tasks) duration[at(task.id)] = taskDurationDays(task); // the last one wins

  // The edges between known tasks, by dependent; a topological order (Kahn), then the tasks on a
  // cycle (never stored) in input order.
  const edges = slotEdges(dependencies, at);
  const arriving = edgesBySlot(count, edges.count, edges.targets);
  const { order } = topologicalOrder(count, edges, edgesBySlot(count, edges.count, edges.sources));

  // best[slot]: the heaviest chain ending there, as (days, tasks); previous[slot]: its prerequisite.
  const bestDays = new Float64Array(count);
  const bestCount = new Int32Array(count);
  const previous = new Int32Array(count).fill(-1);
  const done = new Uint8Array(count);
  const better = (slot: number, other: number) =>
    bestDays[slot] > bestDays[other] + 1e-9 ||
    (Math.abs(bestDays[slot] - bestDays[other]) <= 1e-9 &&
      (bestCount[slot] > bestCount[other] ||
        (bestCount[slot] === bestCount[other] && ids[slot] < ids[other])));

  for (let next = 0; next < count; next++) {
    const slot = order[next];
    let chosen = -1;
    for (let position = arriving.first[slot]; position < arriving.first[slot + 1]; position++) {
      const prerequisite = edges.sources[arriving.edges[position]];
      if (!done[prerequisite]) continue; // only on a cycle
      if (chosen < 0 || better(prerequisite, chosen)) chosen = prerequisite;
    }
    bestDays[slot] = duration[slot] + (chosen < 0 ? 0 : bestDays[chosen]);
    bestCount[slot] = 1 + (chosen < 0 ? 0 : bestCount[chosen]);
    previous[slot] = chosen;
    done[slot] = 1;
  }

  let end = order[0];
  for (let next = 0; next < count; next++) if (better(order[next], end)) end = order[next];
  const taskIds: number[] = [];
  for (let step = end; step >= 0; step = previous[step]) taskIds.push(ids[step]);
  taskIds.reverse();
  const dependencyPairs = taskIds.slice(1).map((id, index) => [taskIds[index], id] as [number, number]);
  return { taskIds, dependencyPairs, totalDays: bestDays[end] };
}
