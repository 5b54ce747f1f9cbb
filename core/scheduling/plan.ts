// Planning a change to a schedule, the same on both sides: the server plans each write in its
// transaction (server/scheduling/), the client plans a dragged bar on every step of the drag so
// its dependents move under the pointer before anything is sent. A state holds a project's
// scheduling inputs and the dates its tasks show now; a plan says what the change moves.
import { LAST_DAY } from "../schemas/date-range";
import { epochDayOf, isoDateOf, type ProjectCalendar } from "./calendar";
import {
  type ConstraintFields,
  resolveConstraint,
  SUMMARY_CONSTRAINTS,
  sendsConstraint,
} from "./constraint-fields";
import { type ConstraintType, DRIVER } from "./constraints";
import type { EngineResult, SchedulingMode } from "./engine";
import {
  type MovedTask,
  movedTasks,
  type ProjectSchedule,
  type ScheduledDates,
  type SchedulePreview,
  type SchedulingDependency,
  type SchedulingTask,
  scheduleProject,
} from "./project-schedule";

/** A project's scheduling inputs as they stand, changed in memory by the change being planned. */
export type SchedulePlanState = {
  calendar: ProjectCalendar;
  tasks: Map<number, SchedulingTask>;
  /** By dependency id. */
  dependencies: Map<number, SchedulingDependency>;
  /**
   * Each scheduled task's dates as they stand before the change (the preview's `from`). A summary
   * missing here or null (the server keeps none for a task without a duration) reads as its own
   * startDate and dueDate: the roll-up the last write stored.
   */
  stored: Map<number, ScheduledDates | null>;
  /** The project's finish before the change. */
  finishBefore: string | null;
};

/** The schedule of the state as it now stands. */
export function scheduleOf(state: SchedulePlanState): ProjectSchedule {
  return scheduleProject(state.calendar, [...state.tasks.values()], [...state.dependencies.values()]);
}

/** What the planned change does: the schedule after it, the preview, and the dates to store. */
export type SchedulePlan = {
  schedule: ProjectSchedule;
  preview: SchedulePreview;
  /**
   * Auto tasks and summaries whose stored dates differ from their schedule, by id: what the write
   * must store (a summary stores its roll-up as its startDate and dueDate).
   */
  writes: Map<number, ScheduledDates>;
};

/** A change whose schedule would put a task past the last day a date may hold (9999-12-31). */
export class ScheduleOutOfRangeError extends Error {
  constructor(
    /** The first task, in the engine's order, that would finish past the last day. */
    readonly taskId: number,
  ) {
    super(`Task ${taskId} would be scheduled past ${LAST_DAY}.`);
  }
}

/**
 * Throws ScheduleOutOfRangeError when a scheduled task of `schedule` would start or finish past
 * 9999-12-31 (its dates could not be written as "YYYY-MM-DD", nor stored).
 * @example assertScheduleInRange(scheduleOf(state)) // throws for a 10,000-day task starting in 9999
 */
export function assertScheduleInRange(schedule: ProjectSchedule): void {
  const { result, calendar } = schedule;
  if (result.finish === null) return;
  const lastDay = calendar.dayOnOrBefore(LAST_DAY);
  // The finish date of boundaries s..f is working day f - 1 (a milestone's too).
  if (result.finish - 1 <= lastDay) return;
  for (let slot = 0; slot < result.ids.length; slot++) {
    if (result.scheduled[slot] && result.earlyFinish[slot] - 1 > lastDay)
      throw new ScheduleOutOfRangeError(result.ids[slot]);
  }
}

/** The dates the tasks show before the change: `stored`, a summary's own dates where it has none. */
function datesBefore(
  state: SchedulePlanState,
  result: EngineResult,
): ReadonlyMap<number, ScheduledDates | null> {
  let before: Map<number, ScheduledDates | null> | null = null;
  for (let slot = 0; slot < result.ids.length; slot++) {
    if (!result.summary[slot]) continue;
    const id = result.ids[slot];
    if (state.stored.get(id)) continue;
    const task = state.tasks.get(id);
    const start = dayOf(task?.startDate);
    const finish = dayOf(task?.dueDate);
    if (start === null || finish === null) continue;
    before ??= new Map(state.stored);
    before.set(id, { start, finish });
  }
  return before ?? state.stored;
}

/**
 * Plans the state as changed: what moves, and which auto tasks' and summaries' stored dates must
 * change. Throws ScheduleOutOfRangeError when the change would schedule a task past 9999-12-31.
 */
export function planSchedule(state: SchedulePlanState): SchedulePlan {
  const schedule = scheduleOf(state);
  assertScheduleInRange(schedule);
  const { result } = schedule;
  const moved: MovedTask[] = movedTasks(datesBefore(state, result), schedule.tasks);
  if (moved.length > 0) nameDrivers(moved, result, [...state.dependencies.values()]);
  const writes = new Map<number, ScheduledDates>();
  for (const move of moved) {
    if (result.summary[result.slotOf(move.id)] || state.tasks.get(move.id)?.schedulingMode === "auto")
      writes.set(move.id, move.to);
  }
  return { schedule, preview: { moved, finish: { from: state.finishBefore, to: schedule.finish } }, writes };
}

/**
 * Sets each moved task's `by`: the prerequisite whose link now drives its start (engine drivers),
 * so a preview can name the chain that moved it by following `by` through the moved tasks.
 */
