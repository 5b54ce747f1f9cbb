// Undoing task writes: a created task is deleted, a deleted one comes back with its id, its fields
// and the dependencies it had (to tasks that still exist, when no cycle forbids it), an update's
// fields go back to their `before` values, a reorder or a move of cards puts each task back. The
// scheduler runs in the same transaction, as in the routes, and the undo records its own entry.

import { planSchedule, type SchedulingChanges } from "@core/scheduling/plan";
import type { ActivityAction } from "@core/schemas/activity";
import { ENTRY_NOT_FOUND } from "@core/schemas/activity";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { taskDateProblems } from "@core/schemas/tasks";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, dependencies, projects, type Task, tasks } from "../db/schema";
import { ProjectEdges } from "../dependencies/project-edges";
import { definedOf } from "../lib/defined-fields";
import { conflict, notFound } from "../lib/errors";
import { toTaskDto } from "../lib/serialize";
import {
  loadSchedulingState,
  lockAndReadTasks,
  lockProject,
  lockTasksInIdOrder,
  storedMoves,
  storeScheduledDates,
} from "../scheduling/rescheduler";
import { changesSchedule, datesToJudge, schedulingTaskOf } from "../scheduling/task-changes";
import { type TaskFieldChanges, updateTask } from "../tasks/task-commands";
import { deleteTask } from "../tasks/task-deletion";
import { type LayoutAction, type LayoutInput, setTaskLayout } from "../tasks/task-layout";
import { isAssignable } from "../tasks/task-rules";
import { recordTaskActivity, type TaskRestore } from "./record-writes";
import { asReverted, beforeValues, type Reverter, staleField, staleRow } from "./reverter";

/** Timestamps on the wire are ISO strings; the row holds Dates. */
const TIMESTAMPS = new Set(["completedAt", "startDate", "snoozeUntil", "dueDate", "createdAt", "updatedAt"]);
const toStored = (field: string, value: unknown) =>
  TIMESTAMPS.has(field) && typeof value === "string" ? new Date(value) : value;

/**
 * Layout the graph and the list change freely: an undo of a task's creation does not compare it
 * (a card someone dragged does not block it). An update's undo compares and restores the layout
 * its entry changed (a card dragged by mistake goes back), and no other.
 */
const LAYOUT = new Set(["positionX", "positionY", "width", "height", "order"]);
const NEVER_RESTORED = new Set(["projectId", "updatedAt", "createdAt"]);

/** An auto task with a duration: its dates are the scheduler's, never a person's to compare. */
const scheduled = (task: Pick<TaskDto, "duration" | "schedulingMode">) =>
  task.duration !== null && task.schedulingMode === "auto";

/** The first field of `expected` that `current` no longer holds, if any. */
function changedField(
  current: TaskDto,
  expected: Record<string, unknown>,
  { layout }: { layout: boolean },
): string | undefined {
  const derivedDates = scheduled(current);
  return Object.keys(expected).find((field) => {
    if (NEVER_RESTORED.has(field) || (!layout && LAYOUT.has(field))) return false;
    if (derivedDates && (field === "startDate" || field === "dueDate")) return false;
    return (
      JSON.stringify(current[field as keyof TaskDto] ?? null) !== JSON.stringify(expected[field] ?? null)
    );
  });
}

async function currentTask(tx: Database, id: number): Promise<Task | undefined> {
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, id));
  return task;
}

const undoCreate: Reverter = async ({ tx, entry, actor, mark }) => {
  await lockProject(tx, entry.projectId);
  const task = entry.taskId === null ? undefined : await currentTask(tx, entry.taskId);
  if (!task) throw staleRow(`the task “${entry.subject}” no longer exists.`);
  const created = (entry.restore as { task?: TaskDto } | null)?.task;
  // Deleted from another project it was moved to? Not from here.
  if (task.projectId !== entry.projectId)
    throw staleRow(`the task “${task.name}” is in another project now.`);
  const field = created ? changedField(toTaskDto(task), created, { layout: false }) : undefined;
  if (field) throw staleField(field, task.name);
  return asReverted(await deleteTask({ tx, actor, dryRun: false, mark }, { task }));
};

/** A deleted task's dependencies that can come back: both ends there, not present, no cycle. */
async function restorableDependencies(
  tx: Database,
  projectId: number,
  restoredTaskId: number,
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
  const alive = new Set([restoredTaskId, ...existing.map((row) => row.id)]);
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

const undoDelete: Reverter = async ({ tx, entry, actor, mark }) => {
  const restore = entry.restore as TaskRestore | null;
  if (!restore) throw staleRow("this deletion kept nothing to restore.");
  const { task: dto } = restore;
  const [project] = await tx.select().from(projects).where(eq(projects.id, entry.projectId)).for("update");
  if (!project) throw notFound(ENTRY_NOT_FOUND);
  if (await currentTask(tx, dto.id)) throw staleRow(`the task “${dto.name}” is already back.`);
  // What no longer exists is left out: a deleted category, an assignee who left the project.
  const row = Object.fromEntries(
    Object.entries(dto).map(([field, value]) => [field, toStored(field, value)]),
  ) as Task;
  if (row.categoryId !== null) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, row.categoryId), eq(categories.projectId, project.id)));
    if (!category) row.categoryId = null;
  }
  if (!(await isAssignable(tx, project, row.assigneeId))) row.assigneeId = null;
  row.projectId = project.id;
  const links = await restorableDependencies(tx, project.id, dto.id, restore.dependencies);

  // Planned before any task is written, so the moved rows are locked in id order first.
  const state = await loadSchedulingState(tx, project.id);
  state.tasks.set(row.id, schedulingTaskOf(row));
  state.stored.set(row.id, null);
  for (const link of links) state.dependencies.set(link.id, link);
  const plan = planSchedule(state);
  await lockTasksInIdOrder(
    tx,
    [...plan.writes.keys()].filter((id) => id !== row.id),
  );
  const { updatedAt: _updatedAt, ...values } = row;
  await tx.insert(tasks).values(values);
  if (links.length > 0)
    await tx
      .insert(dependencies)
      .values(links.map(({ projectId: _p, ...link }) => ({ ...link, projectId: project.id })));
  await storeScheduledDates(tx, project.id, plan.writes);
  const [restored] = await tx.select().from(tasks).where(eq(tasks.id, row.id));
  const after = toTaskDto(restored);
  const activityId = await recordTaskActivity(
    tx,
    actor.id,
    "task.created",
    { task: after, changes: {}, moves: storedMoves(plan), restore: { task: after } },
    mark,
  );
  return {
    activityId,
    event: {
      type: "task.created",
      taskIds: [row.id, ...plan.writes.keys()],
      dependencyIds: links.map((link) => link.id),
    },
  };
};

