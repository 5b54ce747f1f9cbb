// STUB (to be written): the notifications a write causes, in its transaction.

import type { ProjectEvent } from "@core/schemas/events";
import type { NotificationChannel, NotificationDto } from "@core/schemas/notifications";
import type { Database } from "../db/client";
import type { User } from "../db/schema";

/** A notification just stored, for whom, and how that user wants to hear of it. */
export type CreatedNotification = {
  userId: number;
  channel: NotificationChannel;
  notification: NotificationDto;
};

/** Each task a write unblocked, per project: queued for webhooks as `task.unblocked`. */
export type UnblockedEvent = {
  type: "task.unblocked";
  projectId: number;
  taskIds: number[];
  actorId: number;
};

export async function notifyOfWrite(
  _tx: Database,
  _actor: User,
  _events: readonly ProjectEvent[],
): Promise<{ created: CreatedNotification[]; unblocked: UnblockedEvent[] }> {
  return { created: [], unblocked: [] };
}
