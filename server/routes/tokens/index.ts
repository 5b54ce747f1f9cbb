// STUB (to be written).
import type { FastifyInstance } from "fastify";

export default async function tokensRoutes(_fastify: FastifyInstance) {}
