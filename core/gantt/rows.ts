// The Gantt chart's rows: tasks grouped by category (a 32 px group row above 48 px task rows),
// groups that collapse, and reordering that never leaves a category.

export const GROUP_ROW_HEIGHT = 32;
export const TASK_ROW_HEIGHT = 48;

export type RowTask = { id: number; categoryId: number | null; order: number };

export type TaskGroup<T extends RowTask> = {
  /** "category-3", or "uncategorized" for tasks without a category. */
  key: string;
  categoryId: number | null;
  tasks: T[];
};

export type GanttRow<T extends RowTask> =
  | { kind: "group"; key: string; categoryId: number | null; count: number; collapsed: boolean }
  | { kind: "task"; key: string; task: T; groupKey: string; indexInGroup: number };

/**
 * The key of a category's group.
 * @example groupKey(3) // "category-3"
 * @example groupKey(null) // "uncategorized"
 */
export const groupKey = (categoryId: number | null) =>
  categoryId === null ? "uncategorized" : `category-${categoryId}`;

const byOrder = (a: RowTask, b: RowTask) => a.order - b.order || a.id - b.id;

/**
 * Tasks by category, in the order the categories are listed (tasks of an unknown category go with
 * them, after the listed ones), then the tasks without a category; within a group by order, then id.
 *
 * @example groupTasks(tasks, [5, 2]).map((group) => group.key) // ["category-5", "category-2", "uncategorized"]
 */
export function groupTasks<T extends RowTask>(
  tasks: readonly T[],
  categoryIds: readonly number[],
): TaskGroup<T>[] {
  const buckets = new Map<number | null, T[]>();
  for (const task of tasks) {
    const bucket = buckets.get(task.categoryId);
    if (bucket) bucket.push(task);
    else buckets.set(task.categoryId, [task]);
  }
  const listed = categoryIds.filter((id) => buckets.has(id));
  const unknown = [...buckets.keys()]
    .filter((id): id is number => id !== null && !categoryIds.includes(id))
    .sort((a, b) => a - b);
  const order: (number | null)[] = [...listed, ...unknown];
  if (buckets.has(null)) order.push(null);
  return order.map((categoryId) => ({
    key: groupKey(categoryId),
    categoryId,
    tasks: [...(buckets.get(categoryId) ?? [])].sort(byOrder),
  }));
}

/**
 * The rows shown: each group's row, then its tasks unless the group is collapsed. With
 * `groupRows` false (a project whose tasks are all uncategorized) only the task rows are shown.
 *
 * @example ganttRows(groups, new Set(["category-5"])).map((row) => row.key)
 * // ["category-5", "uncategorized", "task-3"]: category 5's tasks are hidden
 */
export function ganttRows<T extends RowTask>(
  groups: readonly TaskGroup<T>[],
  collapsed: ReadonlySet<string>,
  groupRows = true,
): GanttRow<T>[] {
  const rows: GanttRow<T>[] = [];
  for (const group of groups) {
    const isCollapsed = groupRows && collapsed.has(group.key);
    if (groupRows) {
      rows.push({
        kind: "group",
        key: group.key,
        categoryId: group.categoryId,
        count: group.tasks.length,
        collapsed: isCollapsed,
      });
    }
    if (isCollapsed) continue;
    group.tasks.forEach((task, indexInGroup) => {
      rows.push({ kind: "task", key: `task-${task.id}`, task, groupKey: group.key, indexInGroup });
    });
  }
  return rows;
}

/**
 * Each row's top edge in pixels, and the height of them all.
 * @example rowOffsets([groupRow, taskRow, taskRow]) // { tops: [0, 32, 80], total: 128 }
 */
export function rowOffsets(rows: readonly GanttRow<RowTask>[]): { tops: number[]; total: number } {
  const tops: number[] = [];
  let total = 0;
  for (const row of rows) {
    tops.push(total);
    total += row.kind === "group" ? GROUP_ROW_HEIGHT : TASK_ROW_HEIGHT;
  }
  return { tops, total };
}

/**
 * The reorder call's body for moving one task to `toIndex` within its group: every task of the
 * group with its new order (0, 1, 2, ...). Null when nothing moves or the task is not in the group,
 * so a task can never be ordered into another category.
 *
 * @example reorderWithinGroup([{ id: 1 }, { id: 2 }, { id: 3 }], 3, 0)
 * // [{ taskId: 3, order: 0 }, { taskId: 1, order: 1 }, { taskId: 2, order: 2 }]
 */
export function reorderWithinGroup(
  groupTasksInOrder: readonly { id: number }[],
  taskId: number,
  toIndex: number,
): { taskId: number; order: number }[] | null {
  const from = groupTasksInOrder.findIndex((task) => task.id === taskId);
  if (from === -1) return null;
  const target = Math.min(groupTasksInOrder.length - 1, Math.max(0, Math.round(toIndex)));
  if (target === from) return null;
  const ids = groupTasksInOrder.map((task) => task.id);
  ids.splice(from, 1);
  ids.splice(target, 0, taskId);
  return ids.map((id, order) => ({ taskId: id, order }));
}
