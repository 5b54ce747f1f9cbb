// Sign-in through OpenID Connect against a small provider served on loopback by the test itself:
// discovery, the authorization redirect, PKCE, the token exchange and a signed ID token.
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../auth/passwords";
import { createUser } from "../../auth/users";
import { users } from "../../db/schema";
import { sessionCookieOf, setupTestApp } from "../../test/test-app";

const CLIENT_ID = "planner-test";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

type Identity = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  preferred_username?: string;
};
const pendingCodes = new Map<string, { challenge: string; nonce: string; identity: Identity }>();
let nextIdentity: Identity;
let issuer: string;
let provider: Server;

function idToken(claims: Record<string, unknown>) {
  const header = base64url(JSON.stringify({ alg: "RS256", kid: "test-key", typ: "JWT" }));
  const payload = base64url(JSON.stringify(claims));
  const signature = sign("sha256", Buffer.from(`${header}.${payload}`), privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}

function startProvider(): Promise<void> {
  provider = createServer((request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") {
      return send(200, {
        keys: [{ ...publicKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" }],
      });
    }
    if (url.pathname === "/token" && request.method === "POST") {
      let raw = "";
      request.on("data", (chunk) => {
        raw += chunk;
      });
      request.on("end", () => {
        const form = new URLSearchParams(raw);
        const pending = pendingCodes.get(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        // The provider checks PKCE as a real one would: the verifier must hash to the challenge.
        if (!pending || base64url(createHash("sha256").update(verifier).digest()) !== pending.challenge) {
          return send(400, { error: "invalid_grant" });
        }
        pendingCodes.delete(form.get("code") ?? "");
        const now = Math.floor(Date.now() / 1000);
        return send(200, {
          access_token: "access",
          token_type: "Bearer",
          expires_in: 300,
          id_token: idToken({
            iss: issuer,
            aud: CLIENT_ID,
            iat: now,
            exp: now + 300,
            nonce: pending.nonce,
            ...pending.identity,
          }),
        });
      });
      return undefined;
    }
    return send(404, { error: "not_found" });
  });
  return new Promise((resolve) =>
    provider.listen(0, "127.0.0.1", () => {
      issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(startProvider);
afterAll(() => provider.close());
const testApp = setupTestApp({
  config: () => ({ oidc: { issuerUrl: issuer, clientId: CLIENT_ID, clientSecret: "secret" } }),
});

/** Follows the flow as a browser would: /api/login, the provider's consent, then /api/callback. */
async function signInThroughProvider(identity: Identity, tamperState = false) {
  nextIdentity = identity;
  const start = await testApp.app.inject({ method: "GET", url: "/api/login" });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin + authorize.pathname).toBe(`${issuer}/authorize`);
  expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost/api/callback");
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  const flowCookie = start.cookies.find((cookie) => cookie.name === "oidc_flow");
  expect(flowCookie?.httpOnly).toBe(true);

  const code = base64url(randomBytes(16));
  pendingCodes.set(code, {
    challenge: authorize.searchParams.get("code_challenge") ?? "",
    nonce: authorize.searchParams.get("nonce") ?? "",
    identity: nextIdentity,
  });
  const state = tamperState ? "forged-state" : authorize.searchParams.get("state");
  return testApp.app.inject({
    method: "GET",
    url: `/api/callback?code=${code}&state=${state}`,
    headers: { cookie: `oidc_flow=${flowCookie?.value}` },
  });
}

describe("OpenID Connect sign-in", () => {
  it("creates the account on first sign-in and starts a session", async () => {
    const callback = await signInThroughProvider({
      sub: "subject-1",
      email: "Oidc.User@Example.com",
      email_verified: true,
      given_name: "Grace",
      preferred_username: "grace",
    });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe("/my-tasks");
    const me = await testApp.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookieOf(callback)! },
    });
    expect(me.json()).toMatchObject({
      email: "oidc.user@example.com",
      firstName: "Grace",
      username: "grace",
    });
    const [stored] = await testApp.database.db.select().from(users).where(eq(users.oidcSubject, "subject-1"));
    expect(stored.passwordHash).toBeNull();
  });

  it("signs the same identity into the same account next time", async () => {
    const callback = await signInThroughProvider({
      sub: "subject-1",
      email: "oidc.user@example.com",
      email_verified: true,
    });
    const me = await testApp.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookieOf(callback)! },
    });
    const rows = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, "oidc.user@example.com"));
    expect(rows).toHaveLength(1);
    expect(me.json().id).toBe(rows[0].id);
  });

  it("refuses a callback whose state does not match, and starts no session", async () => {
    const callback = await signInThroughProvider(
      { sub: "subject-2", email: "two@example.com", email_verified: true },
      true,
    );
    expect(callback.statusCode).toBe(401);
    expect(callback.body).toContain("Single sign-on failed. Please try again.");
    expect(sessionCookieOf(callback)).toBeUndefined();
  });

  it("does not take over a password account through an unverified email", async () => {
    await createUser(testApp.database.db, {
      email: "owner@example.com",
      username: "owner",
      firstName: null,
      lastName: null,
      passwordHash: await hashPassword("owner's password"),
    });
    const callback = await signInThroughProvider({
      sub: "attacker",
      email: "owner@example.com",
      email_verified: false,
    });
    expect(callback.statusCode).toBe(401);
    expect(callback.body).toContain("An account with this email already exists. Log in with your password.");
    const [owner] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, "owner@example.com"));
    expect(owner.oidcSubject).toBeNull();
  });

  it("still offers the password form at /api/login?local", async () => {
    const page = await testApp.app.inject({ method: "GET", url: "/api/login?local" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Continue with single sign-on");
  });
});
