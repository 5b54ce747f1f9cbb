// Sign-up, sign-in, logout and the current user (docs/decisions/005-accounts.md). The form posts
// and the JSON posts share one code path; only the way the outcome is told differs.

import { apiRoutes } from "@core/api/routes";
import { signInSchema, signUpSchema } from "@core/schemas/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AttemptLimiter, tryAgainMessage } from "../../auth/attempt-limiter";
import { requestOrigin } from "../../auth/oidc";
import { type SignUpValues, signInPage, signUpPage } from "../../auth/pages";
import { hashPassword, verifyPassword } from "../../auth/passwords";
import { clearSessionCookie, createSession, revokeSession, setSessionCookie } from "../../auth/sessions";
import { createUser, findUserByIdentifier, toPublicUser, uniqueViolationOf } from "../../auth/users";
import type { User } from "../../db/schema";
import { AppError, conflict, unauthorized } from "../../lib/errors";
import { parseInput } from "../../lib/validation";

const INVALID_CREDENTIALS = "Invalid email or password.";
const AFTER_SIGN_IN = "/my-tasks";

const isFormPost = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

const asRecord = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

export default async function authRoutes(app: FastifyInstance) {
  const { config, db } = app;
  const windowMs = config.loginFailureWindowMinutes * 60_000;
  const failuresPerAccount = new AttemptLimiter(config.loginMaxFailuresPerAccount, windowMs);
  const failuresPerClient = new AttemptLimiter(config.loginMaxFailuresPerClient, windowMs);
  const signupsPerClient = new AttemptLimiter(config.signupMaxPerClient, config.signupWindowMinutes * 60_000);
  const sso = config.oidc !== undefined;

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: User) {
    const { token, expiresAt } = await createSession(db, user.id, config.sessionTtlDays);
    setSessionCookie(request, reply, token, expiresAt);
  }

  function throttled(message: string, retryAfterMs: number) {
    const seconds = Math.ceil(retryAfterMs / 1000);
    return new AppError(429, tryAgainMessage(message, retryAfterMs), "too_many_requests", {
      "retry-after": String(seconds),
    });
  }

  app.get(apiRoutes.signup.path, async (request, reply) => {
    if (request.user) return reply.redirect(AFTER_SIGN_IN, 303);
    return reply.type("text/html").send(signUpPage({ sso }));
  });

  app.post(apiRoutes.signup.path, async (request, reply) => {
    const form = isFormPost(request);
    const body = asRecord(request.body);
    try {
      const retryAfter = signupsPerClient.retryAfterMs(request.ip);
      if (retryAfter > 0) throw throttled("Too many sign-ups from this address.", retryAfter);
      signupsPerClient.record(request.ip);

      const input = parseInput(signUpSchema, body);
      const passwordHash = await hashPassword(input.password);
      let user: User;
      try {
        user = await createUser(db, { ...input, passwordHash });
      } catch (error) {
        const constraint = uniqueViolationOf(error);
        if (constraint === undefined) throw error;
        throw constraint.includes("username")
          ? conflict("That username is already taken.", "username_taken")
          : conflict("An account with this email already exists.", "email_taken");
      }
      await startSession(request, reply, user);
      request.log.info({ userId: user.id }, "account created");
      if (form) return reply.redirect(AFTER_SIGN_IN, 303);
      return reply.code(201).send(toPublicUser(user));
    } catch (error) {
      if (!form || !(error instanceof AppError)) throw error;
      // The page comes back with the reason and what was typed, except the password.
      const values: SignUpValues = {
        email: text(body.email),
        username: text(body.username),
        firstName: text(body.firstName),
        lastName: text(body.lastName),
      };
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply
        .code(error.statusCode)
        .type("text/html")
        .send(signUpPage({ values, error: error.message, sso }));
    }
  });

  app.get(apiRoutes.login.path, async (request, reply) => {
    if (request.user) return reply.redirect(AFTER_SIGN_IN, 303);
    const query = request.query as Record<string, string | undefined>;
    if (app.oidc && query.local === undefined) {
      try {
        return await app.oidc.redirectToProvider(request, reply, requestOrigin(request, config.publicUrl));
      } catch (error) {
        request.log.error({ err: error }, "identity provider unreachable");
        const error503 =
          "Single sign-on is unavailable right now. Log in with your password or try again later.";
        return reply
          .code(503)
          .type("text/html")
          .send(signInPage({ error: error503, sso }));
      }
    }
    return reply.type("text/html").send(signInPage({ sso }));
  });

  app.post(apiRoutes.login.path, async (request, reply) => {
    const form = isFormPost(request);
    const body = asRecord(request.body);
    try {
      const { identifier, password } = parseInput(signInSchema, body);
      const accountKey = `account:${identifier}`;
      const retryAfter = Math.max(
        failuresPerAccount.retryAfterMs(accountKey),
        failuresPerClient.retryAfterMs(request.ip),
      );
      // Checked before the password, so a correct guess inside a throttled window still waits.
      if (retryAfter > 0) throw throttled("Too many failed sign-in attempts.", retryAfter);

      const user = await findUserByIdentifier(db, identifier);
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid) {
        failuresPerAccount.record(accountKey);
        failuresPerClient.record(request.ip);
        request.log.info({ identifier: identifier.slice(0, 254) }, "failed sign-in");
        throw unauthorized(INVALID_CREDENTIALS);
      }
      failuresPerAccount.reset(accountKey);
      await startSession(request, reply, user);
      if (form) return reply.redirect(AFTER_SIGN_IN, 303);
      return reply.send(toPublicUser(user));
    } catch (error) {
      if (!form || !(error instanceof AppError)) throw error;
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply
        .code(error.statusCode)
        .type("text/html")
        .send(signInPage({ identifier: text(body.email) ?? text(body.username), error: error.message, sso }));
    }
  });

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.sessionToken) await revokeSession(db, app.sessionCache, request.sessionToken);
    clearSessionCookie(request, reply);
  }

  app.get(apiRoutes.logout.path, async (request, reply) => {
    await endSession(request, reply);
    return reply.redirect("/", 303);
  });

  app.post(apiRoutes.logout.path, async (request, reply) => {
    await endSession(request, reply);
    return reply.code(204).send();
  });

  app.get(apiRoutes.authUser.path, async (request) => {
    if (!request.user) throw unauthorized();
    return toPublicUser(request.user);
  });
}
