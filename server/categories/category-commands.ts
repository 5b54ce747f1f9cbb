// A project's category writes as commands (server/commands/command.ts): creating one (or bringing
// a deleted one back with its id and its tasks), renaming or recolouring it, deleting it (its
// tasks stay, uncategorised). A name is unique in its project: a clash is 409 category_name_taken.
// Each write's undo is beside it (categoryReverters): a creation is undone by deleting, a deletion
// by creating again with its id and its tasks, an update by the same command with the entry's
// before-values; each only while the row still holds what the entry left, else 409 stale.

import type { ActivityAction } from "@core/schemas/activity";
import type { CategoryDto } from "@core/schemas/projects";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { fieldChanges } from "../activity/activity-log";
import { recordCategoryActivity } from "../activity/record-writes";
import {
  asUndo,
  beforeValues,
  type RevertContext,
  type Reverter,
  staleRow,
  undoBy,
  undoUpdateOf,
} from "../activity/reverter";
import { uniqueViolationOf } from "../auth/users";
import type { Command } from "../commands/command";
import { type Category, categories, tasks } from "../db/schema";
import { definedOf } from "../lib/defined-fields";
import { conflict, notFound } from "../lib/errors";
import { toCategoryDto } from "../lib/serialize";
import { lockTasksInIdOrder } from "../scheduling/rescheduler";

export const CATEGORY_NOT_FOUND = "Category not found.";
export const CATEGORY_NAME_TAKEN = "category_name_taken";

/** Runs a category write, turning the per-project name uniqueness into a 409 naming the clash. */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error)?.includes("categories_project_name")) {
      throw conflict(`A category named "${name}" already exists in this project.`, CATEGORY_NAME_TAKEN);
    }
    throw error;
  }
}

/**
 * Adds a category to a project. With `id` and `taskIds` (the undo of its deletion) it comes back
 * with its id, and those of its tasks that took no other category since get it again.
 */
export const createCategory: Command<
  { projectId: number; name: string; color: string; id?: number; taskIds?: number[] },
  Category
> = async ({ tx, actor, mark }, { projectId, name, color, id, taskIds }) => {
  if (taskIds) await lockTasksInIdOrder(tx, taskIds);
  const row = await withUniqueName(name, async () => {
    const [inserted] = await tx
      .insert(categories)
      .values({ ...(id === undefined ? {} : { id }), projectId, name, color: color.toUpperCase() })
      .returning();
    return inserted;
  });
  const back =
    !taskIds || taskIds.length === 0
      ? []
      : await tx
          .update(tasks)
          // A new version of each task, so a dialog holding the old one hears of the change.
          .set({ categoryId: row.id, updatedAt: sql`now()` })
          .where(and(inArray(tasks.id, taskIds), eq(tasks.projectId, projectId), isNull(tasks.categoryId)))
          .returning({ id: tasks.id });
  const categorised = back.map((task) => task.id);
  const activityId = await recordCategoryActivity(
    tx,
    actor.id,
    "category.created",
    { category: row, changes: {}, ...(taskIds ? { taskIds: categorised } : {}) },
    mark,
  );
  return {
    value: row,
    activityId,
    event: {
      type: "category.created",
      projectId,
      categoryIds: [row.id],
      ...(taskIds ? { taskIds: categorised } : {}),
    },
  };
};

/**
 * Renames or recolours a category. Its entry records what changed against the row as this write
 * met it (locked); saving it as it stands records nothing (an undo always records).
 */
export const updateCategory: Command<
  { category: Pick<Category, "id" | "projectId">; changes: { name?: string; color?: string } },
  Category
> = async ({ tx, actor, mark }, { category, changes }) => {
  const [met] = await tx.select().from(categories).where(eq(categories.id, category.id)).for("update");
  if (!met) throw notFound(CATEGORY_NOT_FOUND);
  const set = definedOf({ name: changes.name, color: changes.color?.toUpperCase() });
  const row = await withUniqueName(String(set.name ?? met.name), async () => {
    if (Object.keys(set).length === 0) return met;
    const [updated] = await tx.update(categories).set(set).where(eq(categories.id, category.id)).returning();
    return updated;
  });
  const recorded = fieldChanges(toCategoryDto(met), toCategoryDto(row));
  const activityId =
    !mark && Object.keys(recorded).length === 0
      ? undefined
      : await recordCategoryActivity(
          tx,
          actor.id,
          "category.updated",
          { category: row, changes: recorded },
          mark,
        );
  return {
    value: row,
    activityId,
    event: { type: "category.updated", projectId: row.projectId, categoryIds: [row.id] },
  };
};

/**
 * Deletes a category. Its tasks stay, without a category (the foreign key sets it to null): the
 * event names them, so a client shows them uncategorised without fetching the project.
 */
export const deleteCategory: Command<{ category: Pick<Category, "id" | "projectId"> }, Category> = async (
  { tx, actor, mark },
  { category },
) => {
  // In id order, as every write of several tasks locks them.
  const held = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.categoryId, category.id))
    .orderBy(asc(tasks.id))
    .for("update");
  const [deleted] = await tx.delete(categories).where(eq(categories.id, category.id)).returning();
  if (!deleted) throw notFound(CATEGORY_NOT_FOUND);
  const taskIds = held.map((task) => task.id);
  const activityId = await recordCategoryActivity(
    tx,
    actor.id,
    "category.deleted",
    { category: deleted, changes: {}, taskIds },
    mark,
  );
  return {
    value: deleted,
    activityId,
    event: { type: "category.deleted", projectId: deleted.projectId, categoryIds: [deleted.id], taskIds },
  };
};

// Undo: each write above, reverted by its own command (activity/reverter.ts).
type CategoryRestore = { category: CategoryDto & { projectId: number }; taskIds: number[] };

/** A name taken since the entry: the undo is stale, not the caller's mistake. */
const nameTaken = (name: string) => ({ [CATEGORY_NAME_TAKEN]: `a category named “${name}” exists now.` });

/** The entry's category, locked; 409 stale when it is gone. */
async function categoryAsLeft({ tx, entry }: RevertContext) {
  const { id } = (entry.restore as CategoryRestore).category;
  const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
  if (!current) throw staleRow(`the category “${entry.subject}” no longer exists.`);
  return current;
}

const undoCreated: Reverter = async (context) => {
  const { name, color } = (context.entry.restore as CategoryRestore).category;
  const current = await categoryAsLeft(context);
  beforeValues(toCategoryDto(current), { name: [null, name], color: [null, color] }, context.entry.subject);
  return undoBy(deleteCategory(asUndo(context), { category: current }));
};

const undoDeleted: Reverter = async (context) => {
  const { tx, entry } = context;
  const { category: wanted, taskIds } = entry.restore as CategoryRestore;
  const [again] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, wanted.id));
  if (again) throw staleRow(`the category “${wanted.name}” is already back.`);
  const { id, name, color } = wanted;
  const input = { projectId: entry.projectId, id, name, color, taskIds };
  return undoBy(createCategory(asUndo(context), input), nameTaken(name));
};

export const categoryReverters: Partial<Record<ActivityAction, Reverter>> = {
  "category.created": undoCreated,
  "category.deleted": undoDeleted,
  "category.updated": undoUpdateOf(
    categoryAsLeft,
    toCategoryDto,
    (command, category, changes) => updateCategory(command, { category, changes }),
    (changes, category) => nameTaken(String(changes.name ?? category.name)),
  ),
};