const undoUpdate: Reverter = async ({ tx, entry, actor, mark }) => {
  // The project first, as every scheduling write: the checks below then see what the write meets.
  await lockProject(tx, entry.projectId);
  const task = entry.taskId === null ? undefined : await currentTask(tx, entry.taskId);
  if (!task) throw staleRow(`the task “${entry.subject}” no longer exists.`);
  if (task.projectId !== entry.projectId)
    throw staleRow(`the task “${task.name}” is in another project now.`);
  const current = toTaskDto(task);
  const afters = Object.fromEntries(
    Object.entries(entry.changes).map(([field, [, after]]) => [field, after]),
  );
  const field = changedField(current, afters, { layout: true });
  if (field) throw staleField(field, task.name);

  // The `before` values, less what the scheduler sets: an auto task with a duration gets its dates
  // from the plan, as on every write.
  const befores = Object.fromEntries(
    Object.entries(entry.changes)
      .filter(([name]) => !NEVER_RESTORED.has(name))
      .map(([name, [before]]) => [name, toStored(name, before)]),
  ) as Partial<Task>;
  const restored = {
    ...current,
    ...Object.fromEntries(Object.entries(entry.changes).map(([n, [b]]) => [n, b])),
  };
  if (scheduled(restored as TaskDto)) {
    delete befores.startDate;
    delete befores.dueDate;
  }
  if (befores.categoryId) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, befores.categoryId), eq(categories.projectId, task.projectId)));
    if (!category) throw staleRow(`the category “${task.name}” was in no longer exists.`);
  }
  // The date rules a write is judged by (spec section 5): someone may have moved another date since.
  const [problem] = taskDateProblems(
    datesToJudge(task, befores as SchedulingChanges & { snoozeUntil?: Date | null }),
  );
  if (problem) throw conflict(`Cannot undo: ${problem.message}`, "stale", { field: problem.field });
  const [project] = await tx.select().from(projects).where(eq(projects.id, task.projectId));
  if (befores.assigneeId !== undefined && !(await isAssignable(tx, project, befores.assigneeId ?? null)))
    throw staleRow(`the person “${task.name}” was assigned to is no longer a member.`);

  // The task's own command writes them back. Only a change of a scheduling input runs the
  // scheduler (a rename's undo reads no plan); then the constraint goes back as it was, null
  // included: a restored duration must not pin the task where it stands now (planTaskWrite would,
  // for a task given its first duration).
  const { completed, completedAt, status, ...fields } = befores;
  if (changesSchedule(task, befores as SchedulingChanges) && !("startNoEarlierThan" in fields))
    fields.startNoEarlierThan = task.startNoEarlierThan;
  const completion = definedOf({ completed, completedAt, status });
  return asReverted(
    await updateTask(
      { tx, actor, dryRun: false, mark },
      { task, target: project, fields: fields as TaskFieldChanges, completion },
    ),
  );
};

/**
 * Puts each task of a reorder or of moved cards back, with the same command; 409 naming the first
 * that changed since. A task deleted or moved to another project since has nothing to put back.
 */
function undoItems(action: LayoutAction): Reverter {
  return async ({ tx, entry, actor, mark }) => {
    await lockProject(tx, entry.projectId);
    const ids = entry.items.map((item) => item.taskId);
    const held = await lockAndReadTasks<Record<string, unknown>>(
      tx,
      ids,
      sql`"order", position_x as "positionX", position_y as "positionY", project_id as "projectId"`,
    );
    const rows = new Map(held.filter((row) => row.projectId === entry.projectId).map((row) => [row.id, row]));
    const items: LayoutInput["items"] = [];
    for (const item of entry.items) {
      const row = rows.get(item.taskId);
      if (!row) continue;
      const values = beforeValues(row, item.changes, row.name) as LayoutInput["items"][number]["values"];
      items.push({ taskId: item.taskId, values });
    }
    return asReverted(
      await setTaskLayout({ tx, actor, dryRun: false, mark }, { projectId: entry.projectId, action, items }),
    );
  };
}

export const taskReverters: Partial<Record<ActivityAction, Reverter>> = {
  "task.created": undoCreate,
  "task.deleted": undoDelete,
  "task.updated": undoUpdate,
  "tasks.reordered": undoItems("tasks.reordered"),
  "tasks.positioned": undoItems("tasks.positioned"),
};
