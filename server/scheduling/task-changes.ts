// How a task write's fields become scheduling inputs. On an auto task with a duration a sent
// startDate becomes its start-no-earlier-than (as MS Project does when a start is typed) and a sent
// dueDate sets its duration to the working days from its scheduled start to that day; the dates it
// stores are the scheduler's. A task without a duration keeps its dates as sent.
import { epochDayOf, isoDateOf } from "@core/scheduling/calendar";
import type { SchedulingTask } from "@core/scheduling/project-schedule";
import { movesSchedule, type TaskChanges } from "@core/schemas/tasks";
import type { Task } from "../db/schema";
import { planSchedule, type SchedulePlan, type SchedulingState } from "./rescheduler";

/** The fields of a task write that feed the schedule (as the update schema outputs them). */
export type SchedulingChanges = {
  duration?: number | null;
  schedulingMode?: Task["schedulingMode"];
  startNoEarlierThan?: string | null;
  startDate?: Date | null;
  dueDate?: Date | null;
};

/** Whether a write of these fields to this task can move anything (the client asks the same). */
export const changesSchedule = (task: Pick<Task, "duration">, changes: SchedulingChanges) =>
  movesSchedule(task, changes as TaskChanges);

/** The calendar day a sent date names (the day of its nearest UTC midnight, as calendar.ts reads). */
export const dayOf = (date: Date | null | undefined) => (date ? isoDateOf(epochDayOf(date)) : null);
const day = dayOf;

/** The task's scheduling inputs before `changes` (a stored row). */
export function schedulingTaskOf(task: Task): SchedulingTask {
  return {
    id: task.id,
    duration: task.duration,
    schedulingMode: task.schedulingMode,
    startNoEarlierThan: task.startNoEarlierThan,
    startDate: day(task.startDate),
    dueDate: day(task.dueDate),
  };
}

/**
 * The dates the date rules judge in a write: what the task will hold, except on a task the
 * scheduler dates (auto, with a duration), where they judge what the user sends; a sent due date
 * is still judged against the scheduled start its duration will count from.
 */
export function datesToJudge<D>(
  task: { startDate: D; snoozeUntil: D; dueDate: D; duration: number | null; schedulingMode: string },
  changes: SchedulingChanges & { snoozeUntil?: D },
): { startDate: D | null; snoozeUntil: D | null; dueDate: D | null } {
  const merged = { ...task, ...changes } as typeof task;
  const duration = changes.duration !== undefined ? changes.duration : task.duration;
  if (duration === null || merged.schedulingMode !== "auto") return merged;
  return {
    startDate:
      (changes.startDate as D | undefined) ?? (changes.dueDate !== undefined ? task.startDate : null),
    snoozeUntil: changes.snoozeUntil ?? null,
    dueDate: (changes.dueDate as D | undefined) ?? null,
  };
}

/** What the write stores of the task's scheduling fields, besides the other fields it sends. */
export type ResolvedSchedulingFields = {
  duration: number | null;
  schedulingMode: Task["schedulingMode"];
  startNoEarlierThan: string | null;
  /** Set for an auto task with a duration: the scheduler's dates, which replace the sent ones. */
  startDate?: Date | null;
  dueDate?: Date | null;
};

/**
 * Applies a task write to the state (the task `current` joins it when it is not there yet) and plans
 * the schedule; answers the plan and the fields the task's own row must store.
 */
export function planTaskWrite(
  state: SchedulingState,
  current: SchedulingTask,
  changes: SchedulingChanges,
): { plan: SchedulePlan; fields: ResolvedSchedulingFields } {
  const next: SchedulingTask = {
    ...current,
    duration: changes.duration !== undefined ? changes.duration : current.duration,
    schedulingMode: changes.schedulingMode ?? current.schedulingMode,
    startNoEarlierThan:
      changes.startNoEarlierThan !== undefined ? changes.startNoEarlierThan : current.startNoEarlierThan,
    startDate: changes.startDate !== undefined ? day(changes.startDate) : current.startDate,
    dueDate: changes.dueDate !== undefined ? day(changes.dueDate) : current.dueDate,
  };
  const auto = next.duration !== null && next.schedulingMode === "auto";
  if (auto && changes.startNoEarlierThan === undefined) {
    if (changes.startDate !== undefined) next.startNoEarlierThan = day(changes.startDate);
    // A dated task given its first duration stays where it was rather than jumping to the start.
    else if (current.duration === null && current.startDate)
      next.startNoEarlierThan = day(new Date(current.startDate));
  }
  state.tasks.set(next.id, next);
  let plan = planSchedule(state);
  if (auto && changes.dueDate && changes.duration === undefined) {
    const slot = plan.schedule.result.slotOf(next.id);
    const start = plan.schedule.result.earlyStart[slot];
    next.duration = Math.max(0, plan.schedule.calendar.dayOnOrBefore(changes.dueDate) + 1 - start);
    plan = planSchedule(state);
  }
  const fields: ResolvedSchedulingFields = {
    duration: next.duration,
    schedulingMode: next.schedulingMode,
    startNoEarlierThan: next.startNoEarlierThan,
  };
  const own = plan.schedule.tasks.get(next.id);
  if (auto && own) {
    fields.startDate = new Date(`${own.start}T00:00:00Z`);
    fields.dueDate = new Date(`${own.finish}T00:00:00Z`);
  }
  // The task's own row is written by the write itself, with the fields above.
  plan.writes.delete(next.id);
  return { plan, fields };
}
