// GET /api/projects/{id}/events (members) and GET /api/share/{token}/events (public viewers):
// Server-Sent Events of the project's committed changes. Access is checked when the stream opens
// and again whenever it may have changed; a stream that loses access is closed.

import { apiRoutes } from "@core/api/routes";
import { idParamsSchema } from "@core/schemas/common";
import { userDisplayName } from "@core/users/display-name";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { getProjectAccess, requirePublicProject } from "../access/access-level";
import { currentUser } from "../lib/current-user";
import { notFound } from "../lib/errors";
import type { StreamConnection } from "./project-event-hub";
import { openEventStream } from "./sse";

function startStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  connection: Omit<StreamConnection, "send" | "end">,
  version: number,
) {
  const stream = openEventStream(request, reply);
  const lastEventId = request.headers["last-event-id"];
  stream.onEnd(
    app.events.open(
      { ...connection, send: stream.send, end: stream.end },
      typeof lastEventId === "string" ? lastEventId : undefined,
      version,
    ),
  );
}

export default async function eventStreamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(apiRoutes.projectEvents.path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const projectId = request.params.id;
    const access = await getProjectAccess(db, user, projectId);
    if (!access) throw notFound("Project not found.");
    startStream(
      app,
      request,
      reply,
      {
        projectId,
        user: { id: user.id, name: userDisplayName(user) },
        stillAllowed: async () => (await getProjectAccess(db, user, projectId)) !== null,
      },
      access.project.version,
    );
  });

  app.get(
    apiRoutes.publicProjectEvents.path,
    { schema: { params: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const { token } = request.params;
      if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw notFound("This share link is invalid or has expired");
      const { project } = await requirePublicProject(db, token);
      startStream(
        app,
        request,
        reply,
        {
          projectId: project.id,
          user: null,
          stillAllowed: async () => {
            try {
              return (await requirePublicProject(db, token)).project.id === project.id;
            } catch {
              return false;
            }
          },
        },
        project.version,
      );
    },
  );
}
