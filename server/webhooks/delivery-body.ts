// A delivery's body: the change as the live stream carries it (docs/decisions/029-events-carry-the-change.md),
// read when the delivery is first attempted, with its delivery id and the moment of the change.
// It is stored with the row, so every retry sends the same bytes under the same signature.
import type { ProjectEvent } from "@core/schemas/events";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { withChange } from "../realtime/event-content";

/** Carries the content out of the transaction that is then rolled back. */
class ReadOnly extends Error {
  constructor(readonly content: ProjectEvent) {
    super("rolled back on purpose");
  }
}

/**
 * The event with what the change left. withChange also takes the project's next version, which
 * is the live stream's numbering: here that runs in a transaction rolled back afterwards, so a
 * delivery never leaves a gap in the versions the project's open streams see (they would refetch),
 * and the body carries no version. A `task.unblocked` event names its tasks in taskIds, which
 * withChange reads as it reads any change's tasks.
 */
async function contentOf(app: FastifyInstance, event: ProjectEvent): Promise<ProjectEvent> {
  try {
    await app.db.transaction(async (tx) => {
      throw new ReadOnly(await withChange(tx as unknown as Database, app.projectSchedules, event));
    });
  } catch (error) {
    if (error instanceof ReadOnly) return error.content;
    throw error;
  }
  throw new Error("unreachable: the transaction always rolls back");
}

export type QueuedChange = {
  event: Record<string, unknown>;
  deliveryId: string;
  /** When the change was written (the outbox row's creation). */
  createdAt: Date;
};

/** The JSON body of a delivery: the event with its content, its delivery id and its moment. */
export async function buildDeliveryBody(app: FastifyInstance, queued: QueuedChange): Promise<string> {
  const { version: _notTheStreams, ...content } = await contentOf(app, queued.event as ProjectEvent);
  return JSON.stringify({ ...content, deliveryId: queued.deliveryId, at: queued.createdAt.toISOString() });
}
