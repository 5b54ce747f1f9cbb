// Resolves the caller on every API request: an `Authorization: Bearer` API token when one is sent
// (looked up on each call, so a revoked token is refused at once; it takes precedence over a
// cookie), else the session cookie (from the session cache when it was seen recently,
// auth/session-cache.ts). Then keeps every API route that is not public behind one of them:
// without, 401. A token's own limits (its scope, no managing tokens) hold here for every route.

import { API_PREFIX, apiRoutes, fixedPrefixOf } from "@core/api/routes";
import type { ApiTokenScope } from "@core/schemas/api-tokens";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { authorizationOf } from "../api-tokens/bearer";
import { checkTokenCall, malformedAuthorization, resolveBearer } from "../api-tokens/bearer-auth";
import { writeLastUse } from "../api-tokens/token-store";
import { TokenUseRecorder } from "../api-tokens/token-use";
import { SESSION_COOKIE } from "../auth/sessions";
import type { User } from "../db/schema";
import { unauthorized } from "../lib/errors";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
    sessionToken: string | null;
    /** The API token of a bearer call, or null for a cookie's (or nobody's) call. */
    apiToken: { id: number; scope: ApiTokenScope } | null;
  }
}

const PUBLIC_API_PATHS = new Set<string>(
  [
    apiRoutes.signup,
    apiRoutes.login,
    apiRoutes.logout,
    apiRoutes.oidcCallback,
    apiRoutes.authUser,
    apiRoutes.trialSignup,
    apiRoutes.health,
    apiRoutes.openApi,
  ].map((route) => route.path),
);
// Public share links, and calendar feeds (calendar apps have no session; the token is the key).
const PUBLIC_API_PREFIXES = [apiRoutes.publicProject, apiRoutes.calendarFile].map((route) =>
  fixedPrefixOf(route.path),
);

export function isPublicApiPath(path: string): boolean {
  return PUBLIC_API_PATHS.has(path) || PUBLIC_API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("apiToken", null);
  // Per app: tests run several apps, each on its own database, in one process.
  const tokenUses = new TokenUseRecorder((tokenId, at) => writeLastUse(app.db, tokenId, at));

  /** A bearer call's caller; on a public route too, since the caller asked to be someone. */
  async function signInWithToken(request: FastifyRequest, secret: string, path: string) {
    const { token, user } = await resolveBearer(app.db, secret);
    request.user = user;
    request.apiToken = { id: token.id, scope: token.scope };
    await tokenUses.record(token.id).catch((error: unknown) => {
      request.log.warn({ err: error, tokenId: token.id }, "could not record the API token's last use");
    });
    // The matched route's pattern when there is one: a path spelt otherwise (percent-encoded)
    // reaches the same route.
    checkTokenCall(request.method, request.routeOptions.url ?? path, token.scope);
  }

  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0];
    // The health check must answer even when the database (and so every session) is unreachable.
    if (!path.startsWith(API_PREFIX) || path === apiRoutes.health.path) return;
    const authorization = authorizationOf(request);
    if (authorization.kind === "malformed") throw malformedAuthorization();
    if (authorization.kind === "bearer") return signInWithToken(request, authorization.secret, path);
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      const user = await app.sessionCache.userOf(token);
      if (user) {
        request.user = user;
        request.sessionToken = token;
      }
    }
    if (!request.user && !isPublicApiPath(path)) throw unauthorized();
  });
});
