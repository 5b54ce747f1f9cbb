// The signed-in user's notifications (docs/spec/notifications-and-api.md): a page newest first,
// marking read, and the channel of each kind. Only ever the caller's own: marking ids that are
// someone else's (or unknown) changes nothing and still answers 204, so the answer tells nobody
// which ids exist.
import { apiRoutes } from "@core/api/routes";
import {
  markNotificationsReadSchema,
  type NotificationPreferencesDto,
  type NotificationsPageDto,
  notificationPreferencesSchema,
  notificationsQuerySchema,
} from "@core/schemas/notifications";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../lib/current-user";
import {
  markNotificationsRead,
  readNotificationPreferences,
  readNotificationsPage,
  writeNotificationPreferences,
} from "../../notifications/notification-store";

export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    apiRoutes.notifications.path,
    { schema: { querystring: notificationsQuerySchema } },
    async (request): Promise<NotificationsPageDto> =>
      readNotificationsPage(db, currentUser(request).id, request.query),
  );

  app.post(
    apiRoutes.notificationsRead.path,
    { schema: { body: markNotificationsReadSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const marked = await markNotificationsRead(db, user.id, request.body);
      // The user's other tabs count down with this one.
      if (marked.length > 0)
        await app.userEvents.publishRead(user.id, "all" in request.body ? "all" : marked);
      return reply.code(204).send();
    },
  );

  app.get(
    apiRoutes.notificationPreferences.path,
    async (request): Promise<NotificationPreferencesDto> =>
      readNotificationPreferences(db, currentUser(request).id),
  );

  app.put(
    apiRoutes.notificationPreferences.path,
    { schema: { body: notificationPreferencesSchema } },
    async (request): Promise<NotificationPreferencesDto> => {
      const user = currentUser(request);
      await writeNotificationPreferences(db, user.id, request.body);
      return readNotificationPreferences(db, user.id);
    },
  );
}
