// Undoing a category's write runs the category commands (category-commands.ts): a creation is
// undone by deleting it, a deletion by creating it again with its id and its tasks, an update by
// updating it back to the values its entry recorded; each only while the row still holds what the
// entry left, else 409 stale.
import type { ActivityAction } from "@core/schemas/activity";
import type { CategoryDto } from "@core/schemas/projects";
import { eq } from "drizzle-orm";
import { asReverted, beforeValues, type Reverter, staleRow } from "../activity/reverter";
import { categories } from "../db/schema";
import { AppError } from "../lib/errors";
import { toCategoryDto } from "../lib/serialize";
import { CATEGORY_NAME_TAKEN, createCategory, deleteCategory, updateCategory } from "./category-commands";

type CategoryRestore = { category: CategoryDto & { projectId: number }; taskIds: number[] };

/** A name taken since the entry: the undo is stale, not the caller's mistake. */
async function nameStillFree<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError && error.code === CATEGORY_NAME_TAKEN)
      throw staleRow(`a category named “${name}” exists now.`);
    throw error;
  }
}

const undoCreated: Reverter = async ({ tx, entry, actor, mark }) => {
  const { category: wanted } = entry.restore as CategoryRestore;
  const [current] = await tx.select().from(categories).where(eq(categories.id, wanted.id));
  if (!current) throw staleRow(`the category “${entry.subject}” no longer exists.`);
  beforeValues(
    toCategoryDto(current),
    { name: [null, wanted.name], color: [null, wanted.color] },
    entry.subject,
  );
  return asReverted(await deleteCategory({ tx, actor, dryRun: false, mark }, { category: current }));
};

const undoDeleted: Reverter = async ({ tx, entry, actor, mark }) => {
  const { category: wanted, taskIds } = entry.restore as CategoryRestore;
  const [again] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, wanted.id));
  if (again) throw staleRow(`the category “${wanted.name}” is already back.`);
  const { id, name, color } = wanted;
  const done = await nameStillFree(name, () =>
    createCategory(
      { tx, actor, dryRun: false, mark },
      { projectId: entry.projectId, id, name, color, taskIds },
    ),
  );
  return asReverted(done);
};

const undoUpdated: Reverter = async ({ tx, entry, actor, mark }) => {
  const { category: wanted } = entry.restore as CategoryRestore;
  const [current] = await tx.select().from(categories).where(eq(categories.id, wanted.id)).for("update");
  if (!current) throw staleRow(`the category “${entry.subject}” no longer exists.`);
  const changes = beforeValues(toCategoryDto(current), entry.changes, entry.subject) as {
    name?: string;
    color?: string;
  };
  const done = await nameStillFree(String(changes.name ?? current.name), () =>
    updateCategory({ tx, actor, dryRun: false, mark }, { category: current, changes }),
  );
  return asReverted(done);
};

export const categoryReverters: Partial<Record<ActivityAction, Reverter>> = {
  "category.created": undoCreated,
  "category.deleted": undoDeleted,
  "category.updated": undoUpdated,
};
