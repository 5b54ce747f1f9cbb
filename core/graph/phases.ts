import { type GraphDependency, type GraphTask, holdsBack, stateOf, taskSlots } from "./dependency-graph";

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
  const sources = new Int32Array(dependencies.length);
  const targets = new Int32Array(dependencies.length);
  const firstEdge = new Int32Array(count + 1);
  const waitingOn = new Int32Array(count);
  let edges = 0;
  for (const dependency of dependencies) {
    const source = at(dependency.sourceTaskId);
    const target = at(dependency.targetTaskId);
    if (source < 0 || target < 0) continue;
    if (!holdsBack(dependency.type, state[source])) continue;
    sources[edges] = source;
    targets[edges] = target;
    firstEdge[source + 1]++;
    waitingOn[target]++;
    edges++;
  }
  for (let slot = 0; slot < count; slot++) firstEdge[slot + 1] += firstEdge[slot];
  const dependents = new Int32Array(edges);
  const filled = firstEdge.slice(0, count);
  for (let edge = 0; edge < edges; edge++) dependents[filled[sources[edge]]++] = targets[edge];

  const phase = new Int32Array(count);
  const ready = new Int32Array(count);
  let readyCount = 0;
  for (let slot = 0; slot < count; slot++) {
    if (waitingOn[slot] === 0) {
      phase[slot] = 1;
      ready[readyCount++] = slot;
    }
  }
  for (let next = 0; next < readyCount; next++) {
    const slot = ready[next];
    const level = phase[slot] + 1;
    for (let edge = firstEdge[slot]; edge < firstEdge[slot + 1]; edge++) {
      const dependent = dependents[edge];
      if (phase[dependent] < level) phase[dependent] = level;
      if (--waitingOn[dependent] === 0) ready[readyCount++] = dependent;
    }
  }
  if (readyCount < count) {
    let last = 0;
    for (let next = 0; next < readyCount; next++) last = Math.max(last, phase[ready[next]]);
    for (let slot = 0; slot < count; slot++) if (waitingOn[slot] > 0) phase[slot] = last + 1;
  }
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
