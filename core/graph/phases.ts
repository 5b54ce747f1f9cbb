import { buildGraph, type GraphDependency, type GraphTask } from "./dependency-graph";

/**
 * Execution phases (spec: "tasks grouped by when they can be started based on their dependencies"):
 * - phase 1: no incomplete prerequisite ("Can start immediately");
 * - otherwise: 1 + the highest phase among the task's incomplete prerequisites.
 * Completed prerequisites never hold a task back, so finishing work pulls its dependents forward.
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
  const completed = new Map(tasks.map((task) => [task.id, task.completed]));
  const holding = dependencies.filter((dependency) => completed.get(dependency.sourceTaskId) === false);
  const { prerequisitesOf, dependentsOf } = buildGraph(completed.keys(), holding);

  const phase = new Map<number, number>();
  const waitingOn = new Map<number, number>();
  const ready: number[] = [];
  for (const [id, prerequisites] of prerequisitesOf) {
    waitingOn.set(id, prerequisites.length);
    if (prerequisites.length === 0) {
      phase.set(id, 1);
      ready.push(id);
    }
  }
  for (let next = 0; next < ready.length; next++) {
    const id = ready[next];
    const level = phase.get(id) as number;
    for (const dependent of dependentsOf.get(id) ?? []) {
      phase.set(dependent, Math.max(phase.get(dependent) ?? 0, level + 1));
      const left = (waitingOn.get(dependent) as number) - 1;
      waitingOn.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }
  if (ready.length < completed.size) {
    let last = 0;
    for (const id of ready) last = Math.max(last, phase.get(id) as number);
    for (const id of completed.keys()) if ((waitingOn.get(id) as number) > 0) phase.set(id, last + 1);
  }
  return phase;
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
