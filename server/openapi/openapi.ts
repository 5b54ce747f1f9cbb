// The OpenAPI 3.1 document at GET /api/openapi.json (docs/spec/notifications-and-api.md): built
// from the zod schemas the routes validate with, so it describes what the server accepts and
// cannot drift from it.
import { apiRoutes } from "@core/api/routes";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import packageJson from "../../package.json" with { type: "json" };
import { SESSION_COOKIE } from "../auth/sessions";
import { createDocumentTransform } from "./document-transform";
import { OPERATION_TAGS } from "./operation-tags";

export const BEARER_SCHEME = "apiToken";
export const COOKIE_SCHEME = "sessionCookie";

/** Registered before the routes, so it sees each one's schema. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Visual Project Planner API",
        version: packageJson.version,
        description:
          "Programs call the API as a user with `Authorization: Bearer <token>`, an API token made " +
          "on the Settings page (POST /api/tokens); the browser signs in with its session cookie.",
      },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: "http",
            scheme: "bearer",
            description: "An API token, sent as `Authorization: Bearer <token>`. A read token may only read.",
          },
          [COOKIE_SCHEME]: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The browser's session, set by signing in.",
          },
        },
      },
      // Either one signs the caller in; the public routes say that sign-in is optional there.
      security: [{ [BEARER_SCHEME]: [] }, { [COOKIE_SCHEME]: [] }],
      tags: OPERATION_TAGS.map((name) => ({ name })),
    },
    transform: createDocumentTransform(app.log),
  });

  // The plugin builds the document on the first call, then keeps it: no route is added once the
  // app is ready. Public (plugins/session.ts), so a program can read it before it has a token.
  app.get(
    apiRoutes.openApi.path,
    { schema: { summary: "This document: the API described as OpenAPI 3.1." } },
    async () => app.swagger(),
  );
}
