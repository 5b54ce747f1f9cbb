// What the Gantt chart marks on a task's row beyond its bar (decision section 15 of the spec):
// its deadline, drawn as a marker at the end of the deadline's day (a deadline is the last day
// worked), red when the task finishes after it; and a bar whose total float is negative, late by
// that many working days.
import { dayWords } from "../scheduling/schedule-explanation";
import { dayEnd } from "./scheduled-bars";
import { dateToX, type TimelineWindow } from "./timeline";

type MarkedTask = {
  deadline?: string | null;
  schedule?: { finish: string; totalFloat: number } | null;
};

export type DeadlineMark = {
  /** The deadline, "YYYY-MM-DD". */
  day: string;
  /** Pixels from the window's start: the end of the deadline's day. */
  x: number;
  /** The task finishes after its deadline. */
  missed: boolean;
  /** Its accessible name: "Deadline Mar 4, 2026". */
  label: string;
};

/**
 * Where the task's deadline marker goes, or null without a deadline or when the timeline does not
 * hold its day.
 * @example deadlineMark({ deadline: "2026-05-08", schedule: { finish: "2026-05-11", totalFloat: -1 } }, window)
 * // { day: "2026-05-08", x: 120, missed: true, label: "Deadline May 8, 2026" } on the days scale from May 6
 */
export function deadlineMark(task: MarkedTask, window: TimelineWindow): DeadlineMark | null {
  const day = task.deadline?.slice(0, 10);
  if (!day) return null;
  const end = dayEnd(day);
  if (end <= window.start || end > window.end) return null;
  const missed = Boolean(task.schedule && task.schedule.finish.slice(0, 10) > day);
  return {
    day,
    x: dateToX(end, window),
    missed,
    label: `Deadline ${dayWords(day)}`,
  };
}

/**
 * How late a task with negative total float is, in words; null when it is not late.
 * @example lateWords({ finish: "2026-05-11", totalFloat: -3 }) // "3 working days late"
 */
export function lateWords(schedule: { totalFloat: number } | null | undefined): string | null {
  if (!schedule || !(schedule.totalFloat < 0)) return null;
  const days = -schedule.totalFloat;
  return `${days} working ${days === 1 ? "day" : "days"} late`;
}
