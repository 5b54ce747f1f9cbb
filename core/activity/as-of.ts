// The plan as it stood at a past moment (docs/spec/tracking.md, "The plan on a past day"): the
// project as it is now, with every entry written after that moment walked back in memory, newest
// first, each read backwards exactly as its undo reads it (docs/decisions/030-history-activity-and-undo.md).
// Scheduled dates are not trusted from the log: the caller plans the rebuilt state again.
import type { ActivityAction, ActivityItem, ActivityMove, FieldChanges } from "../schemas/activity";
import type { DependencyDto, TaskDto } from "../schemas/projects";

/** The facts of an entry that walking it back reads (an activity row, `restore` included). */
export type AsOfEntry = {
  id: number;
  /** ISO timestamp of the write. */
  at: string;
  action: ActivityAction;
  taskId: number | null;
  dependencyId: number | null;
  changes: FieldChanges;
  items: ActivityItem[];
  moved: ActivityMove[];
  restore: Record<string, unknown> | null;
};

/** What a past moment rebuilds: the project's own fields, its tasks and its dependencies. */
export type AsOfState = {
  project: Record<string, unknown>;
  tasks: TaskDto[];
  dependencies: DependencyDto[];
};

/** The project's fields a project.updated entry may have changed (its calendar among them). */
const PROJECT_FIELDS = new Set([
  "name",
  "description",
  "archived",
  "startDate",
  "workingDays",
  "holidays",
  "statusDate",
]);

/** An entry that cannot be walked back: the moment asked for lies before it. */
export class CannotWalkBack extends Error {
  constructor(
    readonly entry: Pick<AsOfEntry, "id" | "at" | "action">,
    reason: string,
  ) {
    super(`The plan cannot be shown before ${entry.at}: ${reason}`);
  }
}

type Working = {
  project: Record<string, unknown>;
  tasks: Map<number, TaskDto>;
  dependencies: Map<number, DependencyDto>;
};

/** A scheduler's stored date of a day, as the tasks' startDate and dueDate hold it (UTC midnight). */
const midnight = (day: string) => `${day}T00:00:00.000Z`;

const beforeOf = (changes: FieldChanges) =>
  Object.fromEntries(Object.entries(changes).map(([field, [before]]) => [field, before]));

/** A task and every task below it in the outline, as the state holds them now. */
function withDescendants(state: Working, rootId: number): Set<number> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const task of state.tasks.values())
      if (task.parentId !== null && ids.has(task.parentId) && !ids.has(task.id)) {
        ids.add(task.id);
        grew = true;
      }
  }
  return ids;
}

/** Removes tasks and every dependency touching them (a deletion takes its links along). */
function removeTasks(state: Working, ids: Set<number>) {
  for (const id of ids) state.tasks.delete(id);
  for (const [id, dependency] of state.dependencies)
    if (ids.has(dependency.sourceTaskId) || ids.has(dependency.targetTaskId)) state.dependencies.delete(id);
}

function setTaskFields(state: Working, entry: AsOfEntry, taskId: number, values: Record<string, unknown>) {
  const task = state.tasks.get(taskId);
  // A task the log says was there and is not: the log and the rows disagree, say so.
  if (!task) throw new CannotWalkBack(entry, `task ${taskId} of this change is not in the plan.`);
  state.tasks.set(taskId, { ...task, ...values } as TaskDto);
}

/**
 * The scheduler's moves put back: each moved task's stored dates as they were before. A move from
 * nowhere (`from` null) is a task that held no pair of dates (a plain task becoming a summary): it
 * had none (one date alone is not kept by the log, and reads as none here).
 */
function unmove(state: Working, moved: readonly ActivityMove[]) {
  for (const move of moved) {
    const task = state.tasks.get(move.id);
    if (!task) continue;
    state.tasks.set(move.id, {
      ...task,
      startDate: move.from ? midnight(move.from.start) : null,
      dueDate: move.from ? midnight(move.from.finish) : null,
    });
  }
}

type WalkBack = (state: Working, entry: AsOfEntry) => void;

const restored = <T>(entry: AsOfEntry, key: string): T => {
  const value = entry.restore?.[key];
  if (value === undefined || value === null)
    throw new CannotWalkBack(entry, `its entry kept no ${key} to bring back.`);
  return value as T;
};

/** Nothing a task or dependency holds: a share, a link, a baseline. */
const unchanged: WalkBack = () => {};

const taskCreated: WalkBack = (state, entry) => {
  // A creation, or an undone deletion brought back (with its subtree and links): all go.
  if (entry.taskId !== null) removeTasks(state, withDescendants(state, entry.taskId));
};

const taskUpdated: WalkBack = (state, entry) => {
  const taskId = entry.taskId as number;
  if ("projectId" in entry.changes) {
    // Moved between projects. Arrived here: it was not here before.
    if (state.tasks.has(taskId)) {
      removeTasks(state, new Set([taskId]));
      return;
    }
    // Left: the entry keeps the task as it was and the links the move deleted (an entry written
    // before it kept them has no copy to bring back).
    const left = entry.restore?.task as TaskDto | undefined;
    if (!left)
      throw new CannotWalkBack(entry, "a task moved to another project, and its entry keeps no copy of it.");
    state.tasks.set(left.id, left);
    for (const dependency of (entry.restore?.dependencies as DependencyDto[] | undefined) ?? [])
      state.dependencies.set(dependency.id, dependency);
    return;
  }
  setTaskFields(state, entry, taskId, beforeOf(entry.changes));
};

