// STUB (to be written): queue a write's events for its project's webhooks, in its transaction.
import type { ProjectEvent } from "@core/schemas/events";
import type { Database } from "../db/client";
import type { UnblockedEvent } from "../notifications/notify-write";

export type WebhookEvent = ProjectEvent | UnblockedEvent;

export async function queueWebhookDeliveries(
  _tx: Database,
  _events: readonly WebhookEvent[],
): Promise<number> {
  return 0;
}
