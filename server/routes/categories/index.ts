// A project's categories: everyone with access reads them, editors and up change them. Deleting one
// leaves its tasks uncategorised (the foreign key sets categoryId to null).

import { idParamsSchema } from "@core/schemas/common";
import { categorySchema } from "@core/schemas/projects";
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess } from "../../access/access-level";
import { fieldChanges } from "../../activity/activity-log";
import { recordCategoryActivity } from "../../activity/record-writes";
import { uniqueViolationOf } from "../../auth/users";
import type { Database } from "../../db/client";
import { categories, tasks, type User } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { conflict, notFound } from "../../lib/errors";
import { toCategoryDto } from "../../lib/serialize";

const CATEGORY_NOT_FOUND = "Category not found.";

/** Runs a write, turning the per-project name uniqueness into a 409 that names the clash. */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error)?.includes("categories_project_name")) {
      throw conflict(`A category named "${name}" already exists in this project.`, "category_name_taken");
    }
    throw error;
  }
}

/** The category and the caller's right to change it; 404 when either is missing or unseen. */
async function requireCategoryForEdit(db: Database, user: User, categoryId: number) {
  const [category] = await db.select().from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  await requireProjectAccess(db, user, category.projectId, "edit", { notFound: CATEGORY_NOT_FOUND });
  return category;
}

export default async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get("/api/projects/:id/categories", { schema: { params: idParamsSchema } }, async (request) => {
    await requireProjectAccess(db, currentUser(request), request.params.id, "read");
    const rows = await db
      .select()
      .from(categories)
      .where(eq(categories.projectId, request.params.id))
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
    return rows.map(toCategoryDto);
  });

  app.post(
    "/api/projects/:id/categories",
    { schema: { params: idParamsSchema, body: categorySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      await requireProjectAccess(db, user, request.params.id, "edit");
      const { name, color } = request.body;
      const { category, activityId } = await withUniqueName(name, () =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(categories)
            .values({ projectId: request.params.id, name, color: color.toUpperCase() })
            .returning();
          const entry = { category: created, changes: {} };
          return {
            category: created,
            activityId: await recordCategoryActivity(tx, user.id, "category.created", entry),
          };
        }),
      );
      await app.events.publish({
        type: "category.created",
        projectId: request.params.id,
        activityId,
        categoryIds: [category.id],
        actorId: request.user?.id,
      });
      return reply.code(201).send(toCategoryDto(category));
    },
  );

  app.put(
    "/api/categories/:id",
    { schema: { params: idParamsSchema, body: categorySchema } },
    async (request) => {
      const user = currentUser(request);
      const category = await requireCategoryForEdit(db, user, request.params.id);
      const { name, color } = request.body;
      const { updated, activityId } = await withUniqueName(name, () =>
        db.transaction(async (tx) => {
          // The category as this write meets it (locked): what its entry records as "before".
          const [met] = await tx
            .select()
            .from(categories)
            .where(eq(categories.id, request.params.id))
            .for("update");
          const [row] = await tx
            .update(categories)
            .set({ name, color: color.toUpperCase() })
            .where(eq(categories.id, request.params.id))
            .returning();
          if (!row) throw notFound(CATEGORY_NOT_FOUND);
          const changes = fieldChanges(toCategoryDto(met ?? category), toCategoryDto(row));
          return {
            updated: row,
            // A category saved as it stood changes nothing: no entry.
            activityId:
              Object.keys(changes).length === 0
                ? undefined
                : await recordCategoryActivity(tx, user.id, "category.updated", { category: row, changes }),
          };
        }),
      );
      await app.events.publish({
        type: "category.updated",
        projectId: updated.projectId,
        activityId,
        categoryIds: [updated.id],
        actorId: request.user?.id,
      });
      return toCategoryDto(updated);
    },
  );

  app.delete("/api/categories/:id", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const category = await requireCategoryForEdit(db, user, request.params.id);
    // Its tasks stay, without a category (the foreign key sets it to null): the event names them,
    // so a client shows them uncategorised without fetching the project.
    const { uncategorised, activityId } = await db.transaction(async (tx) => {
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
      const entry = { category: deleted, changes: {}, taskIds };
      return {
        uncategorised: taskIds,
        activityId: await recordCategoryActivity(tx, user.id, "category.deleted", entry),
      };
    });
    await app.events.publish({
      type: "category.deleted",
      projectId: category.projectId,
      activityId,
      categoryIds: [category.id],
      taskIds: uncategorised,
      actorId: request.user?.id,
    });
    return reply.code(204).send();
  });
}
