// STUB (to be written): the OpenAPI 3.1 document at GET /api/openapi.json.
import type { FastifyInstance } from "fastify";

/** Registered before the routes, so it sees each one's schema. */
export async function registerOpenApi(_app: FastifyInstance): Promise<void> {}
