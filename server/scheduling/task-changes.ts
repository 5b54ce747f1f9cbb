// A stored task's scheduling inputs, and the date rules a task write is judged by. How the write's
// fields become scheduling inputs is core/scheduling/plan.ts's planTaskWrite (the client plans a
// dragged bar with it too): the dates an auto task with a duration stores are the scheduler's; a
// task without a duration keeps its dates as sent.
import { dayOf, type SchedulingChanges } from "@core/scheduling/plan";
import type { SchedulingTask } from "@core/scheduling/project-schedule";
import { movesSchedule, type TaskChanges } from "@core/schemas/tasks";
import type { Task } from "../db/schema";

/** Whether a write of these fields to this task can move anything (the client asks the same). */
export const changesSchedule = (task: Pick<Task, "duration">, changes: SchedulingChanges) =>
  movesSchedule(task, changes as TaskChanges);

/** The task's scheduling inputs before `changes` (a stored row). */
export function schedulingTaskOf(task: Task): SchedulingTask {
  return {
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
    startDate: dayOf(task.startDate),
    dueDate: dayOf(task.dueDate),
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
