// Each API token's own rate-limit budget: a program calling with a token spends its token's
// requests per minute, not those of the address it calls from (many programs may share one), and
// one busy token does not hold up the others.
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { authorizationOf, hashApiTokenSecret } from "./bearer";

const TOKEN_KEY_PREFIX = "token:";

/** The rate limiter's key: the token for a bearer call, else the client's address. */
export function rateLimitKey(request: FastifyRequest): string {
  const authorization = authorizationOf(request);
  // The secret's hash, as the database keeps it: the limiter's store never holds a secret.
  return authorization.kind === "bearer"
    ? `${TOKEN_KEY_PREFIX}${hashApiTokenSecret(authorization.secret)}`
    : request.ip;
}

/** 0 means no limit, for either budget. */
const perMinute = (limit: number) => (limit > 0 ? limit : Number.MAX_SAFE_INTEGER);

/** The requests per minute allowed under that key. */
export function rateLimitMax(config: Config): (request: FastifyRequest, key: string) => number {
  return (_request, key) =>
    perMinute(
      key.startsWith(TOKEN_KEY_PREFIX) ? config.apiTokenRateLimitPerMinute : config.apiRateLimitPerMinute,
    );
}
