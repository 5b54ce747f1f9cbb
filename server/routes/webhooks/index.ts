// A project's webhooks (docs/spec/notifications-and-api.md): owners and admins create, read,
// change and delete them and read their delivery logs ("manage", as for the project's other
// settings); others get 403, and a webhook of another project is not found. A URL must reach a
// public address unless WEBHOOKS_ALLOW_PRIVATE is set (webhooks/address-guard.ts).
import { apiRoutes } from "@core/api/routes";
import { idParamsSchema } from "@core/schemas/common";
import { createWebhookSchema, updateWebhookSchema, webhookParamsSchema } from "@core/schemas/webhooks";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess } from "../../access/access-level";
import { currentUser } from "../../lib/current-user";
import { badRequest } from "../../lib/errors";
import { RefusedTargetError, resolvePublicTarget } from "../../webhooks/address-guard";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  readDeliveries,
  readWebhook,
  updateWebhook,
} from "../../webhooks/webhook-store";

export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;

  /** 400 naming url when it would reach a private address (checked again at every delivery). */
  const requirePublicUrl = async (url: string) => {
    if (config.webhooksAllowPrivate) return;
    try {
      await resolvePublicTarget(url);
    } catch (error) {
      if (error instanceof RefusedTargetError) throw badRequest(error.message, "webhook_url_refused");
      throw error;
    }
  };

  app.get(apiRoutes.projectWebhooks.path, { schema: { params: idParamsSchema } }, async (request) => {
    await requireProjectAccess(db, currentUser(request), request.params.id, "manage");
    return listWebhooks(db, request.params.id);
  });

  app.post(
    apiRoutes.projectWebhooks.path,
    { schema: { params: idParamsSchema, body: createWebhookSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      await requireProjectAccess(db, user, request.params.id, "manage");
      await requirePublicUrl(request.body.url);
      return reply.code(201).send(await createWebhook(db, user, request.params.id, request.body));
    },
  );

  app.get(apiRoutes.projectWebhook.path, { schema: { params: webhookParamsSchema } }, async (request) => {
    const { id, webhookId } = request.params;
    await requireProjectAccess(db, currentUser(request), id, "manage");
    return readWebhook(db, id, webhookId);
  });

  app.patch(
    apiRoutes.projectWebhook.path,
    { schema: { params: webhookParamsSchema, body: updateWebhookSchema } },
    async (request) => {
      const { id, webhookId } = request.params;
      await requireProjectAccess(db, currentUser(request), id, "manage");
      await readWebhook(db, id, webhookId);
      if (request.body.url !== undefined) await requirePublicUrl(request.body.url);
      return updateWebhook(db, id, webhookId, request.body);
    },
  );

  app.delete(
    apiRoutes.projectWebhook.path,
    { schema: { params: webhookParamsSchema } },
    async (request, reply) => {
      const { id, webhookId } = request.params;
      await requireProjectAccess(db, currentUser(request), id, "manage");
      await deleteWebhook(db, id, webhookId);
      return reply.code(204).send();
    },
  );

  app.get(apiRoutes.webhookDeliveries.path, { schema: { params: webhookParamsSchema } }, async (request) => {
    const { id, webhookId } = request.params;
    await requireProjectAccess(db, currentUser(request), id, "manage");
    return readDeliveries(db, id, webhookId);
  });
}
