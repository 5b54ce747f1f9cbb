// Undoing a category's write runs the category commands (category-commands.ts): a creation is
// undone by deleting it, a deletion by creating it again with its id and its tasks, an update by
// updating it back to the values its entry recorded; each only while the row still holds what the
// entry left, else 409 stale.
import type { ActivityAction } from "@core/schemas/activity";
import type { CategoryDto } from "@core/schemas/projects";
import { eq } from "drizzle-orm";
import {
  asUndo,
  beforeValues,
  type RevertContext,
  type Reverter,
  staleRow,
  undoBy,
  undoUpdateOf,
} from "../activity/reverter";
import { categories } from "../db/schema";
import { toCategoryDto } from "../lib/serialize";
import { CATEGORY_NAME_TAKEN, createCategory, deleteCategory, updateCategory } from "./category-commands";

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
