// The webhook outbox (docs/spec/notifications-and-api.md): a write's events are queued for its
// project's webhooks in the write's own transaction, so a delivery exists exactly when its change
// committed and a restart loses none. The deliverer (deliverer.ts) sends them after the commit.
import type { ProjectEvent } from "@core/schemas/events";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { UnblockedEvent } from "../notifications/notify-write";

export type WebhookEvent = ProjectEvent | UnblockedEvent;

/**
 * Inserts one outbox row per event and active webhook of the event's project subscribed to its
 * type, with a fresh delivery id, in one statement for all the events; answers how many. Every
 * write runs it, so it is one indexed query (webhooks by project), which finds nothing in the usual
 * case of a project without webhooks.
 *
 * Rows are numbered in the events' order. The webhooks' rows are locked until the write commits,
 * so a second write to the same webhooks numbers its rows after this one's and commits after it:
 * the deliverer, which sends a webhook's rows in id order, never sends a later change before an
 * earlier one that was still committing.
 */
export async function queueWebhookDeliveries(tx: Database, events: readonly WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const result = await tx.execute(sql`
    insert into webhook_outbox (webhook_id, event_type, event, delivery_id)
    select queued.webhook_id, queued.event_type, queued.event, gen_random_uuid()::text
    from (
      select w.id as webhook_id, e.event ->> 'type' as event_type, e.event, e.position
      from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as e(event, position)
      join webhooks w on w.project_id = (e.event ->> 'projectId')::int
        and w.active
        and w.events @> jsonb_build_array(e.event -> 'type')
      order by e.position, w.id
      for no key update of w
    ) queued
    order by queued.position, queued.webhook_id
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
