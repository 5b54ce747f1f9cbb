// While a scheduled task's bar is dragged, the tasks it moves move with it: each step of the drag
// is planned as the server will plan the write (core/scheduling/plan.ts), on the project's calendar,
// so the dependents the drop would move are drawn where they will land before anything is sent.
import type { ProjectCalendar } from "../scheduling/calendar";
import { planTaskWrite, ScheduleOutOfRangeError, type SchedulePlanState } from "../scheduling/plan";
import type { ScheduledDates, SchedulingTask } from "../scheduling/project-schedule";
import type { DependencyDto } from "../schemas/dependencies";
import type { ScheduledTaskDto } from "../schemas/tasks";
import type { BarDateChanges } from "./bar-edits";
import { scheduledBarWrite } from "./scheduled-bars";

type PlannedTask = Pick<
  ScheduledTaskDto,
  | "id"
  | "parentId"
  | "duration"
  | "schedulingMode"
  | "startNoEarlierThan"
  | "constraintType"
  | "constraintDate"
  | "deadline"
  | "percentComplete"
  | "actualStart"
  | "actualFinish"
  | "startDate"
  | "dueDate"
  | "snoozeUntil"
> &
  Partial<Pick<ScheduledTaskDto, "schedule">>;

/** The dates of the other tasks a dragged bar moves, by id (the dragged task left out). */
export type DragPlanner = (taskId: number, changes: BarDateChanges) => Map<number, ScheduledDates>;

/**
 * A planner for one state of the project: what dropping a scheduled task's bar with these changes
 * would move. Built once per change of the data; each call copies the task map (O(tasks)) and
 * runs the engine once or twice, linear in the plan's size.
 * @example dragPlanner(calendar, tasks, dependencies)(7, { startDate: may4, dueDate: may9 }).get(8)
 * // { start: "2026-05-11", finish: "2026-05-12" }
 */
export function dragPlanner(
  calendar: ProjectCalendar,
  tasks: readonly PlannedTask[],
  dependencies: readonly Pick<DependencyDto, "id" | "sourceTaskId" | "targetTaskId" | "type" | "lag">[],
): DragPlanner {
  const inputs = new Map<number, SchedulingTask>();
  const stored = new Map<number, ScheduledDates | null>();
  const byId = new Map<number, PlannedTask>();
  let finish: string | null = null;
  for (const task of tasks) {
    byId.set(task.id, task);
    inputs.set(task.id, {
      id: task.id,
      parentId: task.parentId,
      duration: task.duration,
      schedulingMode: task.schedulingMode,
      startNoEarlierThan: task.startNoEarlierThan,
      constraintType: task.constraintType,
      constraintDate: task.constraintDate,
      deadline: task.deadline,
      percentComplete: task.percentComplete,
      actualStart: task.actualStart,
      actualFinish: task.actualFinish,
      startDate: task.startDate,
      dueDate: task.dueDate,
    });
    const schedule = task.schedule ?? null;
    stored.set(task.id, schedule && { start: schedule.start, finish: schedule.finish });
    if (schedule && (finish === null || schedule.finish > finish)) finish = schedule.finish;
  }
  const links = new Map(
    dependencies.map((dependency) => [
      dependency.id,
      {
        sourceTaskId: dependency.sourceTaskId,
        targetTaskId: dependency.targetTaskId,
        type: dependency.type ?? "FS",
        lag: dependency.lag ?? 0,
      },
    ]),
  );
  return (taskId, changes) => {
    const task = byId.get(taskId);
    const current = inputs.get(taskId);
    if (!task?.schedule || !current) return new Map();
    const state: SchedulePlanState = {
      calendar,
      tasks: new Map(inputs),
      dependencies: links,
      stored,
      finishBefore: finish,
    };
    let plan: ReturnType<typeof planTaskWrite>["plan"];
    try {
      plan = planTaskWrite(state, current, scheduledBarWrite(task, changes)).plan;
    } catch (error) {
      // A drag past 9999-12-31 moves nothing under the pointer; the server refuses its write.
      if (error instanceof ScheduleOutOfRangeError) return new Map();
      throw error;
    }
    const moved = new Map<number, ScheduledDates>();
    for (const move of plan.preview.moved) if (move.id !== taskId) moved.set(move.id, move.to);
    return moved;
  };
}
