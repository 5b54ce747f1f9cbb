// STUB (to be written): each API token's own rate-limit budget.
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/** The rate limiter's key: the token for a bearer call, else the client's address. */
export function rateLimitKey(request: FastifyRequest): string {
  return request.ip;
}

/** The requests per minute allowed under that key. */
export function rateLimitMax(config: Config): (request: FastifyRequest, key: string) => number {
  return () => (config.apiRateLimitPerMinute > 0 ? config.apiRateLimitPerMinute : Number.MAX_SAFE_INTEGER);
}
