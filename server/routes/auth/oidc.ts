// The OpenID Connect callback: finds or creates the account of the signed-in identity.
import { apiRoutes } from "@core/api/routes";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { OIDC_FLOW_COOKIE, type OidcClaims, requestOrigin } from "../../auth/oidc";
import { signInPage } from "../../auth/pages";
import type { SessionCache } from "../../auth/session-cache";
import { createSession, setSessionCookie } from "../../auth/sessions";
import { createUser, uniqueViolationOf } from "../../auth/users";
import type { Database } from "../../db/client";
import { type User, users } from "../../db/schema";

class SignInRefused extends Error {}

async function accountFor(db: Database, sessionCache: SessionCache, claims: OidcClaims): Promise<User> {
  const [bySubject] = await db.select().from(users).where(eq(users.oidcSubject, claims.subject)).limit(1);
  if (bySubject) return bySubject;
  if (!claims.email) throw new SignInRefused("Your identity provider did not share an email address.");
  const [byEmail] = await db.select().from(users).where(eq(users.email, claims.email)).limit(1);
  if (byEmail) {
    // Linking to an existing account is safe only when the provider vouches for the address.
    if (!claims.emailVerified || byEmail.oidcSubject) {
      throw new SignInRefused("An account with this email already exists. Log in with your password.");
    }
    const [linked] = await db
      .update(users)
      .set({ oidcSubject: claims.subject })
      .where(eq(users.id, byEmail.id))
      .returning();
    // The account may be signed in elsewhere: its cached sessions hold the row as it was.
    await sessionCache.changed({ userId: linked.id });
    return linked;
  }
  const values = {
    email: claims.email,
    firstName: claims.firstName,
    lastName: claims.lastName,
    profileImageUrl: claims.profileImageUrl,
    oidcSubject: claims.subject,
    passwordHash: null,
  };
  try {
    return await createUser(db, { ...values, username: claims.username });
  } catch (error) {
    // The provider's preferred username may be taken here; the account works without one.
    if (uniqueViolationOf(error)?.includes("username")) return createUser(db, { ...values, username: null });
    throw error;
  }
}

export default async function oidcRoutes(app: FastifyInstance) {
  const { config, db, oidc } = app;
  app.get(apiRoutes.oidcCallback.path, async (request, reply) => {
    reply.clearCookie(OIDC_FLOW_COOKIE, { path: apiRoutes.oidcCallback.path });
    if (!oidc)
      return reply.code(404).send({ message: "Single sign-on is not configured.", code: "not_found" });
    let user: User;
    try {
      const claims = await oidc.completeSignIn(request, requestOrigin(request, config.publicUrl));
      user = await accountFor(db, app.sessionCache, claims);
    } catch (error) {
      const refused = error instanceof SignInRefused;
      request.log.warn({ err: error }, "single sign-on failed");
      const message = refused ? error.message : "Single sign-on failed. Please try again.";
      return reply
        .code(401)
        .type("text/html")
        .send(signInPage({ error: message, sso: true }));
    }
    const { token, expiresAt } = await createSession(db, user.id, config.sessionTtlDays);
    setSessionCookie(request, reply, token, expiresAt);
    return reply.redirect("/my-tasks", 303);
  });
}
