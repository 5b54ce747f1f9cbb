// History (docs/decisions/030-history-activity-and-undo.md): a project's activity, newest first, for
// everyone who reads the
// project; undo of an entry for those who may make the write it reverts. The undo's own entry is
// the answer, and its event carries it to every open view.
import { apiRoutes } from "@core/api/routes";
import { activityQuerySchema, entryIdParamsSchema } from "@core/schemas/activity";
import { idParamsSchema } from "@core/schemas/common";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess } from "../../access/access-level";
import { readActivityEntry, readActivityPage } from "../../activity/activity-log";
import { undoEntry } from "../../activity/undo";
import { currentUser } from "../../lib/current-user";

export default async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    apiRoutes.projectActivity.path,
    { schema: { params: idParamsSchema, querystring: activityQuerySchema } },
    async (request) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "read");
      const { limit, before, taskId, mine } = request.query;
      return readActivityPage(db, project.id, { limit, before, taskId, actorId: mine ? user.id : undefined });
    },
  );

  app.post(apiRoutes.activityUndo.path, { schema: { params: entryIdParamsSchema } }, async (request) => {
    const user = currentUser(request);
    const { activityId, event, followUps } = await undoEntry(db, user, request.params.entryId);
    await app.events.publish(event);
    await app.announceFollowUps(followUps);
    return readActivityEntry(db, activityId);
  });
}
