// The scheduling engine: forward and backward passes over typed dependencies with lags, in whole
// working days (day numbers of a WorkingCalendar). A task occupies the boundaries s (the start of
// working day s) to f = s + duration. A dependency from P to D with lag L requires
// FS s(D) >= f(P) + L, SS s(D) >= s(P) + L, FF f(D) >= f(P) + L, SF f(D) >= s(P) + L.
// Flat typed arrays over task slots and one topological order: O(tasks + dependencies).

import { edgesBySlot, slotEdges, topologicalOrder } from "../graph/slot-edges";

export const DEPENDENCY_TYPES = ["FS", "SS", "FF", "SF"] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];
export const SCHEDULING_MODES = ["auto", "manual"] as const;
export type SchedulingMode = (typeof SCHEDULING_MODES)[number];

export type EngineTask = {
  id: number;
  /** Working days; null: not scheduled (the task and its dependencies take no part). */
  duration: number | null;
  mode: SchedulingMode;
  /** An auto task starts on or after this working day (its start-no-earlier-than); null: none. */
  notBefore: number | null;
  /** A manual task's own boundaries (from its dates); null when it lacks that date. */
  manualStart: number | null;
  manualFinish: number | null;
};

export type EngineDependency = {
  sourceTaskId: number;
  targetTaskId: number;
  type: DependencyType;
  lag: number;
};

export type EngineResult = {
  /** The slot of a task id in the arrays below, -1 when unknown. */
  slotOf: (id: number) => number;
  ids: Int32Array;
  /** 1 when the task is scheduled (a duration, and for a manual task a date to stand on). */
  scheduled: Uint8Array;
  earlyStart: Int32Array;
  earlyFinish: Int32Array;
  lateStart: Int32Array;
  lateFinish: Int32Array;
  /** The project's finish boundary (the largest f), null when no task is scheduled. */
  finish: number | null;
};

const TYPE_CODE: Record<DependencyType, number> = { FS: 0, SS: 1, FF: 2, SF: 3 };

/**
 * Schedules tasks: an auto task takes the earliest start meeting its dependencies, day 0 and its
 * notBefore; a manual task keeps its own boundaries and still drives its dependents. Late
 * boundaries come from a backward pass from the project finish; total float = lateStart -
 * earlyStart. Tasks on a cycle (the API refuses cycles) are scheduled from the prerequisites
 * outside it.
 * @example scheduleTasks([{ id: 1, duration: 2, mode: "auto", notBefore: null, manualStart: null, manualFinish: null }], []).finish // 2
 */
export function scheduleTasks(
  tasks: readonly EngineTask[],
  dependencies: readonly EngineDependency[],
): EngineResult {
  const count = tasks.length;
  const ids = new Int32Array(count);
  const slots = new Map<number, number>();
  for (let slot = 0; slot < count; slot++) {
    ids[slot] = tasks[slot].id;
    slots.set(tasks[slot].id, slot);
  }
  const slotOf = (id: number) => slots.get(id) ?? -1;

  const scheduled = new Uint8Array(count);
  const duration = new Int32Array(count);
  const fixed = new Uint8Array(count);
  const earlyStart = new Int32Array(count);
  const earlyFinish = new Int32Array(count);
  const lateStart = new Int32Array(count);
  const lateFinish = new Int32Array(count);
  for (let slot = 0; slot < count; slot++) {
    const task = tasks[slot];
    if (task.duration === null) continue;
    if (task.mode === "manual") {
      if (task.manualStart === null && task.manualFinish === null) continue;
      const start = task.manualStart ?? (task.manualFinish as number) - task.duration;
      const finish = Math.max(start, task.manualFinish ?? start + task.duration);
      earlyStart[slot] = start;
      earlyFinish[slot] = finish;
      duration[slot] = finish - start;
      fixed[slot] = 1;
    } else {
      duration[slot] = task.duration;
      earlyStart[slot] = Math.max(0, task.notBefore ?? 0);
    }
    scheduled[slot] = 1;
  }

  // Edges between scheduled tasks, grouped by prerequisite and by dependent, and a topological
  // order (Kahn); the tasks left on a cycle follow in slot order.
  const edges = slotEdges(
    dependencies,
    slotOf,
    (_dependency, source, target) => scheduled[source] === 1 && scheduled[target] === 1 && source !== target,
  );
  const { sources, targets } = edges;
  const kinds = new Uint8Array(edges.count);
  const lags = new Int32Array(edges.count);
  for (let edge = 0; edge < edges.count; edge++) {
    const dependency = dependencies[edges.dependencyAt[edge]];
    kinds[edge] = TYPE_CODE[dependency.type] ?? 0;
    lags[edge] = dependency.lag;
  }
  const leaving = edgesBySlot(count, edges.count, sources);
  const { first: firstOut, edges: outEdges } = leaving;
  const { first: firstIn, edges: inEdges } = edgesBySlot(count, edges.count, targets);
  const { order } = topologicalOrder(count, edges, leaving);
  const done = new Uint8Array(count);

  // Forward pass: each auto task's earliest start from its prerequisites' early boundaries.
  let projectFinish = Number.NEGATIVE_INFINITY;
  for (let next = 0; next < count; next++) {
    const slot = order[next];
    if (!scheduled[slot]) continue;
    if (!fixed[slot]) {
      let start = earlyStart[slot];
      const length = duration[slot];
      for (let at = firstIn[slot]; at < firstIn[slot + 1]; at++) {
        const edge = inEdges[at];
        const source = sources[edge];
        if (!done[source]) continue; // only on a cycle
        const lag = lags[edge];
        let bound: number;
        switch (kinds[edge]) {
          case 0:
            bound = earlyFinish[source] + lag;
            break;
          case 1:
            bound = earlyStart[source] + lag;
            break;
          case 2:
            bound = earlyFinish[source] + lag - length;
            break;
          default:
            bound = earlyStart[source] + lag - length;
        }
        if (bound > start) start = bound;
      }
      earlyStart[slot] = start;
      earlyFinish[slot] = start + length;
    }
    done[slot] = 1;
    if (earlyFinish[slot] > projectFinish) projectFinish = earlyFinish[slot];
  }
  const finish = projectFinish === Number.NEGATIVE_INFINITY ? null : projectFinish;

  // Backward pass, in reverse order: each task's latest finish from its dependents' late boundaries.
  for (let next = count - 1; next >= 0; next--) {
    const slot = order[next];
    if (!scheduled[slot]) continue;
    const length = duration[slot];
    let latest = finish as number;
    for (let at = firstOut[slot]; at < firstOut[slot + 1]; at++) {
      const edge = outEdges[at];
      const target = targets[edge];
      if (done[target] !== 2) continue; // only on a cycle
      const lag = lags[edge];
      let bound: number;
      switch (kinds[edge]) {
        case 0:
          bound = lateStart[target] - lag;
          break;
        case 1:
          bound = lateStart[target] - lag + length;
          break;
        case 2:
          bound = lateFinish[target] - lag;
          break;
        default:
          bound = lateFinish[target] - lag + length;
      }
      if (bound < latest) latest = bound;
    }
    lateFinish[slot] = latest;
    lateStart[slot] = latest - length;
    done[slot] = 2;
  }

  return { slotOf, ids, scheduled, earlyStart, earlyFinish, lateStart, lateFinish, finish };
}
