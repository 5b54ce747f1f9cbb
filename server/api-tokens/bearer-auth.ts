// A bearer call's caller and what its token lets it do: the token is looked up on every call (one
// indexed query, no cache), so a revoked token is refused at once on every instance.
import { apiRoutes } from "@core/api/routes";
import { API_TOKEN_PREFIX, type ApiTokenScope } from "@core/schemas/api-tokens";
import type { Database } from "../db/client";
import type { ApiToken, User } from "../db/schema";
import { AppError } from "../lib/errors";
import { hashApiTokenSecret } from "./bearer";
import { findApiToken } from "./token-store";

export const TOKEN_NOT_VALID = "The API token is not valid.";
export const TOKEN_EXPIRED = "The API token has expired.";
export const MALFORMED_AUTHORIZATION = 'The Authorization header must read "Bearer <API token>".';
export const TOKEN_CANNOT_WRITE = 'This API token can only read; writes need a token with the "write" scope.';
export const TOKENS_NEED_SESSION =
  "API tokens are managed from a signed-in session in the browser, not with an API token.";

/** No secret we make is longer; a longer one is refused without hashing or a query. */
const SECRET_LENGTH_MAX = 128;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const TOKENS_PATH = apiRoutes.apiTokens.path;

// RFC 6750: a 401 to a bearer call says which scheme is wanted and why the token was refused.
const refused = (message: string, code: string) =>
  new AppError(401, message, code, { "www-authenticate": `Bearer error="invalid_token"` });

export const malformedAuthorization = () =>
  new AppError(401, MALFORMED_AUTHORIZATION, "invalid_authorization", { "www-authenticate": "Bearer" });

/** The token of a bearer secret and its user; 401 when it is unknown, revoked or expired. */
export async function resolveBearer(
  db: Database,
  secret: string,
  now = new Date(),
): Promise<{ token: ApiToken; user: User }> {
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > SECRET_LENGTH_MAX)
    throw refused(TOKEN_NOT_VALID, "invalid_token");
  const found = await findApiToken(db, hashApiTokenSecret(secret));
  if (!found) throw refused(TOKEN_NOT_VALID, "invalid_token");
  if (found.token.expiresAt && found.token.expiresAt <= now) throw refused(TOKEN_EXPIRED, "token_expired");
  return found;
}

/**
 * What a token may not do, for every route at once: manage tokens (a leaked token must not make
 * more of itself or hide its trail), or write with the "read" scope. Throws the 403.
 */
export function checkTokenCall(method: string, path: string, scope: ApiTokenScope): void {
  if (path === TOKENS_PATH || path.startsWith(`${TOKENS_PATH}/`))
    throw new AppError(403, TOKENS_NEED_SESSION, "session_required");
  if (scope !== "write" && WRITE_METHODS.has(method))
    throw new AppError(403, TOKEN_CANNOT_WRITE, "token_scope");
}