function nameDrivers(
  moved: MovedTask[],
  result: EngineResult,
  dependencies: readonly SchedulingDependency[],
) {
  const { driver, drivingDependency } = result;
  for (const move of moved) {
    const slot = result.slotOf(move.id);
    const link = driver[slot] === DRIVER.dependency ? dependencies[drivingDependency[slot]] : undefined;
    move.by = link ? link.sourceTaskId : null;
  }
}

/** The fields of a task write that feed the schedule (as the update schema outputs them). */
export type SchedulingChanges = {
  /** A move in the outline: the task's summaries change, and so may their roll-ups. */
  parentId?: number | null;
  duration?: number | null;
  schedulingMode?: SchedulingMode;
  startNoEarlierThan?: string | null;
  constraintType?: ConstraintType;
  constraintDate?: string | null;
  deadline?: string | null;
  percentComplete?: number;
  actualStart?: string | null;
  actualFinish?: string | null;
  startDate?: Date | null;
  dueDate?: Date | null;
};

/** The calendar day a sent date names (the day of its nearest UTC midnight, as calendar.ts reads). */
export function dayOf(date: Date | string | null | undefined): string | null {
  return date ? isoDateOf(epochDayOf(date)) : null;
}

/** What a write stores of the task's scheduling fields, besides the other fields it sends. */
export type ResolvedSchedulingFields = {
  duration: number | null;
  schedulingMode: SchedulingMode;
  startNoEarlierThan: string | null;
  constraintType: ConstraintType;
  constraintDate: string | null;
  deadline: string | null;
  /**
   * Set for an auto task with a duration and for a scheduled summary: the scheduler's dates (a
   * summary's roll-up), which replace the sent ones.
   */
  startDate?: Date | null;
  dueDate?: Date | null;
};

/**
 * Applies a task write to the state (the task `current` joins it when it is not there yet) and plans
 * the schedule; answers the plan and the fields the task's own row must store. On an auto task
 * with a duration a sent startDate becomes its start-no-earlier-than (as MS Project does when a
 * start is typed) and a sent dueDate sets its duration to the working days from its scheduled start
 * to that day. A summary's own duration, mode and dates are not the scheduler's to read (the server
 * refuses them), so none of that applies to it: its startNoEarlierThan holds its subtree and it
 * stores its roll-up. The plan's `writes` leave the task itself out: its own write stores `fields`.
 */
export function planTaskWrite(
  state: SchedulePlanState,
  current: SchedulingTask,
  changes: SchedulingChanges,
): { plan: SchedulePlan; fields: ResolvedSchedulingFields } {
  const next: SchedulingTask = {
    ...current,
    parentId: changes.parentId !== undefined ? changes.parentId : current.parentId,
    duration: changes.duration !== undefined ? changes.duration : current.duration,
    schedulingMode: changes.schedulingMode ?? current.schedulingMode,
    ...constraintAfter(current, changes),
    deadline: changes.deadline !== undefined ? changes.deadline : current.deadline,
    percentComplete: changes.percentComplete ?? current.percentComplete,
    actualStart: changes.actualStart !== undefined ? changes.actualStart : current.actualStart,
    actualFinish: changes.actualFinish !== undefined ? changes.actualFinish : current.actualFinish,
    startDate: changes.startDate !== undefined ? dayOf(changes.startDate) : current.startDate,
    dueDate: changes.dueDate !== undefined ? dayOf(changes.dueDate) : current.dueDate,
  };
  const summary = hasTasksUnder(state, next.id);
  const auto = !summary && next.duration !== null && next.schedulingMode === "auto";
  if (auto && !sendsConstraint(changes)) {
    // A typed start is a start-no-earlier-than; a dated task given its first duration stays where
    // it was rather than jumping to the start.
    const typed =
      changes.startDate !== undefined
        ? dayOf(changes.startDate)
        : current.duration === null &&
            current.startDate &&
            SUMMARY_CONSTRAINTS.includes(current.constraintType)
          ? dayOf(current.startDate)
          : undefined;
    if (typed !== undefined) Object.assign(next, snetOf(typed));
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
    constraintType: next.constraintType,
    constraintDate: next.constraintDate,
    deadline: next.deadline,
  };
  const own = plan.schedule.tasks.get(next.id);
  if ((auto || summary) && own) {
    fields.startDate = new Date(`${own.start}T00:00:00Z`);
    fields.dueDate = new Date(`${own.finish}T00:00:00Z`);
  }
  plan.writes.delete(next.id);
  return { plan, fields };
}

/** The constraint a write leaves (a write the server let through resolves; else it is kept). */
function constraintAfter(current: SchedulingTask, changes: SchedulingChanges): ConstraintFields {
  const resolved = resolveConstraint(current, changes);
  return "field" in resolved
    ? {
        constraintType: current.constraintType,
        constraintDate: current.constraintDate,
        startNoEarlierThan: current.startNoEarlierThan,
      }
    : resolved;
}

/** A start-no-earlier-than on `day` as the three fields hold it; null: none. */
const snetOf = (day: string | null): ConstraintFields =>
  day === null
    ? { constraintType: "ASAP", constraintDate: null, startNoEarlierThan: null }
    : { constraintType: "SNET", constraintDate: day, startNoEarlierThan: day };

/** Whether a task of the state sits under this one: it is a summary. */
function hasTasksUnder(state: SchedulePlanState, id: number): boolean {
  for (const task of state.tasks.values()) if (task.parentId === id && task.id !== id) return true;
  return false;
}
