// STUB (to be written): the deadline pass (deadline.near, deadline.missed).
import type { FastifyInstance } from "fastify";

/** Runs the pass now and then every DEADLINE_PASS_MINUTES; answers the function that stops it. */
export function startDeadlinePass(_app: FastifyInstance): () => void {
  return () => {};
}
