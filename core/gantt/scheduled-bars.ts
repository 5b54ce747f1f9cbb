// Gantt bars of scheduled tasks. A scheduled task is drawn from the start of its first day to the
// end of its last (its `schedule`), a milestone as a diamond at the end of its day, its total float
// as a thin tail; a task with no dates at all keeps the one-day bar from now but is drawn as not
// scheduled. The bar edits (bar-edits.ts) work on a task's bar dates, so a scheduled task is handed
// to them with its bar's start and end, and their changes are turned back into what the API takes.
import { addDays, subDays } from "date-fns";
import type { ScheduledTaskDto } from "../schemas/tasks";
import { type BarDates, barTiming } from "./bar-timing";

/** How a bar is drawn: from the schedule, from the task's own dates, or as not scheduled. */
export type BarKind = "scheduled" | "dated" | "unscheduled";

type BarTask = Pick<ScheduledTaskDto, "startDate" | "snoozeUntil" | "dueDate"> &
  Partial<Pick<ScheduledTaskDto, "schedule" | "duration" | "schedulingMode">>;

/** The local midnight starting a "YYYY-MM-DD" day (the timeline draws local days). */
export function dayStart(day: string): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** The local midnight ending a "YYYY-MM-DD" day. */
export const dayEnd = (day: string): Date => addDays(dayStart(day), 1);

/**
 * How the task's bar is drawn.
 * @example barKind({ startDate: null, snoozeUntil: null, dueDate: null, schedule: null }, now) // "unscheduled"
 */
export function barKind(task: BarTask, now: Date): BarKind {
  if (task.schedule) return "scheduled";
  return barTiming(task, now).startSource === "now" ? "unscheduled" : "dated";
}

/** A milestone: a scheduled task of no duration. */
export const isMilestone = (task: BarTask) => Boolean(task.schedule) && task.duration === 0;

/**
 * The dates the bar edits work on: a scheduled task's bar runs from the start of its start day to
 * the end of its finish day (a milestone's day too; its diamond is drawn at the end of it); other
 * tasks keep theirs.
 * @example barDatesOf(task).dueDate // the midnight after its finish day
 */
export function barDatesOf<T extends BarTask>(task: T): T {
  if (!task.schedule) return task;
  return {
    ...task,
    startDate: dayStart(task.schedule.start).toISOString(),
    dueDate: dayEnd(task.schedule.finish).toISOString(),
  };
}

/** The end of the task's late finish day, where its float tail ends; null without float. */
export function floatEnd(task: BarTask): Date | null {
  if (!task.schedule || task.schedule.totalFloat <= 0) return null;
  return dayEnd(task.schedule.lateFinish);
}

/**
 * A bar edit of a scheduled task as the API takes it. Moving an auto task sends only its new start
 * (which becomes its start-no-earlier-than, so its duration stays); moving its end sends the last
 * day worked (its new duration follows); moving its start keeps its finish. A manual task sends its
 * new first and last days. Tasks that are not scheduled keep the changes as they are.
 * @example scheduledBarWrite(task, { startDate: may4, dueDate: may9 }) // { startDate: may4 }
 */
export function scheduledBarWrite(
  task: BarTask,
  changes: { startDate?: Date; snoozeUntil?: Date; dueDate?: Date },
): { startDate?: Date; snoozeUntil?: Date; dueDate?: Date } {
  if (!task.schedule) return changes;
  const { startDate, dueDate, snoozeUntil } = changes;
  const lastDay = dueDate ? subDays(dueDate, 1) : undefined;
  const extra = snoozeUntil ? { snoozeUntil } : {};
  if (task.schedulingMode === "manual") {
    return { ...extra, ...(startDate ? { startDate } : {}), ...(lastDay ? { dueDate: lastDay } : {}) };
  }
  if (startDate && dueDate) return { ...extra, startDate };
  if (startDate) return { ...extra, startDate, dueDate: dayStart(task.schedule.finish) };
  return { ...extra, ...(lastDay ? { dueDate: lastDay } : {}) };
}

export type { BarDates };
