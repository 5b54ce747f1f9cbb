// The signed-in user's API tokens (docs/spec/notifications-and-api.md): made with the secret
// answered once, listed without secrets, revoked at once. Managed only from a browser session: the
// session plugin refuses bearer calls here for every spelling of the path, and so does this file.
import { apiRoutes } from "@core/api/routes";
import { apiTokenParamsSchema, createApiTokenSchema } from "@core/schemas/api-tokens";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { TOKENS_NEED_SESSION } from "../../api-tokens/bearer-auth";
import { createApiToken, deleteApiToken, listApiTokens } from "../../api-tokens/token-store";
import { currentUser } from "../../lib/current-user";
import { AppError } from "../../lib/errors";
import { ValidationError } from "../../lib/validation";

/** The latest expiry taken: the last moment of year 9999, as every date of the API. */
const EXPIRES_AT_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A token's expiry as given, checked: in the future and within year 9999. */
function expiryOf(expiresAt: string | null | undefined, now = Date.now()): Date | null {
  if (expiresAt === null || expiresAt === undefined) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now) throw new ValidationError("expiresAt must be in the future.", "expiresAt");
  if (at.getTime() > EXPIRES_AT_MAX)
    throw new ValidationError("expiresAt must be no later than 9999-12-31T23:59:59Z.", "expiresAt");
  return at;
}

export default async function tokensRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // Only this file's routes: no plugin wrapper, so the hook stays with them.
  app.addHook("onRequest", async (request) => {
    if (request.apiToken) throw new AppError(403, TOKENS_NEED_SESSION, "session_required");
  });

  app.get(apiRoutes.apiTokens.path, async (request) => listApiTokens(db, currentUser(request)));

  app.post(apiRoutes.apiTokens.path, { schema: { body: createApiTokenSchema } }, async (request, reply) => {
    const { name, scope, expiresAt } = request.body;
    const created = await createApiToken(db, currentUser(request), {
      name,
      scope,
      expiresAt: expiryOf(expiresAt),
    });
    return reply.code(201).send(created);
  });

  app.delete(
    apiRoutes.apiToken.path,
    { schema: { params: apiTokenParamsSchema } },
    async (request, reply) => {
      await deleteApiToken(db, currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
