// The plan on a past day (docs/spec/tracking.md): every member reads the project as it stood at a
// moment, rebuilt from its activity (as-of/project-as-of.ts).
import { apiRoutes } from "@core/api/routes";
import { asOfQuerySchema } from "@core/schemas/as-of";
import { idParamsSchema } from "@core/schemas/common";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess } from "../../access/access-level";
import { projectAsOf } from "../../as-of/project-as-of";
import { currentUser } from "../../lib/current-user";
import { preferencesOf } from "../../projects/project-store";

export default async function asOfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    apiRoutes.projectAsOf.path,
    { schema: { params: idParamsSchema, querystring: asOfQuerySchema } },
    async (request) => {
      const user = currentUser(request);
      const { project, accessLevel } = await requireProjectAccess(db, user, request.params.id, "read");
      const preferences = await preferencesOf(db, user.id, project.id);
      return projectAsOf(
        db,
        app.projectContentCache,
        { project, accessLevel, preferences },
        request.query.at,
      );
    },
  );
}
