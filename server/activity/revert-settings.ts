import type { ActivityAction } from "@core/schemas/activity";
import type { DependencyDto } from "@core/schemas/projects";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { uniqueViolationOf } from "../auth/users";
import { type Category, categories, dependencies, projects, tasks } from "../db/schema";
import { ProjectEdges } from "../dependencies/project-edges";
import { projectWire, toCategoryDto, toDependencyDto } from "../lib/serialize";
import { lockProject, lockTasksInIdOrder, reschedule } from "../scheduling/rescheduler";
import { fieldChanges } from "./activity-log";
import {
  PROJECT_ACTIVITY_FIELDS,
  recordCategoryActivity,
  recordDependencyActivity,
  recordProjectActivity,
} from "./record-writes";
import { type Reverter, staleField, staleRow } from "./reverter";

const restoredDependency = (restore: unknown) => (restore as { dependency: DependencyDto }).dependency;

/** The first of `fields` whose current value is not what the entry left. */
export function changedSince(current: Record<string, unknown>, changes: Record<string, [unknown, unknown]>) {
  return Object.keys(changes).find(
    (field) => JSON.stringify(current[field] ?? null) !== JSON.stringify(changes[field][1] ?? null),
  );
}

const undoDependencyCreated: Reverter = async ({ tx, entry, actor, mark }) => {
  const wanted = restoredDependency(entry.restore);
  await lockProject(tx, entry.projectId);
  const [current] = await tx.select().from(dependencies).where(eq(dependencies.id, wanted.id));
  if (!current) throw staleRow(`the dependency “${entry.subject}” no longer exists.`);
  const field = changedSince(toDependencyDto(current), {
    type: [null, wanted.type],
    lag: [null, wanted.lag],
  });
  if (field) throw staleField(field, entry.subject);
  const rescheduling = await reschedule(tx, entry.projectId, false, (state) => {
    state.dependencies.delete(current.id);
  });
  await tx.delete(dependencies).where(eq(dependencies.id, current.id));
  await rescheduling.store();
  const activityId = await recordDependencyActivity(
    tx,
    actor.id,
    "dependency.deleted",
    { dependency: current, changes: {}, moves: rescheduling.moves },
    mark,
  );
  return {
    activityId,
    event: {
      type: "dependency.deleted",
      dependencyIds: [current.id],
      taskIds: [current.sourceTaskId, current.targetTaskId, ...rescheduling.moved],
    },
  };
};

const undoDependencyDeleted: Reverter = async ({ tx, entry, actor, mark }) => {
  const wanted = restoredDependency(entry.restore);
  await lockProject(tx, entry.projectId);
  const ends = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, entry.projectId),
        inArray(tasks.id, [wanted.sourceTaskId, wanted.targetTaskId]),
      ),
    );
  if (ends.length < 2) throw staleRow(`a task of “${entry.subject}” no longer exists.`);
  const present = await tx
    .select({
      id: dependencies.id,
      sourceTaskId: dependencies.sourceTaskId,
      targetTaskId: dependencies.targetTaskId,
    })
    .from(dependencies)
    .where(eq(dependencies.projectId, entry.projectId));
  const edges = new ProjectEdges(0, present);
  if (edges.has(wanted.sourceTaskId, wanted.targetTaskId) || present.some((d) => d.id === wanted.id))
    throw staleRow(`the dependency “${entry.subject}” exists again.`);
  if (edges.cycleClosedBy(wanted.sourceTaskId, wanted.targetTaskId))
    throw staleRow(`“${entry.subject}” would now close a cycle.`);
  const rescheduling = await reschedule(tx, entry.projectId, false, (state) => {
    state.dependencies.set(wanted.id, wanted);
  });
  const [row] = await tx
    .insert(dependencies)
    .values({ ...wanted, projectId: entry.projectId })
    .returning();
  await rescheduling.store();
  const activityId = await recordDependencyActivity(
    tx,
    actor.id,
    "dependency.created",
    { dependency: row, changes: {}, moves: rescheduling.moves },
    mark,
  );
  return {
    activityId,
    event: {
      type: "dependency.created",
      dependencyIds: [row.id],
      taskIds: [row.sourceTaskId, row.targetTaskId, ...rescheduling.moved],
    },
  };
};

const undoDependencyUpdated: Reverter = async ({ tx, entry, actor, mark }) => {
  const { id } = restoredDependency(entry.restore);
  await lockProject(tx, entry.projectId);
  const [current] = await tx.select().from(dependencies).where(eq(dependencies.id, id));
  if (!current) throw staleRow(`the dependency “${entry.subject}” no longer exists.`);
  const field = changedSince(toDependencyDto(current), entry.changes);
  if (field) throw staleField(field, entry.subject);
  const back = Object.fromEntries(Object.entries(entry.changes).map(([name, [before]]) => [name, before]));
  const rescheduling = await reschedule(tx, entry.projectId, false, (state) => {
    const dependency = state.dependencies.get(id);
    if (dependency) state.dependencies.set(id, { ...dependency, ...back });
  });
  // A write that changed nothing has nothing to put back (and an update needs a field to set).
  const [row] =
    Object.keys(back).length === 0
      ? [current]
      : await tx.update(dependencies).set(back).where(eq(dependencies.id, id)).returning();
  await rescheduling.store();
  const changes = fieldChanges(toDependencyDto(current), toDependencyDto(row), ["type", "lag"]);
  const activityId = await recordDependencyActivity(
    tx,
    actor.id,
    "dependency.updated",
    { dependency: row, changes, moves: rescheduling.moves },
    mark,
  );
  return {
    activityId,
    event: {
      type: "dependency.updated",
      dependencyIds: [id],
      taskIds: [row.sourceTaskId, row.targetTaskId, ...rescheduling.moved],
    },
  };
};

