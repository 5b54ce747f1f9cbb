// Cross-site requests cannot act for a user (docs/decisions/007-request-guards.md): a write whose
// Origin names another site is refused, JSON is the only body the API takes, and the two sign-in
// form posts must prove they come from our own pages. No CORS headers are ever sent, so browsers
// keep other sites from reading any answer. A bearer call (an API token) is not held to the Origin
// check: a page of another site cannot send an Authorization header without a CORS preflight, which
// is never answered, so such a call comes from a program, not from a browser tricked by a page.
import { apiRoutes } from "@core/api/routes";
import { IMPORT_CONTENT_TYPES } from "@core/schemas/import-export";
import { unstorableTextIn } from "@core/schemas/storable-text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isBearerCall } from "../api-tokens/bearer";
import { AppError } from "../lib/errors";

/** Routes that take a file as their raw body, and the content types they take. */
const RAW_BODY_PATHS = new Map<string, readonly string[]>([
  [apiRoutes.projectImport.path, IMPORT_CONTENT_TYPES],
]);

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_POST_PATHS = new Set<string>([apiRoutes.login.path, apiRoutes.signup.path]);

/** The origin of a URL in its canonical form (default ports dropped, lower case), or "invalid". */
function canonicalOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "invalid";
  }
}

function ownOrigins(request: FastifyRequest, publicUrl: string | undefined): string[] {
  const origins = [canonicalOrigin(`${request.protocol}://${request.host}`)];
  if (publicUrl) origins.push(canonicalOrigin(publicUrl));
  return origins;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
}

/**
 * Where a request holds a character no text field can store (a NUL, a lone surrogate: core's
 * storable-text.ts), as the message of its 400, or undefined. PostgreSQL would fail on it deep in
 * a write as a 500 (the fuzz test found it); it is refused up front instead, for every route at
 * once: in the path's parameters, the query and the body, each named as its field.
 * @example unstorableInputMessage({ body: { name: "a\u0000" } }) // "name must not contain the NUL character (U+0000)."
 */
export function unstorableInputMessage(parts: {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}): string | undefined {
  for (const [part, value] of [
    ["Path", parts.params],
    ["Query", parts.query],
    ["Request body", parts.body],
  ] as const) {
    const found = unstorableTextIn(value);
    if (found) return `${found.path || part} must not contain ${found.problem}.`;
  }
  return undefined;
}

export const requestGuards = fp(async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
  app.addHook("onRequest", async (request, reply) => {
    // A client that hung up before its request was reached (seen under load) leaves no address.
    // Nothing can answer it, and the rate limiter would fail on the missing address with a 500.
    if (request.ip === undefined) {
      reply.hijack();
      request.raw.destroy();
      return;
    }
    if (!WRITE_METHODS.has(request.method)) return;
    const allowed = ownOrigins(request, options.publicUrl);
    const origin = request.headers.origin === undefined ? undefined : canonicalOrigin(request.headers.origin);
    if (origin !== undefined && !allowed.includes(origin) && !isBearerCall(request)) {
      throw new AppError(403, "Cross-site request refused.", "cross_site_request");
    }

    const path = request.url.split("?")[0];
    const contentType = (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (contentType === "application/x-www-form-urlencoded" && FORM_POST_PATHS.has(path)) {
      // Browsers always send Origin on form posts; Referer is the fallback for old ones.
      const referer = request.headers.referer;
      const claimed = origin ?? (referer ? canonicalOrigin(referer) : undefined);
      if (!claimed || !allowed.includes(claimed)) {
        throw new AppError(403, "Cross-site request refused.", "cross_site_request");
      }
      return;
    }
    const rawTypes = RAW_BODY_PATHS.get(path);
    if (rawTypes) {
      if (hasBody(request) && !rawTypes.includes(contentType))
        throw new AppError(
          415,
          `Send the file as its raw body with Content-Type ${rawTypes.slice(0, 4).join(", ")}; "${contentType || "none"}" is not taken.`,
        );
      return;
    }
    if (hasBody(request) && contentType !== "application/json") {
      throw new AppError(415, "Request bodies must be JSON (Content-Type: application/json).");
    }
  });

  app.addHook("preValidation", async (request) => {
    const message = unstorableInputMessage(request);
    if (message) throw new AppError(400, message, "invalid_input");
  });
});