const taskDeleted: WalkBack = (state, entry) => {
  const task = restored<TaskDto>(entry, "task");
  const subtree = (entry.restore?.subtree as TaskDto[] | undefined) ?? [];
  for (const each of [task, ...subtree]) state.tasks.set(each.id, each);
  for (const dependency of (entry.restore?.dependencies as DependencyDto[] | undefined) ?? [])
    state.dependencies.set(dependency.id, dependency);
};

const layout: WalkBack = (state, entry) => {
  for (const item of entry.items)
    if (state.tasks.has(item.taskId)) setTaskFields(state, entry, item.taskId, beforeOf(item.changes));
};

const dependencyCreated: WalkBack = (state, entry) => {
  const id = entry.dependencyId ?? restored<DependencyDto>(entry, "dependency").id;
  state.dependencies.delete(id);
};

const dependencyUpdated: WalkBack = (state, entry) => {
  const id = entry.dependencyId ?? restored<DependencyDto>(entry, "dependency").id;
  const dependency = state.dependencies.get(id);
  if (!dependency) throw new CannotWalkBack(entry, `dependency ${id} of this change is not in the plan.`);
  state.dependencies.set(id, { ...dependency, ...beforeOf(entry.changes) } as DependencyDto);
};

const dependencyDeleted: WalkBack = (state, entry) => {
  const dependency = restored<DependencyDto>(entry, "dependency");
  state.dependencies.set(dependency.id, dependency);
};

/** What a category's entry keeps: the category, and the tasks that had it (deleted) or got it back. */
const categoryRestore = (entry: AsOfEntry) => ({
  category: restored<{ id: number }>(entry, "category"),
  taskIds: (entry.restore?.taskIds as number[] | undefined) ?? [],
});

const categoryCreated: WalkBack = (state, entry) => {
  // An undone deletion gave the category back to its tasks: before it, they had none.
  const { category, taskIds } = categoryRestore(entry);
  for (const id of taskIds) {
    const task = state.tasks.get(id);
    if (task && task.categoryId === category.id) state.tasks.set(id, { ...task, categoryId: null });
  }
};

const categoryDeleted: WalkBack = (state, entry) => {
  const { category, taskIds } = categoryRestore(entry);
  for (const id of taskIds) {
    const task = state.tasks.get(id);
    if (task) state.tasks.set(id, { ...task, categoryId: category.id });
  }
};

const projectUpdated: WalkBack = (state, entry) => {
  for (const [field, [before]] of Object.entries(entry.changes))
    if (PROJECT_FIELDS.has(field)) state.project[field] = before;
};

const beginning: WalkBack = (_state, entry) => {
  throw new CannotWalkBack(entry, "the project's history begins there.");
};

/** How each action is walked back; an action missing here answers CannotWalkBack. */
const WALK_BACK: Partial<Record<ActivityAction, WalkBack>> = {
  "project.created": beginning,
  import: beginning,
  "project.updated": projectUpdated,
  "task.created": taskCreated,
  "task.updated": taskUpdated,
  "task.deleted": taskDeleted,
  "tasks.reordered": layout,
  "tasks.positioned": layout,
  "tasks.outlined": layout,
  "dependency.created": dependencyCreated,
  "dependency.updated": dependencyUpdated,
  "dependency.deleted": dependencyDeleted,
  "category.created": categoryCreated,
  "category.updated": unchanged,
  "category.deleted": categoryDeleted,
  "member.created": unchanged,
  "member.updated": unchanged,
  "member.deleted": unchanged,
  "link.created": unchanged,
  "link.deleted": unchanged,
  "baseline.saved": unchanged,
  "baseline.renamed": unchanged,
  "baseline.deleted": unchanged,
};

/** The actions planAsOf walks back (the project's creation and an import only as its beginning). */
export const WALKED_BACK_ACTIONS = Object.keys(WALK_BACK) as ActivityAction[];

/**
 * The project as it stood before `entries` (those written after the moment asked for, newest
 * first), walked back from `current`. Throws CannotWalkBack at the first entry it cannot read
 * backwards. Tasks come by order then id, dependencies by id, as the project answer lists them;
 * their schedules are left to the caller to compute again.
 * @example planAsOf({ project, tasks: [a], dependencies: [] }, [createdA]).tasks // []
 */
export function planAsOf(current: AsOfState, entries: readonly AsOfEntry[]): AsOfState {
  const state: Working = {
    project: { ...current.project },
    tasks: new Map(current.tasks.map((task) => [task.id, task])),
    dependencies: new Map(current.dependencies.map((dependency) => [dependency.id, dependency])),
  };
  for (const entry of entries) {
    const walkBack = WALK_BACK[entry.action];
    if (!walkBack) throw new CannotWalkBack(entry, `a “${entry.action}” change cannot be walked back.`);
    walkBack(state, entry);
    unmove(state, entry.moved ?? []);
  }
  return {
    project: state.project,
    tasks: [...state.tasks.values()].sort((a, b) => a.order - b.order || a.id - b.id),
    dependencies: [...state.dependencies.values()].sort((a, b) => a.id - b.id),
  };
}