type CategoryRestore = {
  category: ReturnType<typeof toCategoryDto> & { projectId: number };
  taskIds: number[];
};

/** A category write, with the per-project name uniqueness as a 409 naming the clash. */
async function withCategoryName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error)?.includes("categories_project_name"))
      throw staleRow(`a category named “${name}” exists now.`);
    throw error;
  }
}

const undoCategoryCreated: Reverter = async ({ tx, entry, actor, mark }) => {
  const { category: wanted } = entry.restore as CategoryRestore;
  const [current] = await tx.select().from(categories).where(eq(categories.id, wanted.id));
  if (!current) throw staleRow(`the category “${entry.subject}” no longer exists.`);
  const field = changedSince(toCategoryDto(current), {
    name: [null, wanted.name],
    color: [null, wanted.color],
  });
  if (field) throw staleField(field, entry.subject);
  // In id order, as every write of several tasks locks them.
  const held = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.categoryId, current.id))
    .orderBy(asc(tasks.id))
    .for("update");
  await tx.delete(categories).where(eq(categories.id, current.id));
  const taskIds = held.map((task) => task.id);
  const activityId = await recordCategoryActivity(
    tx,
    actor.id,
    "category.deleted",
    { category: current, changes: {}, taskIds },
    mark,
  );
  return { activityId, event: { type: "category.deleted", categoryIds: [current.id], taskIds } };
};

const undoCategoryDeleted: Reverter = async ({ tx, entry, actor, mark }) => {
  const { category: wanted, taskIds } = entry.restore as CategoryRestore;
  const [again] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, wanted.id));
  if (again) throw staleRow(`the category “${wanted.name}” is already back.`);
  // Its tasks get it back unless they took another category since.
  await lockTasksInIdOrder(tx, taskIds);
  const row: Category = await withCategoryName(wanted.name, async () => {
    const [inserted] = await tx
      .insert(categories)
      .values({ id: wanted.id, projectId: entry.projectId, name: wanted.name, color: wanted.color })
      .returning();
    return inserted;
  });
  const back =
    taskIds.length === 0
      ? []
      : await tx
          .update(tasks)
          // A new version of each task, so a dialog holding the old one hears of the change.
          .set({ categoryId: row.id, updatedAt: sql`now()` })
          .where(
            and(inArray(tasks.id, taskIds), eq(tasks.projectId, entry.projectId), isNull(tasks.categoryId)),
          )
          .returning({ id: tasks.id });
  const ids = back.map((task) => task.id);
  const activityId = await recordCategoryActivity(
    tx,
    actor.id,
    "category.created",
    { category: row, changes: {}, taskIds: ids },
    mark,
  );
  return { activityId, event: { type: "category.created", categoryIds: [row.id], taskIds: ids } };
};

const undoCategoryUpdated: Reverter = async ({ tx, entry, actor, mark }) => {
  const { category: wanted } = entry.restore as CategoryRestore;
  const [current] = await tx.select().from(categories).where(eq(categories.id, wanted.id)).for("update");
  if (!current) throw staleRow(`the category “${entry.subject}” no longer exists.`);
  const field = changedSince(toCategoryDto(current), entry.changes);
  if (field) throw staleField(field, entry.subject);
  const back = Object.fromEntries(Object.entries(entry.changes).map(([name, [before]]) => [name, before]));
  const row = await withCategoryName(String(back.name ?? current.name), async () => {
    if (Object.keys(back).length === 0) return current;
    const [updated] = await tx.update(categories).set(back).where(eq(categories.id, current.id)).returning();
    return updated;
  });
  const changes = fieldChanges(toCategoryDto(current), toCategoryDto(row));
  const activityId = await recordCategoryActivity(
    tx,
    actor.id,
    "category.updated",
    { category: row, changes },
    mark,
  );
  return { activityId, event: { type: "category.updated", categoryIds: [row.id] } };
};

const undoProjectUpdated: Reverter = async ({ tx, entry, actor, mark }) => {
  await lockProject(tx, entry.projectId);
  const [before] = await tx.select().from(projects).where(eq(projects.id, entry.projectId));
  const field = changedSince(projectWire.serialize(before), entry.changes);
  if (field) throw staleField(field, before.name);
  const back = Object.fromEntries(
    Object.entries(entry.changes)
      .filter(([name]) => (PROJECT_ACTIVITY_FIELDS as readonly string[]).includes(name))
      .map(([name, [value]]) => [name, value]),
  );
  const calendar = ["startDate", "workingDays", "holidays"].some((name) => name in back);
  const rescheduling = calendar
    ? await reschedule(tx, entry.projectId, false, (state) => {
        state.calendar = { ...state.calendar, ...back };
      })
    : { moved: [], moves: [], store: async () => {} };
  const [after] = await tx
    .update(projects)
    .set({ ...back, updatedAt: new Date() })
    .where(eq(projects.id, entry.projectId))
    .returning();
  await rescheduling.store();
  const activityId = await recordProjectActivity(
    tx,
    actor.id,
    { before, after, moves: rescheduling.moves },
    mark,
  );
  // The project's fields, then the tasks the calendar moved, as PATCH publishes them.
  return { activityId, event: { type: "project.updated", taskIds: rescheduling.moved } };
};

export const settingsReverters: Partial<Record<ActivityAction, Reverter>> = {
  "dependency.created": undoDependencyCreated,
  "dependency.deleted": undoDependencyDeleted,
  "dependency.updated": undoDependencyUpdated,
  "category.created": undoCategoryCreated,
  "category.deleted": undoCategoryDeleted,
  "category.updated": undoCategoryUpdated,
  "project.updated": undoProjectUpdated,
};
