// The outline (work breakdown structure): tasks under summary tasks, each in its place among its
// siblings. One pure reading of `parentId` and `order`, used by the server (answers, move checks,
// indent and outdent) and by the views (indentation, WBS numbers, collapse). Linear in the tasks.

/** How deep an outline may go (1 is the top level), and how many children a task may hold. */
export const OUTLINE_LEVELS_MAX = 20;
export const OUTLINE_CHILDREN_MAX = 1000;

export type OutlineTask = { id: number; parentId: number | null; order: number };

/** A task's place in the outline, as every task answer carries it. */
export type OutlineFields = {
  /** Has children: its dates, duration and progress roll up from them. */
  summary: boolean;
  /** 1 at the top level. */
  outlineLevel: number;
  /** "1.2.3": its place among its siblings at each level. */
  wbs: string;
};

export type Outline = {
  /** The children of a task (null: the top level), by order then id. */
  childrenOf(id: number | null): readonly number[];
  /** The parent as the outline reads it: null for the top level or a parent that is not there. */
  parentOf(id: number): number | null;
  fieldsOf(id: number): OutlineFields;
  isSummary(id: number): boolean;
  /** Every task in tree order: a summary, then its subtree, then its next sibling. */
  readonly order: readonly number[];
  /** The tasks above one, nearest first. */
  ancestorsOf(id: number): number[];
  /** The tasks below one, in tree order (not itself). */
  descendantsOf(id: number): number[];
  /** How many levels the task's subtree spans (1 for a leaf). */
  heightOf(id: number): number;
};

const bySiblingOrder = (tasks: ReadonlyMap<number, OutlineTask>) => (a: number, b: number) =>
  (tasks.get(a)?.order ?? 0) - (tasks.get(b)?.order ?? 0) || a - b;

/**
 * Reads the outline of a project's tasks. A parent that is not among the tasks, or a loop (never
 * stored: moves refuse it), leaves the task at the top level.
 * @example buildOutline([{ id: 1, parentId: null, order: 0 }, { id: 2, parentId: 1, order: 0 }]).fieldsOf(2).wbs // "1.1"
 */
export function buildOutline(tasks: readonly OutlineTask[]): Outline {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const children = new Map<number | null, number[]>();
  const parent = new Map<number, number | null>();
  const attach = (id: number, to: number | null) => {
    parent.set(id, to);
    const list = children.get(to);
    if (list) list.push(id);
    else children.set(to, [id]);
  };
  for (const task of tasks) {
    const wanted = task.parentId !== null && byId.has(task.parentId) ? task.parentId : null;
    attach(task.id, wanted);
  }
  const compare = bySiblingOrder(byId);
  for (const list of children.values()) list.sort(compare);

  // Tree order from the top level, iteratively (an outline may be deep).
  const fields = new Map<number, OutlineFields>();
  const order: number[] = [];
  const walk = (root: number, wbs: string) => {
    const stack = [{ id: root, level: 1, wbs }];
    while (stack.length > 0) {
      const { id, level, wbs: number } = stack.pop() as { id: number; level: number; wbs: string };
      const below = children.get(id) ?? [];
      fields.set(id, { summary: below.length > 0, outlineLevel: level, wbs: number });
      order.push(id);
      for (let index = below.length - 1; index >= 0; index--) {
        stack.push({ id: below[index], level: level + 1, wbs: `${number}.${index + 1}` });
      }
    }
  };
  for (const [index, id] of (children.get(null) ?? []).entries()) walk(id, String(index + 1));
  // A task on a loop is never reached from the top: cut loose, it joins the top level last.
  for (const task of tasks) {
    if (fields.has(task.id)) continue;
    const list = children.get(parent.get(task.id) ?? null) ?? [];
    list.splice(list.indexOf(task.id), 1);
    attach(task.id, null);
    walk(task.id, String(children.get(null)?.length ?? 1));
  }

  const fieldsOf = (id: number): OutlineFields =>
    fields.get(id) ?? { summary: false, outlineLevel: 1, wbs: "" };
  const parentOf = (id: number) => parent.get(id) ?? null;
  const descendantsOf = (id: number) => {
    const found: number[] = [];
    const stack = [...(children.get(id) ?? [])].reverse();
    while (stack.length > 0) {
      const next = stack.pop() as number;
      found.push(next);
      const below = children.get(next) ?? [];
      for (let index = below.length - 1; index >= 0; index--) stack.push(below[index]);
    }
    return found;
  };
  return {
    childrenOf: (id) => children.get(id) ?? [],
    parentOf,
    fieldsOf,
    isSummary: (id) => (children.get(id)?.length ?? 0) > 0,
    order,
    ancestorsOf(id) {
      const found: number[] = [];
      for (let at = parentOf(id); at !== null && found.length <= tasks.length; at = parentOf(at))
        found.push(at);
      return found;
    },
    descendantsOf,
    heightOf(id) {
      const level = fieldsOf(id).outlineLevel;
      let deepest = level;
      for (const below of descendantsOf(id)) deepest = Math.max(deepest, fieldsOf(below).outlineLevel);
      return deepest - level + 1;
    },
  };
}

