// Deleting a task as a command (server/commands/command.ts), run by DELETE /api/tasks/{id} and by
// the undo of a task's creation: its dependencies go with it, its dependents are rescheduled, and
// the entry keeps the row and the dependencies so an undo can bring them back.
import { planSchedule } from "@core/scheduling/plan";
import { eq, or } from "drizzle-orm";
import { TASK_NOT_FOUND } from "../access/access-level";
import { recordTaskActivity, type TaskRestore } from "../activity/record-writes";
import type { Command, CommandEvent } from "../commands/command";
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

/**
 * Deletes a task (its dependents rescheduled) and records it. A dry run throws the preview of what
 * the deletion moves before writing anything. Its events: the task gone, then the tasks it moved.
 */
export const deleteTask: Command<{ task: Task }, Task> = async ({ tx, actor, dryRun, mark }, { task }) => {
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
    actor.id,
    "task.deleted",
    { task: restore.task, changes: {}, moves, restore },
    mark,
  );
  const moved = [...writes.keys()];
  const events: CommandEvent[] = [{ type: "task.deleted", projectId: task.projectId, taskIds: [task.id] }];
  if (moved.length > 0) events.push({ type: "task.updated", projectId: task.projectId, taskIds: moved });
  return { value: deleted, activityId, event: events };
};
