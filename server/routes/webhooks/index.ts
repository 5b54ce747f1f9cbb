// STUB (to be written).
import type { FastifyInstance } from "fastify";

export default async function webhooksRoutes(_fastify: FastifyInstance) {}
