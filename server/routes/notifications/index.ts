// STUB (to be written).
import type { FastifyInstance } from "fastify";

export default async function notificationsRoutes(_fastify: FastifyInstance) {}
