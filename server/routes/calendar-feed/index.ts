// A user's personal iCalendar feed of their My Tasks (docs/decisions/025-import-and-export.md):
// turned on, renewed
// and turned off by its owner; read by calendar apps through a secret URL with no session. An
// unknown, malformed or revoked token is 404, like any missing page.

import { randomBytes } from "node:crypto";
import { apiRoutes } from "@core/api/routes";
import type { CalendarFeedDto } from "@core/schemas/import-export";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarFeeds, users } from "../../db/schema";
import { writeIcs } from "../../import-export/ics";
import { currentUser } from "../../lib/current-user";
import { notFound } from "../../lib/errors";
import { myTasksOf } from "../../my-tasks/my-tasks";

const FEED_NOT_FOUND = "This calendar feed does not exist or was turned off.";
const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

export default async function calendarFeedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const appUrlOf = (request: FastifyRequest) =>
    app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const feedOf = (request: FastifyRequest, token: string | null): CalendarFeedDto => ({
    enabled: token !== null,
    url:
      token === null ? null : `${appUrlOf(request)}${apiRoutes.calendarFile.url({ file: `${token}.ics` })}`,
  });

  app.get(apiRoutes.calendarFeed.path, async (request): Promise<CalendarFeedDto> => {
    const user = currentUser(request);
    const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    return feedOf(request, feed?.token ?? null);
  });

  // Makes the feed, or replaces its token: the old URL stops working at once.
  app.post(apiRoutes.calendarFeed.path, async (request): Promise<CalendarFeedDto> => {
    const user = currentUser(request);
    const token = randomBytes(24).toString("base64url");
    await db
      .insert(calendarFeeds)
      .values({ userId: user.id, token })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
    return feedOf(request, token);
  });

  app.delete(apiRoutes.calendarFeed.path, async (request, reply) => {
    const user = currentUser(request);
    await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    return reply.code(204).send();
  });

  app.get(
    apiRoutes.calendarFile.path,
    { schema: { params: z.object({ file: z.string().max(200) }) } },
    async (request, reply) => {
      const { file } = request.params;
      const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
      if (!TOKEN.test(token)) throw notFound(FEED_NOT_FOUND);
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.token, token));
      if (!row) throw notFound(FEED_NOT_FOUND);
      const appUrl = appUrlOf(request);
      const groups = await myTasksOf(db, row, false);
      const tasks = groups.flatMap((group) =>
        group.tasks.map((task) => ({
          // An auto task stores the dates its schedule gives it.
          ...task,
          name: `${task.name} (${group.project.name})`,
          url: `${appUrl}/projects/${group.project.slug}`,
        })),
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .send(writeIcs("My Tasks", tasks, new URL(appUrl).host));
    },
  );
}
