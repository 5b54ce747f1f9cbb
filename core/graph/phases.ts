import type { Outline } from "../tasks/outline";
import {
  COMPLETE,
  type GraphDependency,
  type GraphTask,
  holdsBack,
  outlineOfTasks,
  rolledUpStates,
  stateOf,
  taskSlots,
  UNKNOWN,
} from "./dependency-graph";
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
 * In an outline only leaves have a phase (outlinePhases).
 * @example
 * executionPhases([{ id: 1, completed: false }, { id: 2, completed: false }],
 *   [{ sourceTaskId: 1, targetTaskId: 2 }]) // Map {1 => 1, 2 => 2}
 */
export function executionPhases(
  tasks: readonly GraphTask[],
  dependencies: readonly GraphDependency[],
): Map<number, number> {
  const outline = outlineOfTasks(tasks);
  if (outline) return outlinePhases(tasks, dependencies, outline);
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

/**
 * The phases of the leaves of an outline. Each task has an entry and an exit (as in
 * outline-links.ts): a summary's entry leads to its children's entries, and the exit of each child
 * not yet completed to the summary's exit; a leaf's entry leads to its exit, and its phase is its
 * entry's. A dependency that holds back (the prerequisite's state rolled up from its leaves) joins
 * the prerequisite's exit, or its entry for start-to-start, to the dependent's entry, one phase
 * later: so a link into a summary holds every leaf below it, and a link from a summary waits for
 * its unfinished leaves. Summaries get no phase. Kahn's algorithm as above; linear.
 */
function outlinePhases(
  tasks: readonly GraphTask[],
  dependencies: readonly GraphDependency[],
  outline: Outline,
): Map<number, number> {
  const ids = outline.order;
  const slot = new Map(ids.map((id, at) => [id, at]));
  const states = rolledUpStates(tasks, outline);
  const from: number[] = [];
  const to: number[] = [];
  const weight: number[] = [];
  const join = (source: number, target: number, step: number) => {
    from.push(source);
    to.push(target);
    weight.push(step);
  };
  const entry = (at: number) => 2 * at;
  const exit = (at: number) => 2 * at + 1;
  ids.forEach((id, at) => {
    const children = outline.childrenOf(id);
    if (children.length === 0) join(entry(at), exit(at), 0);
    for (const child of children) {
      const childAt = slot.get(child) as number;
      join(entry(at), entry(childAt), 0);
      if (states.get(child) !== COMPLETE) join(exit(childAt), exit(at), 0);
    }
  });
  for (const dependency of dependencies) {
    const source = slot.get(dependency.sourceTaskId);
    const target = slot.get(dependency.targetTaskId);
    if (source === undefined || target === undefined) continue;
    if (!holdsBack(dependency.type, states.get(dependency.sourceTaskId) ?? UNKNOWN)) continue;
    join(dependency.type === "SS" ? entry(source) : exit(source), entry(target), 1);
  }

  const nodes = 2 * ids.length;
  const edges = { count: from.length, sources: Int32Array.from(from), targets: Int32Array.from(to) };
  const leaving = edgesBySlot(nodes, edges.count, edges.sources);
  const { order, sorted } = topologicalOrder(nodes, { ...edges, dependencyAt: new Int32Array(0) }, leaving);
  const phase = new Int32Array(nodes).fill(1);
  let last = 0;
  for (let next = 0; next < sorted; next++) {
    const node = order[next];
    const at = node >> 1;
    if (node === entry(at) && !outline.isSummary(ids[at]) && phase[node] > last) last = phase[node];
    for (let position = leaving.first[node]; position < leaving.first[node + 1]; position++) {
      const edge = leaving.edges[position];
      const level = phase[node] + weight[edge];
      if (phase[edges.targets[edge]] < level) phase[edges.targets[edge]] = level;
    }
  }
  // A leaf on a cycle, or waiting on one, comes after the last phase.
  for (let next = sorted; next < nodes; next++) {
    const node = order[next];
    phase[node] = last + 1;
  }
  const phases = new Map<number, number>();
  ids.forEach((id, at) => {
    if (!outline.isSummary(id)) phases.set(id, phase[entry(at)]);
  });
  return phases;
}

export type Phase<T> = { phase: number; tasks: T[] };

/**
 * The tasks grouped by phase, phases ascending, each phase keeping the input order of its tasks;
 * summaries belong to none (executionPhases gives them no phase).
 * @example groupByPhase(tasks, dependencies).map((group) => group.phase) // [1, 2, 3]
 */
export function groupByPhase<T extends GraphTask>(
  tasks: readonly T[],
  dependencies: readonly GraphDependency[],
): Phase<T>[] {
  const phases = executionPhases(tasks, dependencies);
  const groups = new Map<number, T[]>();
  for (const task of tasks) {
    const phase = phases.get(task.id);
    if (phase === undefined) continue;
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
