import { type GraphDependency, type GraphTask, holdsBack, stateOf, taskSlots } from "./dependency-graph";
import { edgesBySlot, slotEdges, topologicalOrder } from "./slot-edges";

/**
 * Execution phases (spec: "tasks grouped by when they can be started based on their dependencies"):
 * - phase 1: no incomplete prerequisite ("Can start immediately");
 * - otherwise: 1 + the highest phase among the task's incomplete prerequisites.
 * Completed prerequisites never hold a task back, so finishing work pulls its dependents forward;
 * nor do the dependencies that do not block starting (holdsBack: a started SS
 * prerequisite, any FF or SF one).
 * Kahn's algorithm over the edges whose prerequisite is incomplete: O(tasks + dependencies).
 * Tasks caught in a cycle (the server never stores one) share one phase after the last.
 * @example
 * executionPhases([{ id: 1, completed: false }, { id: 2, completed: false }],
 *   [{ sourceTaskId: 1, targetTaskId: 2 }]) // Map {1 => 1, 2 => 2}
 */
export function executionPhases(
  tasks: readonly GraphTask[],
  dependencies: readonly GraphDependency[],
): Map<number, number> {
  // Flat arrays instead of Maps, for linear scaling at 100,000 tasks (as findCycle).
  const { ids, at } = taskSlots(tasks.map((task) => task.id));
  const count = ids.length;
  const state = new Uint8Array(count);
  for (const task of tasks) state[at(task.id)] = stateOf(task); // the last one wins

  // The edges that hold a task back: a known, incomplete prerequisite and a known dependent.
  const edges = slotEdges(dependencies, at, (dependency, source) =>
    holdsBack(dependency.type, state[source]),
  );
  const leaving = edgesBySlot(count, edges.count, edges.sources);
  const { order, sorted } = topologicalOrder(count, edges, leaving);

  // In that order a task's phase is final before it passes it on to its dependents; the tasks on a
  // cycle, or waiting on one, come after the last phase.
  const phase = new Int32Array(count).fill(1);
  let last = 0;
  for (let next = 0; next < sorted; next++) {
    const slot = order[next];
    const level = phase[slot] + 1;
    if (phase[slot] > last) last = phase[slot];
    for (let position = leaving.first[slot]; position < leaving.first[slot + 1]; position++) {
      const dependent = edges.targets[leaving.edges[position]];
      if (phase[dependent] < level) phase[dependent] = level;
    }
  }
  for (let next = sorted; next < count; next++) phase[order[next]] = last + 1;

  const phases = new Map<number, number>();
  for (let slot = 0; slot < count; slot++) phases.set(ids[slot], phase[slot]);
  return phases;
}

export type Phase<T> = { phase: number; tasks: T[] };

/**
 * The tasks grouped by phase, phases ascending, each phase keeping the input order of its tasks.
 * @example groupByPhase(tasks, dependencies).map((group) => group.phase) // [1, 2, 3]
 */
export function groupByPhase<T extends GraphTask>(
  tasks: readonly T[],
  dependencies: readonly GraphDependency[],
): Phase<T>[] {
  const phases = executionPhases(tasks, dependencies);
  const groups = new Map<number, T[]>();
  for (const task of tasks) {
    const phase = phases.get(task.id) as number;
    const group = groups.get(phase);
    if (group) group.push(task);
    else groups.set(phase, [task]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([phase, grouped]) => ({ phase, tasks: grouped }));
}

/**
 * The phase's subtitle in the phases view.
 * @example phaseLabel(1) // "Can start immediately"
 * @example phaseLabel(2) // "1 dependency level"
 * @example phaseLabel(4) // "3 dependency levels"
 */
export function phaseLabel(phase: number): string {
  if (phase <= 1) return "Can start immediately";
  const levels = phase - 1;
  return `${levels} dependency level${levels === 1 ? "" : "s"}`;
}
