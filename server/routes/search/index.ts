// GET /api/search: the command palette's search, projects and tasks by name everywhere the user
// can see (server/search/search-names.ts holds the ranking and the plan).
import { apiRoutes } from "@core/api/routes";
import { type SearchResponse, searchQuerySchema } from "@core/schemas/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../lib/current-user";
import { searchNames } from "../../search/search-names";

export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    apiRoutes.search.path,
    {
      schema: {
        summary: "Projects and tasks whose names match q, best first, at most 20.",
        querystring: searchQuerySchema,
      },
    },
    async (request): Promise<SearchResponse> => ({
      results: await searchNames(db, currentUser(request), request.query.q),
    }),
  );
}
