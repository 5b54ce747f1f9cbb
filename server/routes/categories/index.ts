// A project's categories: everyone with access reads them, editors and up change them. Deleting one
// leaves its tasks uncategorised (the foreign key sets categoryId to null).

import { apiRoutes } from "@core/api/routes";
import { idParamsSchema } from "@core/schemas/common";
import { categorySchema } from "@core/schemas/projects";
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess } from "../../access/access-level";
import {
  CATEGORY_NOT_FOUND,
  createCategory,
  deleteCategory,
  updateCategory,
} from "../../categories/category-commands";
import { runWrite } from "../../commands/command";
import type { Database } from "../../db/client";
import { categories, type User } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { notFound } from "../../lib/errors";
import { toCategoryDto } from "../../lib/serialize";

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

  app.get(apiRoutes.projectCategories.path, { schema: { params: idParamsSchema } }, async (request) => {
    await requireProjectAccess(db, currentUser(request), request.params.id, "read");
    const rows = await db
      .select()
      .from(categories)
      .where(eq(categories.projectId, request.params.id))
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
    return rows.map(toCategoryDto);
  });

  app.post(
    apiRoutes.projectCategories.path,
    { schema: { params: idParamsSchema, body: categorySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      await requireProjectAccess(db, user, request.params.id, "edit");
      const { name, color } = request.body;
      const created = await runWrite(app, user, createCategory, {
        projectId: request.params.id,
        name,
        color,
      });
      return reply.code(201).send(toCategoryDto(created));
    },
  );

  app.put(
    apiRoutes.category.path,
    { schema: { params: idParamsSchema, body: categorySchema } },
    async (request) => {
      const user = currentUser(request);
      const category = await requireCategoryForEdit(db, user, request.params.id);
      const { name, color } = request.body;
      return toCategoryDto(await runWrite(app, user, updateCategory, { category, changes: { name, color } }));
    },
  );

  app.delete(apiRoutes.category.path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const category = await requireCategoryForEdit(db, user, request.params.id);
    await runWrite(app, user, deleteCategory, { category });
    return reply.code(204).send();
  });
}
