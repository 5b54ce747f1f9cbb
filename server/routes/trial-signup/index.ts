import { apiRoutes } from "@core/api/routes";
import { trialSignupSchema } from "@core/schemas/auth";
import type { FastifyInstance } from "fastify";
import { trialSignups } from "../../db/schema";
import { parseInput } from "../../lib/validation";

export default async function trialSignupRoutes(app: FastifyInstance) {
  app.post(apiRoutes.trialSignup.path, async (request, reply) => {
    const { email } = parseInput(trialSignupSchema, request.body);
    // Signing up twice is not an error, and answering the same way does not reveal who already did.
    await app.db.insert(trialSignups).values({ email }).onConflictDoNothing();
    return reply.code(201).send({ email });
  });
}
