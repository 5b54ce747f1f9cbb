// What Ctrl+Z and Ctrl+Shift+Z reach (docs/decisions/030-history-activity-and-undo.md): among one
// project's entries, the
// user's newest change not yet undone, and the user's newest undo not yet redone. The keys and the
// Activity panel's buttons use it; the server checks every undo again.
import type { ActivityEntryDto } from "../schemas/activity";

/** Whether an entry can still be undone (by anyone with edit rights; the server checks again). */
export const canUndo = (entry: ActivityEntryDto): boolean => entry.undoable && entry.undoneBy === null;

/**
 * What Ctrl+Z and Ctrl+Shift+Z reach among one project's entries: the user's newest change not yet
 * undone, and the user's newest undo not yet redone, unless a fresh change of theirs came after it
 * (a new change clears the redo stack, as in an editor). Redo is the undo of that undo.
 * @example undoTargets([undoOfC2, c2, c1], 1) // { undo: c1, redo: undoOfC2 }
 */
export function undoTargets(
  entries: readonly ActivityEntryDto[],
  userId: number,
): { undo: ActivityEntryDto | null; redo: ActivityEntryDto | null } {
  const mine = entries.filter((entry) => entry.actor?.id === userId).sort((a, b) => b.id - a.id);
  const undo = mine.find((entry) => !entry.isUndo && canUndo(entry)) ?? null;
  let redo: ActivityEntryDto | null = null;
  for (const entry of mine) {
    if (!entry.isUndo && entry.undoOf === null) break;
    if (entry.isUndo && canUndo(entry)) {
      redo = entry;
      break;
    }
  }
  return { undo, redo };
}
