// Adjacency built once per computation, so every graph function runs in O(tasks + dependencies).

import type { DependencyType } from "../scheduling/engine";

/** `status` tells a started prerequisite ("in-progress"), which no longer holds back an SS dependent. */
export type GraphTask = { id: number; completed: boolean; status?: string };
/** sourceTaskId is the prerequisite, targetTaskId the dependent; a missing type is FS. */
export type GraphDependency = { sourceTaskId: number; targetTaskId: number; type?: DependencyType };

export type DependencyGraph = {
  /** task id -> ids of the tasks it waits for */
  prerequisitesOf: Map<number, number[]>;
  /** task id -> ids of the tasks waiting for it */
  dependentsOf: Map<number, number[]>;
};

/**
 * Indexes dependencies by task. Dependencies naming a task that is not in `taskIds` are ignored,
 * so a stale edge can never make a task wait for something that does not exist.
 * @example buildGraph([1, 2], [{ sourceTaskId: 1, targetTaskId: 2 }]).prerequisitesOf.get(2) // [1]
 */
export function buildGraph(
  taskIds: Iterable<number>,
  dependencies: readonly GraphDependency[],
): DependencyGraph {
  const prerequisitesOf = new Map<number, number[]>();
  const dependentsOf = new Map<number, number[]>();
  for (const id of taskIds) {
    prerequisitesOf.set(id, []);
    dependentsOf.set(id, []);
  }
  for (const { sourceTaskId, targetTaskId } of dependencies) {
    const prerequisites = prerequisitesOf.get(targetTaskId);
    const dependents = dependentsOf.get(sourceTaskId);
    if (!prerequisites || !dependents) continue;
    prerequisites.push(sourceTaskId);
    dependents.push(targetTaskId);
  }
  return { prerequisitesOf, dependentsOf };
}

/**
 * Ids of the tasks that have at least one prerequisite not yet completed.
 * @example tasksWithIncompletePrerequisites([{ id: 1, completed: false }, { id: 2, completed: false }],
 *   [{ sourceTaskId: 1, targetTaskId: 2 }]) // Set {2}
 */
export function tasksWithIncompletePrerequisites(
  tasks: readonly GraphTask[],
  dependencies: readonly GraphDependency[],
): Set<number> {
  const state = taskStateLookup(tasks);
  const waiting = new Set<number>();
  for (const { sourceTaskId, targetTaskId, type } of dependencies) {
    if (holdsBack(type, state(sourceTaskId)) && state(targetTaskId) !== UNKNOWN) waiting.add(targetTaskId);
  }
  return waiting;
}

/**
 * How many prerequisites of each task are not completed: the "waiting for N" of the completion
 * confirmation and the kanban badge. Tasks waiting for none are left out.
 * @example unfinishedPrerequisiteCounts([{ id: 1, completed: false }, { id: 2, completed: false }],
 *   [{ sourceTaskId: 1, targetTaskId: 2 }]) // Map {2 => 1}
 */
export function unfinishedPrerequisiteCounts(
  tasks: readonly GraphTask[],
  dependencies: readonly GraphDependency[],
): Map<number, number> {
  const state = taskStateLookup(tasks);
  const counts = new Map<number, number>();
  for (const { sourceTaskId, targetTaskId, type } of dependencies) {
    if (holdsBack(type, state(sourceTaskId)) && state(targetTaskId) !== UNKNOWN) {
      counts.set(targetTaskId, (counts.get(targetTaskId) ?? 0) + 1);
    }
  }
  return counts;
}

const UNKNOWN = 0;
/** Not started (and not completed). */
const INCOMPLETE = 1;
const COMPLETE = 2;
/** In progress, not completed. */
const STARTED = 3;

/** A task's state as holdsBack reads it (a small integer, for typed arrays). */
export const stateOf = (task: GraphTask) =>
  task.completed ? COMPLETE : task.status === "in-progress" ? STARTED : INCOMPLETE;

/**
 * Whether a prerequisite in this state keeps its dependent from starting: an FS prerequisite until
 * it is completed, an SS one until it is in progress or completed; FF and SF never do.
 */
export function holdsBack(type: DependencyType | undefined, prerequisite: number): boolean {
  if (type === undefined || type === "FS") return prerequisite === INCOMPLETE || prerequisite === STARTED;
  if (type === "SS") return prerequisite === INCOMPLETE;
  return false;
}

/**
 * Whether the dependency keeps its dependent from starting, with the prerequisite as it is
 * (docs/decisions/024-scheduling.md, "Blocking with types").
 * @example dependencyHoldsBack({ type: "SS" }, { completed: false, status: "in-progress" }) // false
 */
export function dependencyHoldsBack(
  dependency: Pick<GraphDependency, "type">,
  prerequisite: Omit<GraphTask, "id">,
): boolean {
  return holdsBack(dependency.type, stateOf({ id: 0, ...prerequisite }));
}

/**
 * A task id -> UNKNOWN, INCOMPLETE or COMPLETE lookup. A project's ids come from one sequence, so
 * they are nearly always dense: then a byte per id in a typed array, which stays in the CPU's cache
 * where a Map of 200,000 entries does not (the scaling benchmark, docs/performance.md); otherwise a Map.
 */
function taskStateLookup(tasks: readonly GraphTask[]): (id: number) => number {
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const { id } of tasks) {
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
  }
  const span = highest - lowest + 1;
  if (tasks.length > 0 && Number.isSafeInteger(span) && span <= 4 * tasks.length + 1024) {
    const states = new Uint8Array(span);
    for (const task of tasks) states[task.id - lowest] = stateOf(task);
    return (id) => {
      const at = id - lowest;
      return at >= 0 && at < span ? (states[at] ?? UNKNOWN) : UNKNOWN;
    };
  }
  const states = new Map<number, number>();
  for (const task of tasks) states.set(task.id, stateOf(task));
  return (id) => states.get(id) ?? UNKNOWN;
}

/**
 * Task id -> its position in `ids`, or -1. Dense ids (one sequence, as a project's are) use an
 * array offset by the lowest id; others a Map. A repeated id keeps its first position.
 */
export function taskIndex(ids: readonly number[]): (id: number) => number {
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
  }
  const span = highest - lowest + 1;
  if (ids.length > 0 && Number.isSafeInteger(span) && span <= 4 * ids.length + 1024) {
    const positions = new Int32Array(span).fill(-1);
    ids.forEach((id, index) => {
      if (positions[id - lowest] === -1) positions[id - lowest] = index;
    });
    return (id) => {
      const at = id - lowest;
      return Number.isInteger(at) && at >= 0 && at < span ? positions[at] : -1;
    };
  }
  const positions = new Map<number, number>();
  ids.forEach((id, index) => {
    if (!positions.has(id)) positions.set(id, index);
  });
  return (id) => positions.get(id) ?? -1;
}

/**
 * Each distinct task id gets a slot 0..n-1 in first-seen order (`ids[slot]`), and `at(id)` answers
 * an id's slot or -1: the indexing of the typed-array algorithms.
 */
export function taskSlots(allIds: readonly number[]): { ids: number[]; at: (id: number) => number } {
  const indexOf = taskIndex(allIds);
  const ids = allIds.filter((id, position) => indexOf(id) === position);
  const slotOf = new Int32Array(allIds.length).fill(-1);
  ids.forEach((id, slot) => {
    slotOf[indexOf(id)] = slot;
  });
  return {
    ids,
    at: (id) => {
      const position = indexOf(id);
      return position < 0 ? -1 : slotOf[position];
    },
  };
}
