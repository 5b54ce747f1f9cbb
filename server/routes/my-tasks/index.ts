// GET /api/my-tasks (server/my-tasks/my-tasks.ts holds what it lists) and GET /api/my-tasks/events,
// the stream that tells an open My Tasks which of the user's projects changed.
import { apiRoutes } from "@core/api/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../lib/current-user";
import { type MyTasksGroup, myTasksOf, reachableProjectIds } from "../../my-tasks/my-tasks";
import { openEventStream } from "../../realtime/sse";

const myTasksQuerySchema = z.object({
  includeSnoozed: z
    .enum(["true", "false"], { error: "includeSnoozed must be true or false." })
    .optional()
    .transform((value) => value === "true"),
});

export default async function myTasksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // Server-Sent Events: a notice whenever one of the user's projects changes, so an open My Tasks
  // reads itself again within a moment (realtime/user-event-hub.ts).
  app.get(apiRoutes.myTasksEvents.path, async (request, reply) => {
    const user = currentUser(request);
    const stream = openEventStream(request, reply);
    stream.onEnd(
      await app.userEvents.open({
        userId: user.id,
        send: stream.send,
        end: stream.end,
        readProjects: () => reachableProjectIds(db, user),
      }),
    );
  });

  app.get(
    apiRoutes.myTasks.path,
    { schema: { querystring: myTasksQuerySchema } },
    async (request): Promise<MyTasksGroup[]> =>
      myTasksOf(db, currentUser(request), request.query.includeSnoozed),
  );
}
