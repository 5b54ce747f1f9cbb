import type { FastifyRequest } from "fastify";
import type { User } from "../db/schema";
import { unauthorized } from "./errors";

/** The signed-in user of a private route. The session plugin already answered 401 without one. */
export function currentUser(request: Pick<FastifyRequest, "user">): User {
  if (!request.user) throw unauthorized();
  return request.user;
}
