// STUB (to be written): sends the outbox's deliveries.
import type { FastifyInstance } from "fastify";

export class WebhookDeliverer {
  constructor(_app: FastifyInstance) {}
  /** A write queued deliveries: look now rather than at the next poll. */
  wake(): void {}
  start(): void {}
  async stop(): Promise<void> {}
}