export const OUTLINE_MESSAGES = {
  notInProject: "parentId must be a task of this project.",
  ownSubtree: "parentId cannot be the task itself or one of the tasks below it.",
  tooDeep: `parentId would put a task more than ${OUTLINE_LEVELS_MAX} levels deep.`,
  tooManyChildren: `parentId already has ${OUTLINE_CHILDREN_MAX} tasks under it.`,
} as const;

/**
 * Why `taskId` (with its subtree) cannot move under `parentId`, or null when it can. `taskId` null:
 * a new task.
 * @example moveProblem(outline, 2, 2) // "parentId cannot be the task itself or one of the tasks below it."
 */
export function moveProblem(
  outline: Outline,
  knows: (id: number) => boolean,
  taskId: number | null,
  parentId: number | null,
): string | null {
  if (parentId === null) return null;
  if (!knows(parentId)) return OUTLINE_MESSAGES.notInProject;
  if (taskId !== null && (parentId === taskId || outline.ancestorsOf(parentId).includes(taskId)))
    return OUTLINE_MESSAGES.ownSubtree;
  const height = taskId === null ? 1 : outline.heightOf(taskId);
  if (outline.fieldsOf(parentId).outlineLevel + height > OUTLINE_LEVELS_MAX) return OUTLINE_MESSAGES.tooDeep;
  const siblings = outline.childrenOf(parentId).filter((id) => id !== taskId);
  if (siblings.length >= OUTLINE_CHILDREN_MAX) return OUTLINE_MESSAGES.tooManyChildren;
  return null;
}

/** A task's new place: under `parentId`, at `order` among its siblings. */
export type OutlinePlace = { taskId: number; parentId: number | null; order: number };

/**
 * The places that put `taskId` under `parentId` at `index` among its new siblings (last when
 * omitted): the moved task and every sibling whose order must change to make room.
 */
export function placesForMove(
  outline: Outline,
  orders: ReadonlyMap<number, number>,
  taskId: number,
  parentId: number | null,
  index?: number,
): OutlinePlace[] {
  const siblings = outline.childrenOf(parentId).filter((id) => id !== taskId);
  const at = Math.max(0, Math.min(index ?? siblings.length, siblings.length));
  siblings.splice(at, 0, taskId);
  return siblings.flatMap((id, position) =>
    id === taskId || orders.get(id) !== position || outline.parentOf(id) !== parentId
      ? [{ taskId: id, parentId, order: position }]
      : [],
  );
}

export type OutlineAction = "indent" | "outdent";

/**
 * What Tab (indent) or Shift+Tab (outdent) does to the chosen tasks, as new places. Indent puts a
 * task under its previous sibling, as its last child (one with no previous sibling stays); outdent
 * puts it after its parent, one level up (its later siblings stay where they are). A chosen task
 * under another chosen one moves with it. Answers the places that change, in no set order.
 */
export function planOutlineAction(
  tasks: readonly OutlineTask[],
  taskIds: readonly number[],
  action: OutlineAction,
): OutlinePlace[] {
  const current = new Map(tasks.map((task) => [task.id, { ...task }]));
  const chosen = new Set(taskIds.filter((id) => current.has(id)));
  let outline = buildOutline([...current.values()]);
  const top = outline.order.filter(
    (id) => chosen.has(id) && !outline.ancestorsOf(id).some((above) => chosen.has(above)),
  );
  const changed = new Set<number>();
  const apply = (places: OutlinePlace[]) => {
    for (const place of places) {
      const task = current.get(place.taskId) as OutlineTask;
      task.parentId = place.parentId;
      task.order = place.order;
      changed.add(place.taskId);
    }
    outline = buildOutline([...current.values()]);
  };
  const orders = () => new Map([...current.values()].map((task) => [task.id, task.order]));
  if (action === "indent") {
    for (const id of top) {
      const parent = outline.parentOf(id);
      const siblings = outline.childrenOf(parent);
      const previous = siblings[siblings.indexOf(id) - 1];
      if (previous === undefined) continue;
      apply(placesForMove(outline, orders(), id, previous));
    }
  } else {
    // Last first, each right after its parent: the chosen keep their order among themselves.
    for (const id of [...top].reverse()) {
      const parent = outline.parentOf(id);
      if (parent === null) continue;
      const grandparent = outline.parentOf(parent);
      const index = outline.childrenOf(grandparent).indexOf(parent) + 1;
      apply(placesForMove(outline, orders(), id, grandparent, index));
    }
  }
  const before = new Map(tasks.map((task) => [task.id, task]));
  return [...changed].flatMap((id) => {
    const now = current.get(id) as OutlineTask;
    const was = before.get(id) as OutlineTask;
    return now.parentId === was.parentId && now.order === was.order
      ? []
      : [{ taskId: id, parentId: now.parentId, order: now.order }];
  });
}
