// Bringing a deleted task back as a command (server/commands/command.ts): the inverse of
// deleteTask, run by the undo of a deletion. The task returns with its id and fields, and with the
// dependencies it had to tasks that still exist, where no cycle forbids them; what no longer
// exists is left out (a deleted category, an assignee who left the project). The scheduler plans
// the project with it, and the entry reads as the task's creation.
import { planSchedule } from "@core/scheduling/plan";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { and, eq, inArray } from "drizzle-orm";
import { recordTaskActivity, type TaskRestore } from "../activity/record-writes";
import type { Command } from "../commands/command";
import type { Database } from "../db/client";
import { categories, dependencies, projects, type Task, tasks } from "../db/schema";
import { ProjectEdges } from "../dependencies/project-edges";
import { conflict, notFound } from "../lib/errors";
import { toTaskDto } from "../lib/serialize";
import {
  loadSchedulingState,
  lockTasksInIdOrder,
  storedMoves,
  storeScheduledDates,
} from "../scheduling/rescheduler";
import { schedulingTaskOf } from "../scheduling/task-changes";
import { isAssignable } from "./task-rules";

/** The code of a restore whose task id is taken: the task is back already. */
export const TASK_EXISTS = "task_exists";

/** Timestamps on the wire are ISO strings; the row holds Dates. */
const TIMESTAMPS = new Set(["completedAt", "startDate", "snoozeUntil", "dueDate", "createdAt", "updatedAt"]);

/** A task's wire values as its row stores them. */
export const storedValues = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      TIMESTAMPS.has(field) && typeof value === "string" ? new Date(value) : value,
    ]),
  );

/** Deleted tasks' dependencies that can come back: both ends there, not present, no cycle. */
async function restorableDependencies(
  tx: Database,
  projectId: number,
  restoredTaskIds: readonly number[],
  wanted: DependencyDto[],
) {
  if (wanted.length === 0) return [];
  const present = await tx
    .select({ sourceTaskId: dependencies.sourceTaskId, targetTaskId: dependencies.targetTaskId })
    .from(dependencies)
    .where(eq(dependencies.projectId, projectId));
  const ends = new Set(wanted.flatMap((d) => [d.sourceTaskId, d.targetTaskId]));
  const existing = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), inArray(tasks.id, [...ends])));
  const alive = new Set([...restoredTaskIds, ...existing.map((row) => row.id)]);
  const edges = new ProjectEdges(0, present);
  const kept: DependencyDto[] = [];
  for (const dependency of wanted) {
    const { sourceTaskId, targetTaskId } = dependency;
    if (!alive.has(sourceTaskId) || !alive.has(targetTaskId)) continue;
    if (edges.has(sourceTaskId, targetTaskId) || edges.cycleClosedBy(sourceTaskId, targetTaskId)) continue;
    edges.add(sourceTaskId, targetTaskId);
    kept.push(dependency);
  }
  return kept;
}

/** The row to insert: the recorded task in its project, less what no longer exists there. */
async function rowToRestore(tx: Database, project: typeof projects.$inferSelect, dto: TaskDto) {
  const row = { ...storedValues(dto), projectId: project.id } as Task;
  if (row.categoryId !== null) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, row.categoryId), eq(categories.projectId, project.id)));
    if (!category) row.categoryId = null;
  }
  if (!(await isAssignable(tx, project, row.assigneeId))) row.assigneeId = null;
  return row;
}

/**
 * Restores a deleted task (a summary with its subtree) and the dependencies that can come back;
 * 409 task_exists when one of them is back already. A parent deleted since leaves it at the top.
 */
export const restoreTask: Command<{ projectId: number } & TaskRestore, Task> = async (
  { tx, actor, mark },
  { projectId, task: dto, dependencies: wanted, subtree = [] },
) => {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update");
  if (!project) throw notFound("Project not found.");
  const all = [dto, ...subtree];
  const ids = all.map((each) => each.id);
  const [again] = await tx.select({ id: tasks.id }).from(tasks).where(inArray(tasks.id, ids)).limit(1);
  if (again) throw conflict(`The task “${dto.name}” exists already.`, TASK_EXISTS);
  const rows: Task[] = [];
  for (const each of all) rows.push(await rowToRestore(tx, project, each));
  if (rows[0].parentId !== null) {
    const [parent] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, rows[0].parentId), eq(tasks.projectId, project.id)));
    if (!parent) rows[0].parentId = null;
  }
  const links = await restorableDependencies(tx, project.id, ids, wanted);

  // Planned before any task is written, so the moved rows are locked in id order first.
  const state = await loadSchedulingState(tx, project.id);
  for (const row of rows) {
    state.tasks.set(row.id, schedulingTaskOf(row));
    state.stored.set(row.id, null);
  }
  for (const link of links) state.dependencies.set(link.id, link);
  const plan = planSchedule(state);
  const restoring = new Set(ids);
  await lockTasksInIdOrder(
    tx,
    [...plan.writes.keys()].filter((id) => !restoring.has(id)),
  );
  // Parents before their children: the subtree is recorded in tree order.
  await tx.insert(tasks).values(rows.map(({ updatedAt: _updatedAt, ...values }) => values));
  if (links.length > 0)
    await tx.insert(dependencies).values(links.map((link) => ({ ...link, projectId: project.id })));
  // Their own dates may be among the plan's writes: the rows are read once they are stored.
  await storeScheduledDates(tx, plan.writes);
  const [restored] = await tx.select().from(tasks).where(eq(tasks.id, dto.id));
  const after = toTaskDto(restored);
  const activityId = await recordTaskActivity(
    tx,
    actor.id,
    "task.created",
    { task: after, changes: {}, moves: storedMoves(plan), restore: { task: after } },
    mark,
  );
  return {
    value: restored,
    activityId,
    event: {
      type: "task.created",
      projectId: project.id,
      taskIds: [...ids, ...[...plan.writes.keys()].filter((id) => !restoring.has(id))],
      dependencyIds: links.map((link) => link.id),
    },
  };
};
