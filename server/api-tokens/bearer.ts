// What a request's Authorization header says. Read by the request guards (a bearer call is not a
// cookie's), the session plugin (who the caller is) and the rate limiter (whose budget it spends).
import type { FastifyRequest } from "fastify";
import { hashToken } from "../auth/session-token";

export type Authorization = { kind: "none" } | { kind: "malformed" } | { kind: "bearer"; secret: string };

// The scheme is case-insensitive (RFC 9110); the credentials are one run of token characters.
const BEARER = /^bearer +([\w.~+/=-]+) *$/i;

/**
 * The request's credentials from its Authorization header: none, a bearer secret, or anything
 * else (refused: a caller who sends credentials we cannot read must not be served as a guest).
 * @example authorizationOf({ headers: { authorization: "Bearer vpp_abc" } }) // { kind: "bearer", secret: "vpp_abc" }
 */
export function authorizationOf(request: Pick<FastifyRequest, "headers">): Authorization {
  const header = request.headers.authorization;
  if (header === undefined) return { kind: "none" };
  const match = BEARER.exec(header);
  return match ? { kind: "bearer", secret: match[1] } : { kind: "malformed" };
}

/** Whether the request carries a bearer token (valid or not: the session plugin decides that). */
export const isBearerCall = (request: Pick<FastifyRequest, "headers">) =>
  authorizationOf(request).kind === "bearer";

/** What the database keeps of a secret, and the rate limiter's key: its SHA-256 in hex. */
export const hashApiTokenSecret = (secret: string) => hashToken(secret);
