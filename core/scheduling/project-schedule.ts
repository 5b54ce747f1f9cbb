// A project's schedule in dates: tasks and dependencies as the API carries them, through the
// engine on the project's calendar, back to "YYYY-MM-DD". What the server stores and answers and
// what the client previews while a bar is dragged.
import { type ProjectCalendar, WorkingCalendar } from "./calendar";
import type { ConstraintType, EngineConstraint } from "./constraints";
import {
  type EngineDependency,
  type EngineResult,
  type EngineTask,
  type SchedulingMode,
  scheduleTasks,
} from "./engine";
import { conflictWords, drivenByOf, type ScheduleExplanation } from "./schedule-explanation";
import { lateTasks, todayUtc } from "./status-date";

type DateLike = string | Date | null;

/**
 * The scheduling inputs of a task (a TaskDto or a stored row has them all). A task with tasks under
 * it (by their parentId) is a summary: the scheduler ignores its duration, mode and dates and gives
 * it its subtree's roll-up; its startNoEarlierThan holds every task below it.
 */
export type SchedulingTask = {
  id: number;
  /** The summary task it sits under, null at the top level. */
  parentId: number | null;
  duration: number | null;
  schedulingMode: SchedulingMode;
  startNoEarlierThan: string | null;
  /** Its constraint (constraints.ts); SNET with the date of startNoEarlierThan, which reads the same. */
  constraintType: ConstraintType;
  /** "YYYY-MM-DD": a start type's first day, a finish type's last day worked; null for ASAP, ALAP. */
  constraintDate: string | null;
  /** "YYYY-MM-DD": the last day it should be done by. */
  deadline: string | null;
  /** Progress, 0..100, and when work really started and finished ("YYYY-MM-DD"). */
  percentComplete: number;
  actualStart: string | null;
  actualFinish: string | null;
  startDate: DateLike;
  dueDate: DateLike;
};

/** A dependency as the scheduler reads it: the engine's shape (engine.ts), declared once there. */
export type SchedulingDependency = EngineDependency;

/**
 * What scheduleProject reads of a task: a SchedulingTask, whose parentId a caller that knows no
 * outline (a file's tasks, a test's) may leave out: the task then sits at the top level.
 */
export type SchedulingTaskInput = Omit<
  SchedulingTask,
  | "parentId"
  | "constraintType"
  | "constraintDate"
  | "deadline"
  | "percentComplete"
  | "actualStart"
  | "actualFinish"
> & {
  parentId?: number | null;
  constraintType?: ConstraintType | null;
  constraintDate?: DateLike;
  deadline?: DateLike;
  percentComplete?: number;
  actualStart?: DateLike;
  actualFinish?: DateLike;
};

/** The constraints whose date is a start; the others' (and a deadline's) is the last day worked. */
const START_CONSTRAINTS = new Set<ConstraintType>(["SNET", "SNLT", "MSO"]);

/** A task's constraint in working days, or null for ASAP or a dated type without its date. */
function constraintOf(task: SchedulingTaskInput, calendar: WorkingCalendar): EngineConstraint | null {
  const type = task.constraintType;
  if (!type || type === "ASAP") return null;
  if (type === "ALAP") return { type, day: null };
  if (!hasDate(task.constraintDate ?? null)) return null;
  const date = task.constraintDate as string | Date;
  return {
    type,
    day: START_CONSTRAINTS.has(type) ? calendar.dayOnOrAfter(date) : calendar.dayOnOrBefore(date),
  };
}

/** A scheduled task's dates as the API answers them (`schedule` on a task). */
export type TaskSchedule = {
  start: string;
  finish: string;
  lateStart: string;
  lateFinish: string;
  /** Working days; negative when a constraint or deadline is missed. */
  totalFloat: number;
  critical: boolean;
} & Partial<ScheduleExplanation>;

export type ProjectSchedule = {
  /** Per task id; null for a task that is not scheduled. */
  tasks: Map<number, TaskSchedule | null>;
  /** The project's finish date, null when no task is scheduled. */
  finish: string | null;
  calendar: WorkingCalendar;
  result: EngineResult;
};

const hasDate = (value: DateLike): value is string | Date => value !== null && value !== "";

/** A task's engine input: a manual task's boundaries come from its own dates. */
export function engineTaskOf(task: SchedulingTaskInput, calendar: WorkingCalendar): EngineTask {
  const manual = task.schedulingMode === "manual";
  const actualStart = hasDate(task.actualStart ?? null) ? (task.actualStart as string | Date) : null;
  const actualFinish =
    actualStart && hasDate(task.actualFinish ?? null) ? (task.actualFinish as string | Date) : null;
  // A manual task's actual dates are its dates.
  const startDate = manual && actualStart ? actualStart : task.startDate;
  const dueDate = manual && actualFinish ? actualFinish : task.dueDate;
  return {
    id: task.id,
    parentId: task.parentId ?? null,
    duration: task.duration,
    mode: task.schedulingMode,
    notBefore: task.startNoEarlierThan ? calendar.dayOnOrAfter(task.startNoEarlierThan) : null,
    manualStart: manual && hasDate(startDate) ? calendar.dayOnOrAfter(startDate) : null,
    manualFinish: manual && hasDate(dueDate) ? calendar.dayOnOrBefore(dueDate) + 1 : null,
    constraint: constraintOf(task, calendar),
    deadline: hasDate(task.deadline ?? null) ? calendar.dayOnOrBefore(task.deadline as string | Date) : null,
    actualStart: !manual && actualStart ? calendar.dayOnOrAfter(actualStart) : null,
    actualFinish: !manual && actualFinish ? calendar.dayOnOrBefore(actualFinish) + 1 : null,
  };
}

