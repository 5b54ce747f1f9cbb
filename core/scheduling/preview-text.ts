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
