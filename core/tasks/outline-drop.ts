// Where a row dragged in a tree lands (the list's and the Gantt's moves within the outline): before
// or after another row, as its sibling, or into a summary, as its last child. Pure: which parent
// and which place among the new siblings a drop means, and whether it may be offered at all.
import { moveProblem, type Outline } from "./outline";

/** Where on the row under it a dragged row is dropped. */
export type DropPosition = "before" | "after" | "inside";

/** What a drop means: the new parent (null: the top level) and the place among its other children. */
export type TreeDrop = { parentId: number | null; index: number };

/**
 * The move a drop of `taskId` (with its subtree) on `targetId` at `position` means, or null when it
 * is not offered: the target is the task or below it, "inside" a task that is not a summary, a move
 * the server would refuse (too deep, too many children), or no move at all (the task would stay
 * where it is). `index` counts the new siblings without the task, as `PUT /api/tasks/{id}`'s
 * `order`. After an expanded summary (its children shown right below it) means before its first
 * child.
 * @example treeDrop(outline, 3, 1, "inside") // { parentId: 1, index: 2 }: 1 held 2 tasks
 */
export function treeDrop(
  outline: Outline,
  taskId: number,
  targetId: number,
  position: DropPosition,
  isCollapsed: (id: number) => boolean = () => false,
): TreeDrop | null {
  if (targetId === taskId || outline.ancestorsOf(targetId).includes(taskId)) return null;
  let parentId: number | null;
  let index: number;
  if (
    position === "inside" ||
    (position === "after" && outline.isSummary(targetId) && !isCollapsed(targetId))
  ) {
    if (!outline.isSummary(targetId)) return null;
    parentId = targetId;
    const others = outline.childrenOf(targetId).filter((id) => id !== taskId);
    index = position === "inside" ? others.length : 0;
  } else {
    parentId = outline.parentOf(targetId);
    const others = outline.childrenOf(parentId).filter((id) => id !== taskId);
    index = others.indexOf(targetId) + (position === "after" ? 1 : 0);
  }
  const known = new Set(outline.order);
  if (moveProblem(outline, (id) => known.has(id), taskId, parentId) !== null) return null;
  // Among its siblings as they are, the task's own index is its place without it too.
  const staysPut =
    outline.parentOf(taskId) === parentId && outline.childrenOf(parentId).indexOf(taskId) === index;
  return staysPut ? null : { parentId, index };
}

/** A place a dragged row may be dropped, as the keyboard steps through them. */
export type DropTarget = { targetId: number; position: DropPosition; drop: TreeDrop };

/**
 * Every drop of `taskId` offered among the rows shown (`shownIds`, in tree order), top to bottom:
 * before each row, into each summary, after each row, each move once (the first place that means
 * it), none into the task's own subtree and none that leaves it where it is. The keyboard's drag
 * steps through them with the up and down arrows.
 */
export function dropTargets(
  outline: Outline,
  taskId: number,
  shownIds: readonly number[],
  isCollapsed: (id: number) => boolean = () => false,
): DropTarget[] {
  const targets: DropTarget[] = [];
  const seen = new Set<string>();
  for (const targetId of shownIds) {
    for (const position of ["before", "inside", "after"] as const) {
      const drop = treeDrop(outline, taskId, targetId, position, isCollapsed);
      if (!drop) continue;
      const key = `${drop.parentId}:${drop.index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      targets.push({ targetId, position, drop });
    }
  }
  return targets;
}
