import type { ActivityAction } from "@core/schemas/activity";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { uniqueViolationOf } from "../auth/users";
import { type Category, categories, projects, tasks } from "../db/schema";
import { projectWire, toCategoryDto } from "../lib/serialize";
import { lockProject, lockTasksInIdOrder, reschedule } from "../scheduling/rescheduler";
import { fieldChanges } from "./activity-log";
import { PROJECT_ACTIVITY_FIELDS, recordCategoryActivity, recordProjectActivity } from "./record-writes";
import { changedSince, type Reverter, staleField, staleRow } from "./reverter";

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
  "category.created": undoCategoryCreated,
  "category.deleted": undoCategoryDeleted,
  "category.updated": undoCategoryUpdated,
  "project.updated": undoProjectUpdated,
};
