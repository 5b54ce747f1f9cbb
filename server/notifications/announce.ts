// STUB (to be written): after the commit, tell each user's open streams of their new
// notifications (over the bus, so every instance hears) and email those who chose email.
import type { FastifyInstance } from "fastify";
import type { CreatedNotification } from "./notify-write";

export async function announceNotifications(
  _app: FastifyInstance,
  _created: readonly CreatedNotification[],
) {}
