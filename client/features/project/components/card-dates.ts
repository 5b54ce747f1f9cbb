// The dates on a task's card in the dependency graph, as the graph view draws them and as its
// pictures and printouts do (chart-export/graph-layout.ts).
import { shortDate } from "@core/scheduling/preview-text";
import { format } from "date-fns";

/**
 * The dates a card shows: a scheduled task's start and finish, else its due date; null without.
 * @example cardDates({ schedule: { start: "2026-05-04", finish: "2026-05-08" }, dueDate: null }, 2026) // "May 4 – May 8"
 */
export function cardDates(
  task: { schedule?: { start: string; finish: string } | null; dueDate: string | null },
  thisYear: number,
): string | null {
  const { schedule } = task;
  if (schedule) {
    const start = shortDate(schedule.start, thisYear);
    return schedule.start === schedule.finish ? start : `${start} – ${shortDate(schedule.finish, thisYear)}`;
  }
  if (task.dueDate) {
    const due = new Date(task.dueDate);
    return `Due ${format(due, due.getFullYear() === thisYear ? "MMM d" : "MMM d, yyyy")}`;
  }
  return null;
}
