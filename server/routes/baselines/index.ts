// A project's baselines (docs/spec/tracking.md, "Baselines"): everyone with access reads them,
// editors and up save, rename and delete them. Each write is a command (baselines/baseline-commands.ts).
import { apiRoutes } from "@core/api/routes";
import { BASELINE_NOT_FOUND, baselineBodySchema, baselineParamsSchema } from "@core/schemas/baselines";
import { idParamsSchema } from "@core/schemas/common";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess } from "../../access/access-level";
import { deleteBaseline, renameBaseline, saveBaseline } from "../../baselines/baseline-commands";
import {
  readBaselineSummaries,
  readBaselineSummary,
  readBaselineTasks,
} from "../../baselines/baseline-store";
import { runWrite } from "../../commands/command";
import { currentUser } from "../../lib/current-user";
import { notFound } from "../../lib/errors";

export default async function baselineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(apiRoutes.projectBaselines.path, { schema: { params: idParamsSchema } }, async (request) => {
    await requireProjectAccess(db, currentUser(request), request.params.id, "read");
    return readBaselineSummaries(db, request.params.id);
  });

  app.post(
    apiRoutes.projectBaselines.path,
    { schema: { params: idParamsSchema, body: baselineBodySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      await requireProjectAccess(db, user, request.params.id, "edit");
      const saved = await runWrite(app, user, saveBaseline, {
        projectId: request.params.id,
        name: request.body.name,
      });
      return reply.code(201).send(saved);
    },
  );

  app.get(apiRoutes.baseline.path, { schema: { params: baselineParamsSchema } }, async (request) => {
    const { id, baselineId } = request.params;
    await requireProjectAccess(db, currentUser(request), id, "read");
    const summary = await readBaselineSummary(db, id, baselineId);
    if (!summary) throw notFound(BASELINE_NOT_FOUND);
    return { ...summary, tasks: await readBaselineTasks(db, baselineId) };
  });

  app.patch(
    apiRoutes.baseline.path,
    { schema: { params: baselineParamsSchema, body: baselineBodySchema } },
    async (request) => {
      const user = currentUser(request);
      const { id, baselineId } = request.params;
      await requireProjectAccess(db, user, id, "edit");
      return runWrite(app, user, renameBaseline, { projectId: id, baselineId, name: request.body.name });
    },
  );

  app.delete(
    apiRoutes.baseline.path,
    { schema: { params: baselineParamsSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, baselineId } = request.params;
      await requireProjectAccess(db, user, id, "edit");
      await runWrite(app, user, deleteBaseline, { projectId: id, baselineId });
      return reply.code(204).send();
    },
  );
}