/**
 * The dates of the boundaries s..f: the start is working day s, the finish the last day worked
 * (f - 1); a milestone (s = f) falls at the end of day f - 1, or on day 0 when f is 0.
 */
export function datesOfBoundaries(calendar: WorkingCalendar, start: number, finish: number) {
  return {
    start: calendar.dateOf(firstDayOf(start, finish)),
    finish: calendar.dateOf(lastDayOf(start, finish)),
  };
}

/** The working day the start date of the boundaries s..f names. */
const firstDayOf = (start: number, finish: number) => (finish <= start ? lastDayOf(start, finish) : start);

/** The working day the finish date of the boundaries s..f names (a milestone's: its one day). */
const lastDayOf = (start: number, finish: number) =>
  finish <= start ? (finish === 0 ? 0 : finish - 1) : finish - 1;

/**
 * Schedules a project's tasks on its calendar. A summary's dates are its roll-up: from the earliest
 * start date below it (a milestone's is its day) to the latest finish; null when no task below it
 * is scheduled.
 * @example scheduleProject(calendar, tasks, dependencies).tasks.get(7)?.finish // "2026-12-04"
 */
export function scheduleProject(
  projectCalendar: ProjectCalendar,
  tasks: readonly SchedulingTaskInput[],
  dependencies: readonly (SchedulingDependency & { id?: number })[],
  /**
   * `explain`: each schedule also says its free float, what drives its start and its conflict
   * (schedule-explanation.ts), as answers do; a write planning what moves leaves it out.
   */
  { explain = false }: { explain?: boolean } = {},
): ProjectSchedule {
  const calendar = new WorkingCalendar(projectCalendar);
  const result = scheduleTasks(
    tasks.map((task) => engineTaskOf(task, calendar)),
    dependencies as readonly EngineDependency[],
  );
  const schedules = new Map<number, TaskSchedule | null>();
  const { ids, scheduled, summary, earlyStart, earlyFinish, lateStart, lateFinish, startDay } = result;
  const behind = explain
    ? lateTasks(result, tasks, calendar, projectCalendar.statusDate ?? todayUtc())
    : null;
  for (let slot = 0; slot < ids.length; slot++) {
    if (!scheduled[slot]) {
      schedules.set(ids[slot], null);
      continue;
    }
    // A summary's float is MS Project's: the less of its late start's and late finish's margins.
    const totalFloat = summary[slot]
      ? Math.min(lateStart[slot] - earlyStart[slot], lateFinish[slot] - earlyFinish[slot])
      : lateStart[slot] - earlyStart[slot];
    // datesOfBoundaries's dates, without its two objects per task; explained, made whole at once.
    const start = calendar.dateOf(startDay[slot]);
    const finish = calendar.dateOf(lastDayOf(earlyStart[slot], earlyFinish[slot]));
    const lateStartDate = calendar.dateOf(firstDayOf(lateStart[slot], lateFinish[slot]));
    const lateFinishDate = calendar.dateOf(lastDayOf(lateStart[slot], lateFinish[slot]));
    schedules.set(
      ids[slot],
      explain
        ? {
            start,
            finish,
            lateStart: lateStartDate,
            lateFinish: lateFinishDate,
            totalFloat,
            critical: totalFloat <= 0,
            freeFloat: result.freeFloat[slot],
            drivenBy: drivenByOf(result, slot, dependencies),
            conflict: result.conflict[slot] !== 0,
            conflictReason:
              result.conflict[slot] === 0
                ? null
                : conflictWords(result.conflict[slot], tasks[slot], start, finish),
            late: behind?.[slot] === 1,
          }
        : {
            start,
            finish,
            lateStart: lateStartDate,
            lateFinish: lateFinishDate,
            totalFloat,
            critical: totalFloat <= 0,
          },
    );
  }
  const finish =
    result.finish === null ? null : datesOfBoundaries(calendar, result.finish, result.finish).finish;
  return { tasks: schedules, finish, calendar, result };
}

/** The dates a task shows, as the preview compares them. */
export type ScheduledDates = { start: string; finish: string };

/** One task a change moves, as the dry run answers it. */
export type MovedTask = {
  id: number;
  from: ScheduledDates | null;
  to: ScheduledDates;
  /**
   * In a plan's preview: the prerequisite whose link now drives its start (null: its own inputs
   * or its constraint do). Following `by` through the moved tasks names the chain that moved it.
   */
  by?: number | null;
};

/** What a change would move: `?dryRun=true`'s `preview`. */
export type SchedulePreview = {
  moved: MovedTask[];
  finish: { from: string | null; to: string | null };
};

/**
 * The tasks whose dates differ between two schedules (`before` by id; a task missing from it or
 * null there was not scheduled), ordered by id.
 * @example movedTasks(new Map([[1, { start: "2026-01-05", finish: "2026-01-05" }]]), schedule)
 */
export function movedTasks(
  before: ReadonlyMap<number, ScheduledDates | null>,
  after: ReadonlyMap<number, TaskSchedule | null>,
): MovedTask[] {
  const moved: MovedTask[] = [];
  for (const [id, schedule] of after) {
    if (!schedule) continue;
    const from = before.get(id) ?? null;
    if (from && from.start === schedule.start && from.finish === schedule.finish) continue;
    moved.push({ id, from, to: { start: schedule.start, finish: schedule.finish } });
  }
  return moved.sort((a, b) => a.id - b.id);
}
