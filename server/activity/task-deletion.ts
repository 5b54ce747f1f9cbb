// Deleting a task, shared by DELETE /api/tasks/{id} and the undo of a task's creation: its
// dependencies go with it, its dependents are rescheduled, and the entry keeps the row and the
// dependencies so an undo can bring them back.
import { planSchedule } from "@core/scheduling/plan";
import { eq, or } from "drizzle-orm";
import { TASK_NOT_FOUND } from "../access/access-level";
import type { Database } from "../db/client";
import { dependencies, type Task, tasks } from "../db/schema";
import { notFound } from "../lib/errors";
import { toDependencyDto, toTaskDto } from "../lib/serialize";
import {
  DryRun,
  loadSchedulingState,
  lockProject,
  lockTasksInIdOrder,
  previewOfNothing,
  removeTask,
  storedMoves,
  storeScheduledDates,
} from "../scheduling/rescheduler";
import { recordTaskActivity, type TaskRestore, type UndoMark } from "./record-writes";

/**
 * Deletes the task as DELETE /api/tasks/{id} does (its dependents rescheduled) and records it. With
 * `dryRun` it throws the preview of what the deletion moves (DryRun) before writing anything.
 */
export async function deleteTaskRecorded(
  tx: Database,
  task: Task,
  actorId: number,
  undo?: UndoMark,
  dryRun = false,
) {
  // Its dependencies go with it (a trigger locks the project's row): project first, then tasks.
  await lockProject(tx, task.projectId);
  const lost = await tx
    .select()
    .from(dependencies)
    .where(or(eq(dependencies.sourceTaskId, task.id), eq(dependencies.targetTaskId, task.id)))
    .orderBy(dependencies.id);
  let writes = new Map<number, { start: string; finish: string }>();
  let moves = [] as ReturnType<typeof storedMoves>;
  // A task without a duration is not scheduled: deleting it moves nothing.
  if (dryRun && task.duration === null) throw new DryRun(previewOfNothing());
  if (task.duration !== null) {
    const state = await loadSchedulingState(tx, task.projectId);
    removeTask(state, task.id);
    const plan = planSchedule(state);
    if (dryRun) throw new DryRun(plan.preview);
    writes = plan.writes;
    moves = storedMoves(plan);
    await lockTasksInIdOrder(tx, [task.id, ...writes.keys()]);
  }
  // The row as it is deleted (not as read before the transaction) is what an undo restores.
  const [deleted] = await tx.delete(tasks).where(eq(tasks.id, task.id)).returning();
  if (!deleted) throw notFound(TASK_NOT_FOUND);
  await storeScheduledDates(tx, task.projectId, writes);
  const restore: TaskRestore = { task: toTaskDto(deleted), dependencies: lost.map(toDependencyDto) };
  const activityId = await recordTaskActivity(
    tx,
    actorId,
    "task.deleted",
    { task: restore.task, changes: {}, moves, restore },
    undo,
  );
  return { activityId, moved: [...writes.keys()] };
}
