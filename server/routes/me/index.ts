// The signed-in user's own settings (docs/spec/themes.md): for now the theme, kept on the account
// so that it follows the user to every device. A setting of one person's, not a write to any
// project: no activity entry, no project event, no webhook.
import { apiRoutes } from "@core/api/routes";
import { type PublicUser, userPreferencesSchema } from "@core/schemas/auth";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { toPublicUser } from "../../auth/users";
import { users } from "../../db/schema";
import { currentUser } from "../../lib/current-user";

export default async function meRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, sessionCache } = app;

  // The session plugin answers 401 without a session or token, and a token needs the write scope;
  // the request guards refuse another site's Origin, as on every write.
  app.patch(
    apiRoutes.userPreferences.path,
    { schema: { body: userPreferencesSchema } },
    async (request): Promise<PublicUser> => {
      const user = currentUser(request);
      const [saved] = await db
        .update(users)
        .set({ theme: request.body.theme })
        .where(eq(users.id, user.id))
        .returning();
      // The user's cached sessions, here and on other instances, hold the row as it was.
      await sessionCache.changed({ userId: saved.id });
      return toPublicUser(saved);
    },
  );
}
