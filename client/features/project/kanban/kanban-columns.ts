// The kanban board's columns and what a drop does.
import type { TaskChanges } from "@core/schemas/tasks";
import { normalizeStatus, type TaskStatus } from "@core/tasks/status";

/** What the board reads of a task; the status may be any text (older data), read as Not Started. */
type TaskState = { completed: boolean; status: string };

export const KANBAN_COLUMNS = [
  { status: "not-started", title: "Not Started" },
  { status: "in-progress", title: "In Progress" },
  { status: "blocked", title: "Blocked" },
  { status: "completed", title: "Completed" },
] as const satisfies readonly { status: TaskStatus; title: string }[];

export type KanbanColumn = (typeof KANBAN_COLUMNS)[number];

/** A pointer drag starts after 8 px; a keyboard drag moves 25 px a key press. */
export const KANBAN_POINTER_DISTANCE = 8;
export const KANBAN_KEYBOARD_STEP = 25;

const COLUMN_PREFIX = "column:";

/** The droppable id of a column. */
export const columnDropId = (status: TaskStatus) => `${COLUMN_PREFIX}${status}`;

/**
 * The column a task is in: Completed when it is completed; otherwise its status, the legacy `todo`
 * (and anything unknown) reading as Not Started. A task whose status says completed but which is
 * not completed (which the server never stores) is Not Started, as reopening makes it.
 *
 * @example kanbanColumnOf({ completed: false, status: "todo" }) // "not-started"
 */
export function kanbanColumnOf(task: TaskState): TaskStatus {
  if (task.completed) return "completed";
  const status = normalizeStatus(task.status);
  return status === "completed" ? "not-started" : status;
}

/** Tasks per column, in the order given. */
export function tasksByColumn<T extends TaskState>(tasks: readonly T[]): Record<TaskStatus, T[]> {
  const columns: Record<TaskStatus, T[]> = {
    "not-started": [],
    "in-progress": [],
    blocked: [],
    completed: [],
  };
  for (const task of tasks) columns[kanbanColumnOf(task)].push(task);
  return columns;
}

export type KanbanDrop =
  | { kind: "none" }
  | { kind: "invalid" }
  | { kind: "move"; column: KanbanColumn; changes: TaskChanges };

/**
 * What dropping a task on `targetId` does: on Completed, completed with a completion time; on
 * another column, that status, not completed, no completion time; on its own column nothing; on
 * anything that is not a column, an invalid drop.
 *
 * @example kanbanDrop({ completed: false, status: "todo" }, "column:completed", now)
 * // { kind: "move", column: Completed, changes: { status: "completed", completed: true, completedAt: now } }
 */
export function kanbanDrop(task: TaskState, targetId: unknown, now: Date): KanbanDrop {
  const column =
    typeof targetId === "string" && targetId.startsWith(COLUMN_PREFIX)
      ? KANBAN_COLUMNS.find((candidate) => columnDropId(candidate.status) === targetId)
      : undefined;
  if (!column) return { kind: "invalid" };
  if (column.status === kanbanColumnOf(task)) return { kind: "none" };
  const changes: TaskChanges =
    column.status === "completed"
      ? { status: "completed", completed: true, completedAt: now.toISOString() }
      : { status: column.status, completed: false, completedAt: null };
  return { kind: "move", column, changes };
}

/** The texts of the board's toasts. */
export const KANBAN_TOASTS = {
  moved: (title: string) => ({ title: "Task updated", description: `Task moved to ${title}` }),
  failed: { title: "Failed to update task", description: "Could not move the task. Please try again." },
  invalidTarget: { title: "Invalid drop target", description: "Please drop the task on a valid column." },
} as const;

/**
 * Where a card lifted by keyboard goes on ArrowRight or ArrowLeft: the centre of the next or the
 * previous column in reading order (the board wraps to two rows on a narrow screen, so "next" is
 * not always to the right), or null past the last. `columns` are the columns' rects in board order;
 * the card is in the one whose centre is nearest its own.
 * @example nextColumnCenter([{ left: 0, top: 0, width: 300, height: 400 }, { left: 316, top: 0, width: 300, height: 400 }], { x: 150, y: 50 }, 1) // { x: 466, y: 200 }
 */
export function nextColumnCenter(
  columns: readonly ({ left: number; top: number; width: number; height: number } | undefined)[],
  card: { x: number; y: number },
  direction: 1 | -1,
): { x: number; y: number } | null {
  const centers = columns.map((column) =>
    column ? { x: column.left + column.width / 2, y: column.top + column.height / 2 } : null,
  );
  const inside = columns.findIndex(
    (column) =>
      column &&
      card.x >= column.left &&
      card.x <= column.left + column.width &&
      card.y >= column.top &&
      card.y <= column.top + column.height,
  );
  let current = inside;
  if (current < 0) {
    let best = Number.POSITIVE_INFINITY;
    centers.forEach((center, index) => {
      if (!center) return;
      const distance = Math.hypot(center.x - card.x, center.y - card.y);
      if (distance < best) [best, current] = [distance, index];
    });
  }
  if (current < 0) return null;
  return centers[current + direction] ?? null;
}
