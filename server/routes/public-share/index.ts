// The read-only public view of a project through its share token: no session needed, viewer rights
// on that one project, and nothing about its members.

import { apiRoutes } from "@core/api/routes";
import { type PublicProjectDto, publicProjectFields } from "@core/schemas/sharing";
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePublicProject } from "../../access/access-level";
import { categories } from "../../db/schema";
import { sendEncodedAnswer } from "../../lib/answer-compression";
import { notFound } from "../../lib/errors";
import { projectWire, toCategoryDto } from "../../lib/serialize";
import { encodedProjectAnswer, projectContent } from "../../projects/project-content";

const INVALID_LINK = "This share link is invalid or has expired";

export default async function publicShareRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    apiRoutes.publicProject.path,
    // A malformed token is answered like an unknown one: 404, never a hint about the format.
    { schema: { params: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const { token } = request.params;
      if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw notFound(INVALID_LINK);
      const { project } = await requirePublicProject(db, token);
      const [content, projectCategories] = await Promise.all([
        projectContent(db, app.projectContentCache, project),
        db
          .select()
          .from(categories)
          .where(eq(categories.projectId, project.id))
          .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id)),
      ]);
      // A PublicProjectDto, its task and dependency arrays already serialised.
      const publicProject = publicProjectFields(projectWire.serialize(project));
      const rest: Pick<PublicProjectDto, "categories" | "schedule"> = {
        categories: projectCategories.map(toCategoryDto),
        schedule: { finish: content.finish },
      };
      return sendEncodedAnswer(
        reply,
        await encodedProjectAnswer(request.headers, publicProject, content, rest),
      );
    },
  );
}
