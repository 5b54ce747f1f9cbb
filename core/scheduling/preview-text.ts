// What the preview before a scheduling change says, from a dry run's answer.
import { format, parseISO } from "date-fns";
import type { SchedulePreview } from "./project-schedule";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Mar 10" (or "Mar 10, 2027" outside `thisYear`) of a "YYYY-MM-DD". */
export function shortDate(day: string, thisYear: number): string {
  return format(parseISO(day), Number(day.slice(0, 4)) === thisYear ? "MMM d" : "MMM d, yyyy");
}

/**
 * Whether a change is worth asking about: it moves a task other than the one edited, or the
 * project's finish (a plan scheduled for the first time has no finish to move).
 */
export function previewMatters(preview: SchedulePreview, editedTaskId: number | null): boolean {
  const { from, to } = preview.finish;
  return preview.moved.some((move) => move.id !== editedTaskId) || (from !== null && from !== to);
}

/**
 * The preview's sentence.
 * @example previewSummary({ moved: [...12], finish: { from: "2027-03-03", to: "2027-03-10" } }, 2027)
 * // "This moves 12 tasks; the project now finishes Mar 10 (was Mar 3)."
 */
export function previewSummary(preview: SchedulePreview, thisYear: number): string {
  const moves =
    preview.moved.length === 0
      ? "This moves no task"
      : `This moves ${plural(preview.moved.length, "task", "tasks")}`;
  const { from, to } = preview.finish;
  if (to === null) return `${moves}; the project no longer has a finish date.`;
  if (from === to) return `${moves}; the project still finishes ${shortDate(to, thisYear)}.`;
  if (from === null) return `${moves}; the project now finishes ${shortDate(to, thisYear)}.`;
  return `${moves}; the project now finishes ${shortDate(to, thisYear)} (was ${shortDate(from, thisYear)}).`;
}

/** A chain longer than this is named by its first task and the last ones, "…" between. */
const CHAIN_SHOWN = 4;

/**
 * The chain that moved a task in a preview: the ids from the change that started it (the first
 * task whose move was not driven by another moved task, or the unmoved prerequisite of a new link)
 * to the task's own driving prerequisite, following each move's `by`. Empty when the task moved by
 * its own inputs or its constraint.
 * @example moveChain(preview.moved, 9) // [3, 5]: 3 moved, which moved 5, which moved 9
 */
export function moveChain(moved: SchedulePreview["moved"], taskId: number): number[] {
  const byId = new Map(moved.map((move) => [move.id, move]));
  const chain: number[] = [];
  const seen = new Set([taskId]);
  for (let by = byId.get(taskId)?.by ?? null; by !== null && !seen.has(by); ) {
    chain.unshift(by);
    seen.add(by);
    by = byId.get(by)?.by ?? null;
  }
  return chain;
}

/**
 * A moved task with the chain that moved it, for the preview's list.
 * @example movedWithChain("Roof", ["Pour foundation", "Frame walls"]) // "Roof, after Pour foundation → Frame walls"
 */
export function movedWithChain(name: string, chain: readonly string[]): string {
  if (chain.length === 0) return name;
  const shown =
    chain.length <= CHAIN_SHOWN ? chain : [chain[0], "…", ...chain.slice(chain.length - (CHAIN_SHOWN - 1))];
  return `${name}, after ${shown.join(" → ")}`;
}
