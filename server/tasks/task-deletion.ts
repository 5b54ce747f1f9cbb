// Deleting a task as a command (server/commands/command.ts), run by DELETE /api/tasks/{id} and by
// the undo of a task's creation: a summary's subtree and every dependency of the tasks deleted go
// with it, dependents are rescheduled, and the entry keeps the rows and the dependencies so an
// undo brings them all back.
import { planSchedule } from "@core/scheduling/plan";
import { buildOutline } from "@core/tasks/outline";
import { inArray, or } from "drizzle-orm";
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
import { outlineRows } from "./task-outline";
import { hasChildren } from "./task-rules";

/**
 * Deletes a task, and a summary with its subtree (dependents rescheduled), and records it. A dry
 * run throws the preview of what the deletion moves before writing anything. Its events: the tasks
 * gone, then the tasks it moved.
 */
export const deleteTask: Command<{ task: Task }, Task> = async ({ tx, actor, dryRun, mark }, { task }) => {
  // Its dependencies go with it (a trigger locks the project's row): project first, then tasks.
  await lockProject(tx, task.projectId);
  // Only a summary reads the project's outline for its subtree: a leaf's deletion stays one row.
  const below = (await hasChildren(tx, task.id))
    ? buildOutline(await outlineRows(tx, task.projectId)).descendantsOf(task.id)
    : [];
  const ids = [task.id, ...below];
  const lost = await tx
    .select()
    .from(dependencies)
    .where(or(inArray(dependencies.sourceTaskId, ids), inArray(dependencies.targetTaskId, ids)))
    .orderBy(dependencies.id);
  let writes = new Map<number, { start: string; finish: string }>();
  let moves = [] as ReturnType<typeof storedMoves>;
  // Tasks without a duration are not scheduled: deleting them moves nothing.
  const scheduled = task.duration !== null || below.length > 0;
  if (dryRun && !scheduled) throw new DryRun(previewOfNothing());
  if (scheduled) {
    const state = await loadSchedulingState(tx, task.projectId);
    for (const id of ids) removeTask(state, id);
    const plan = planSchedule(state);
    if (dryRun) throw new DryRun(plan.preview);
    writes = plan.writes;
    moves = storedMoves(plan);
  }
  await lockTasksInIdOrder(tx, [...ids, ...writes.keys()]);
  // The rows as they are deleted (not as read before the transaction) are what an undo restores.
  const deleted = await tx.delete(tasks).where(inArray(tasks.id, ids)).returning();
  const root = deleted.find((row) => row.id === task.id);
  if (!root) throw notFound(TASK_NOT_FOUND);
  await storeScheduledDates(tx, writes);
  const rows = new Map(deleted.map((row) => [row.id, row]));
  const subtree = below.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toTaskDto(row)] : [];
  });
  const restore: TaskRestore = {
    task: toTaskDto(root),
    dependencies: lost.map(toDependencyDto),
    ...(subtree.length > 0 ? { subtree } : {}),
  };
  const activityId = await recordTaskActivity(
    tx,
    actor.id,
    "task.deleted",
    { task: restore.task, changes: {}, moves, restore },
    mark,
  );
  const moved = [...writes.keys()];
  const events: CommandEvent[] = [{ type: "task.deleted", projectId: task.projectId, taskIds: ids }];
  if (moved.length > 0) events.push({ type: "task.updated", projectId: task.projectId, taskIds: moved });
  return { value: root, activityId, event: events };
};
