// Resolves the session cookie to a user on every API request (from the session cache when it was
// seen recently, auth/session-cache.ts), then keeps every API route that is not public behind a
// session: without one it answers 401.

import { API_PREFIX, apiRoutes, fixedPrefixOf } from "@core/api/routes";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SESSION_COOKIE } from "../auth/sessions";
import type { User } from "../db/schema";
import { unauthorized } from "../lib/errors";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
    sessionToken: string | null;
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

  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0];
    // The health check must answer even when the database (and so every session) is unreachable.
    if (!path.startsWith(API_PREFIX) || path === apiRoutes.health.path) return;
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
