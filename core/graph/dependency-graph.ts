// Adjacency built once per computation, so every graph function runs in O(tasks + dependencies).

import type { DependencyType } from "../scheduling/engine";
import type { Outline } from "../tasks/outline";
import { planOutline } from "../tasks/outline-view";
import { taskIndex } from "./slot-edges";

/**
 * `status` tells a started prerequisite ("in-progress"), which no longer holds back an SS dependent.
 * `parentId` and `order` place it in the outline: with summaries in the plan, only the leaves are
 * work (see outlineHolds).
 */
export type GraphTask = {
  id: number;
  completed: boolean;
  status?: string;
  parentId?: number | null;
  order?: number;
};
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
  const outline = outlineOfTasks(tasks);
  if (outline) return new Set(outlineHolds(tasks, dependencies, outline).keys());
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
  const outline = outlineOfTasks(tasks);
  if (outline) return outlineHolds(tasks, dependencies, outline);
  const state = taskStateLookup(tasks);
  const counts = new Map<number, number>();
  for (const { sourceTaskId, targetTaskId, type } of dependencies) {
    if (holdsBack(type, state(sourceTaskId)) && state(targetTaskId) !== UNKNOWN) {
      counts.set(targetTaskId, (counts.get(targetTaskId) ?? 0) + 1);
    }
  }
  return counts;
}

export const UNKNOWN = 0;
/** Not started (and not completed). */
export const INCOMPLETE = 1;
export const COMPLETE = 2;
/** In progress, not completed. */
export const STARTED = 3;

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
 * The outline of the tasks when some task sits under another (a summary), else null: a flat plan
 * takes the flat (typed-array) paths of the graph functions, unchanged.
 * @example outlineOfTasks([{ id: 1, completed: false, parentId: null }]) // null
 */
export function outlineOfTasks(tasks: readonly GraphTask[]): Outline | null {
  if (!tasks.some((task) => task.parentId !== undefined && task.parentId !== null)) return null;
  return planOutline(
    tasks.map((task) => ({ id: task.id, parentId: task.parentId ?? null, order: task.order ?? 0 })),
  );
}

/**
 * Each task's state as a prerequisite, a summary's rolled up from the leaves below it (its own
 * completion and status are not read): completed when every leaf is, started when any leaf is
 * started or completed, not started otherwise.
 */
export function rolledUpStates(tasks: readonly GraphTask[], outline: Outline): Map<number, number> {
  const own = new Map(tasks.map((task) => [task.id, stateOf(task)]));
  const states = new Map<number, number>();
  // Reversed tree order: every task's subtree before the task itself.
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const children = outline.childrenOf(id);
    if (children.length === 0) {
      states.set(id, own.get(id) ?? UNKNOWN);
      continue;
    }
    let all = true;
    let any = false;
    for (const child of children) {
      const state = states.get(child) ?? UNKNOWN;
      if (state !== COMPLETE) all = false;
      if (state === COMPLETE || state === STARTED) any = true;
    }
    states.set(id, all ? COMPLETE : any ? STARTED : INCOMPLETE);
  }
  return states;
}

/**
 * In an outline, how many dependencies hold each task back: those into the task itself and those
 * into any summary above it (a link into a summary holds every task below it). A prerequisite that
 * is a summary holds back until the leaves below it allow (rolledUpStates): an FS one until every
 * leaf is completed, an SS one until one has started. Tasks held by none are left out; linear.
 */
function outlineHolds(
  tasks: readonly GraphTask[],
  dependencies: readonly GraphDependency[],
  outline: Outline,
): Map<number, number> {
  const states = rolledUpStates(tasks, outline);
  const direct = new Map<number, number>();
  for (const { sourceTaskId, targetTaskId, type } of dependencies) {
    if (!states.has(targetTaskId)) continue;
    if (!holdsBack(type, states.get(sourceTaskId) ?? UNKNOWN)) continue;
    direct.set(targetTaskId, (direct.get(targetTaskId) ?? 0) + 1);
  }
  const total = new Map<number, number>();
  // Tree order: a summary's count is known before the tasks below it add theirs to it.
  for (const id of outline.order) {
    const parent = outline.parentOf(id);
    const held = (direct.get(id) ?? 0) + (parent === null ? 0 : (total.get(parent) ?? 0));
    if (held > 0) total.set(id, held);
  }
  return total;
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
