// Turns each route's schema into its operation in the OpenAPI document: the zod schemas the route
// validates with become JSON Schema (their input side for requests: what a caller sends, before
// any transform), the client's pages are left out, and each operation gets its group and, on the
// public routes, optional sign-in.
import { API_PREFIX, apiRoutes } from "@core/api/routes";
import { signInSchema, signUpSchema, trialSignupSchema } from "@core/schemas/auth";
import { IMPORT_CONTENT_TYPES } from "@core/schemas/import-export";
import type { SwaggerTransform } from "@fastify/swagger";
import type { FastifyBaseLogger, FastifySchema } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { $ZodType } from "zod/v4/core";
import { isPublicApiPath } from "../plugins/session";
import { tagOf } from "./operation-tags";

type TransformInput = Parameters<SwaggerTransform>[0];

/** The parts of a route's schema the zod transform converts. */
const CONVERTED_PARTS = ["params", "querystring", "body", "headers", "response"] as const;

const FORM_OR_JSON = ["application/json", "application/x-www-form-urlencoded"];

/**
 * Routes that read their body in the handler (a form or JSON, or a raw file) rather than through
 * a route schema: what they accept, for the document only, from the schema the handler parses.
 */
const HANDLER_BODIES = new Map<string, FastifySchema>([
  [`POST ${apiRoutes.signup.path}`, { body: signUpSchema, consumes: FORM_OR_JSON }],
  [`POST ${apiRoutes.login.path}`, { body: signInSchema, consumes: FORM_OR_JSON }],
  [`POST ${apiRoutes.trialSignup.path}`, { body: trialSignupSchema }],
  [
    `POST ${apiRoutes.projectImport.path}`,
    {
      body: { description: "The plan's file: MSPDI XML, GanttProject (.gan), CSV or the planner's JSON." },
      consumes: [...IMPORT_CONTENT_TYPES],
    },
  ],
]);

/** Sign-in is optional on the public routes: they answer anyone, and a signed-in caller as itself. */
function securityOf(url: string, global: readonly Record<string, string[]>[]) {
  return isPublicApiPath(url) ? { security: [{}, ...global] } : {};
}

export function createDocumentTransform(log: FastifyBaseLogger): SwaggerTransform {
  return (input) => {
    const { url, route } = input;
    // Only the API: the client's pages and the catch-all that serves them are not part of it.
    if (!url.startsWith(API_PREFIX) || input.schema?.hide) return { schema: { hide: true }, url };
    const methods = [route.method].flat();
    const handlerBody = methods.length === 1 ? HANDLER_BODIES.get(`${methods[0]} ${url}`) : undefined;
    const schema: FastifySchema = { ...handlerBody, ...input.schema };
    const global = "openapiObject" in input ? (input.openapiObject.security ?? []) : [];
    const operation: FastifySchema = { tags: [tagOf(url)], ...securityOf(url, global) };
    for (const [key, value] of Object.entries(schema)) {
      if (value === undefined) continue;
      const part = CONVERTED_PARTS.find((name) => name === key);
      if (part) Object.assign(operation, convertedPart(input, schema, part, log));
      else Object.assign(operation, { [key]: value });
    }
    return { schema: operation, url };
  };
}

/**
 * One part of a route's schema as JSON Schema. A part the conversion fails on is left out (or, for
 * a body, described as any JSON) rather than failing the whole document; a part that is already
 * JSON Schema is kept as it is.
 */
function convertedPart(
  input: TransformInput,
  schema: FastifySchema,
  part: (typeof CONVERTED_PARTS)[number],
  log: FastifyBaseLogger,
): FastifySchema {
  const value = schema[part];
  const isZod = value instanceof $ZodType;
  const isZodResponse =
    part === "response" &&
    typeof value === "object" &&
    value !== null &&
    Object.values(value).some((status) => status instanceof $ZodType);
  if (!isZod && !isZodResponse) return { [part]: value };
  try {
    const converted = jsonSchemaTransform({ ...input, schema: { [part]: value } });
    return { [part]: converted.schema[part] };
  } catch (error) {
    log.warn(
      { err: error, url: input.url, method: input.route.method, part },
      "the OpenAPI document leaves out a schema it could not convert",
    );
    return part === "body" ? { body: {} } : {};
  }
}
