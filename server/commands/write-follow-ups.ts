// What a committed write sets off beyond its own event (docs/spec/notifications-and-api.md): the
// notifications it causes (a task unblocked, a task assigned) and the webhook deliveries of its
// events. Both are written in the write's own transaction, so a write and its follow-ups commit or
// fail together and a restart loses none; announceFollowUps then tells the users' open streams,
// emails those who asked for it, and wakes the webhook deliverer.
import type { ProjectEvent } from "@core/schemas/events";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { type CreatedNotification, notifyOfWrite } from "../notifications/notify-write";
import { queueWebhookDeliveries } from "../webhooks/outbox";

export type FollowUps = {
  /** The notifications the write created, with the channel each user chose. */
  notifications: CreatedNotification[];
  /** How many webhook deliveries it queued. */
  webhookDeliveries: number;
};

export const NO_FOLLOW_UPS: FollowUps = { notifications: [], webhookDeliveries: 0 };

/** Told after the commit; the app's is announceFollowUps (notifications/announce.ts). */
export type FollowUpAnnouncer = (followUps: FollowUps) => Promise<void>;

/**
 * In the write's transaction: the notifications its events cause, then its events and each
 * `task.unblocked` queued for the project's webhooks.
 */
export async function followWrite(
  tx: Database,
  actor: User,
  events: readonly ProjectEvent[],
): Promise<FollowUps> {
  if (events.length === 0) return NO_FOLLOW_UPS;
  const { created, unblocked } = await notifyOfWrite(tx, actor, events);
  const webhookDeliveries = await queueWebhookDeliveries(tx, [...events, ...unblocked]);
  return { notifications: created, webhookDeliveries };
}
