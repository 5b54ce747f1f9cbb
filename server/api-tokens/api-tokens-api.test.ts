// API tokens through the API (docs/spec/notifications-and-api.md): a token made from a signed-in
// session answers its secret once and is stored as a hash; with `Authorization: Bearer` it acts as
// its user on every route, within its scope, without cookie or Origin; revoked or expired it is
// refused at once; it cannot manage tokens. Its rate limit: token-rate-limit.test.ts.
import { createHash } from "node:crypto";
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type ApiTokenDto,
  type CreatedApiTokenDto,
} from "@core/schemas/api-tokens";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, projects } from "../db/schema";
import { createProjectFor } from "../test/factories";
import { jsonRequest, loginAs, sendJson, setupClients, setupTestApp } from "../test/test-app";
import { callWithToken, createTokenAs } from "./api-token-test-helpers";
import {
  MALFORMED_AUTHORIZATION,
  TOKEN_CANNOT_WRITE,
  TOKEN_EXPIRED,
  TOKEN_NOT_VALID,
  TOKENS_NEED_SESSION,
} from "./bearer-auth";
import { API_TOKEN_LIMIT_MESSAGE, API_TOKEN_NOT_FOUND } from "./token-store";

const testApp = setupTestApp();
const [alice, bob] = setupClients(testApp, 2);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const storedToken = async (id: number) =>
  (await testApp.database.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0];
const tokenCount = async () => (await testApp.database.db.select({ n: count() }).from(apiTokens))[0].n;

describe("making a token", () => {
  it("answers the secret once; the list shows the token without it, with its prefix", async () => {
    const client = await loginAs(testApp);
    const created = await createTokenAs(client, "read", "  CI reader  ");
    expect(created).toEqual({
      id: expect.any(Number),
      name: "CI reader",
      scope: "read",
      prefix: created.secret.slice(0, 8),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      expiresAt: null,
      lastUsedAt: null,
      secret: expect.stringMatching(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`)),
    });
    // 32 random bytes in base64url: 256 bits.
    expect(Buffer.from(created.secret.slice(API_TOKEN_PREFIX.length), "base64url")).toHaveLength(32);

    const list = await sendJson(client, "GET", "/api/tokens");
    expect(list.statusCode).toBe(200);
    const { secret, ...shown } = created;
    expect(list.json()).toEqual([shown]);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(sha256(secret));
  });

  it("stores only the secret's SHA-256 and its first 8 characters", async () => {
    const created = await createTokenAs(alice, "write");
    const row = await storedToken(created.id);
    expect(row.tokenHash).not.toBe(created.secret);
    expect(row.tokenHash).toBe(sha256(created.secret));
    expect(row.prefix).toBe(created.secret.slice(0, 8));
    expect(row).toMatchObject({ userId: alice.user.id, scope: "write", expiresAt: null, lastUsedAt: null });
    expect(JSON.stringify(row)).not.toContain(created.secret);
  });

  it("keeps an expiry in the future, and refuses one in the past naming expiresAt", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const made = await sendJson(alice, "POST", "/api/tokens", { name: "Expiring", scope: "read", expiresAt });
    expect(made.statusCode).toBe(201);
    expect(made.json().expiresAt).toBe(expiresAt);
    expect((await storedToken(made.json().id)).expiresAt?.toISOString()).toBe(expiresAt);

    const before = await tokenCount();
    for (const past of ["2020-01-01T00:00:00Z", "0001-01-01T00:00:00+02:00"]) {
      const refused = await sendJson(alice, "POST", "/api/tokens", {
        name: "Old",
        scope: "read",
        expiresAt: past,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: "expiresAt must be in the future.",
        code: "invalid_input",
        field: "expiresAt",
      });
    }
    expect(await tokenCount()).toBe(before);
  });

  it("refuses a bad name, scope or expiry with 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: "read" }, "name"],
      [{ name: "   ", scope: "read" }, "name"],
      [{ name: "x".repeat(101), scope: "read" }, "name"],
      [{ name: "Admin", scope: "admin" }, "scope"],
      [{ name: "Soon", scope: "read", expiresAt: "tomorrow" }, "expiresAt"],
      [{ name: "Leap", scope: "read", expiresAt: "2031-02-30T00:00:00Z" }, "expiresAt"],
    ];
    for (const [body, field] of cases) {
      const response = await sendJson(alice, "POST", "/api/tokens", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    const extra = await sendJson(alice, "POST", "/api/tokens", {
      name: "A",
      scope: "read",
      userId: bob.user.id,
    });
    expect(extra.statusCode).toBe(400);
  });

  it(`keeps at most ${API_TOKENS_PER_USER} per user: past that 409, and room again after a revocation`, async () => {
    const client = await loginAs(testApp);
    await testApp.database.db.insert(apiTokens).values(
      Array.from({ length: API_TOKENS_PER_USER }, (_, index) => ({
        userId: client.user.id,
        name: `Token ${index}`,
        scope: "read" as const,
        tokenHash: sha256(`limit-${client.user.id}-${index}`),
        prefix: "vpp_limi",
      })),
    );
    const refused = await sendJson(client, "POST", "/api/tokens", { name: "One more", scope: "read" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: API_TOKEN_LIMIT_MESSAGE,
      code: "api_token_limit",
      limit: API_TOKENS_PER_USER,
    });
    expect(refused.json().message).toContain(String(API_TOKENS_PER_USER));
    // Two at once do not both slip under the limit.
    const [oldest] = (await sendJson(client, "GET", "/api/tokens")).json() as ApiTokenDto[];
    expect((await sendJson(client, "DELETE", `/api/tokens/${oldest.id}`)).statusCode).toBe(204);
    const racing = await Promise.all(
      [1, 2].map((n) => sendJson(client, "POST", "/api/tokens", { name: `Racer ${n}`, scope: "read" })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const held = await testApp.database.db
      .select({ n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, client.user.id));
    expect(held[0].n).toBe(API_TOKENS_PER_USER);
  });

  it("lists only the user's own tokens, newest first", async () => {
    const client = await loginAs(testApp);
    const first = await createTokenAs(client, "read", "First");
    const second = await createTokenAs(client, "write", "Second");
    await createTokenAs(bob, "read", "Bob's");
    const list = (await sendJson(client, "GET", "/api/tokens")).json() as ApiTokenDto[];
    expect(list.map((token) => token.id)).toEqual([second.id, first.id]);
  });
});

describe("calling with a token", () => {
  it("acts as its user on a GET, without cookie and without Origin", async () => {
    const token = await createTokenAs(alice, "read");
    const project = await createProjectFor(testApp, alice.user, { name: "Alice's plan" });
    const user = await callWithToken(testApp, token.secret, "GET", "/api/auth/user");
    expect(user.statusCode).toBe(200);
    expect(user.json().id).toBe(alice.user.id);
    const list = await callWithToken(testApp, token.secret, "GET", "/api/projects");
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: number }[]).map((listed) => listed.id)).toContain(project.id);
    // The same project, to another user's token: not found.
    const other = await createTokenAs(bob, "read");
    expect(
      (await callWithToken(testApp, other.secret, "GET", `/api/projects/${project.id}`)).statusCode,
    ).toBe(404);
  });

  it("takes the bearer token over a cookie", async () => {
    const token = await createTokenAs(bob, "read");
    const response = await alice.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { authorization: `Bearer ${token.secret}` },
    });
    expect(response.json().id).toBe(bob.user.id);
  });

  it("writes with a write token, even under another site's Origin; a cookie's write there is refused", async () => {
    const token = await createTokenAs(alice, "write");
    const evil = { origin: "https://evil.example" };
    const made = await callWithToken(
      testApp,
      token.secret,
      "POST",
      "/api/projects",
      { name: "By program" },
      evil,
    );
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await testApp.database.db.select().from(projects).where(eq(projects.id, made.json().id));
    expect(row.userId).toBe(alice.user.id);

    const byCookie = await alice.inject({
      ...jsonRequest("POST", "/api/projects", { name: "Forged" }),
      headers: { "content-type": "application/json", ...evil },
      payload: JSON.stringify({ name: "Forged" }),
    });
    expect(byCookie.statusCode).toBe(403);
    expect(byCookie.json().code).toBe("cross_site_request");
  });

  it("keeps the JSON-only body rule for bearer calls", async () => {
    const token = await createTokenAs(alice, "write");
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: { authorization: `Bearer ${token.secret}`, "content-type": "text/plain" },
      payload: JSON.stringify({ name: "Plain" }),
    });
    expect(response.statusCode).toBe(415);
  });

  it("refuses every write to a read token with 403 token_scope, nothing written", async () => {
    const token = await createTokenAs(alice, "read");
    const project = await createProjectFor(testApp, alice.user, { name: "Read only" });
    const before = (await testApp.database.db.select({ n: count() }).from(projects))[0].n;
    const writes = [
      callWithToken(testApp, token.secret, "POST", "/api/projects", { name: "Nope" }),
      callWithToken(testApp, token.secret, "PUT", `/api/projects/${project.id}`, { name: "Nope" }),
      callWithToken(testApp, token.secret, "PATCH", `/api/projects/${project.id}`, { archived: true }),
      callWithToken(testApp, token.secret, "DELETE", `/api/projects/${project.id}`),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: TOKEN_CANNOT_WRITE, code: "token_scope" });
    }
    expect((await testApp.database.db.select({ n: count() }).from(projects))[0].n).toBe(before);
    expect(
      (await callWithToken(testApp, token.secret, "GET", `/api/projects/${project.id}`)).statusCode,
    ).toBe(200);

    const writer = await createTokenAs(alice, "write");
    expect(
      (await callWithToken(testApp, writer.secret, "POST", "/api/projects", { name: "Yes" })).statusCode,
    ).toBe(201);
  });

  it("records the last use, at most once a minute, and the list shows it", async () => {
    const client = await loginAs(testApp);
    const token = await createTokenAs(client, "read");
    expect((await storedToken(token.id)).lastUsedAt).toBeNull();
    const started = Date.now();
    expect((await callWithToken(testApp, token.secret, "GET", "/api/projects")).statusCode).toBe(200);
    const firstUse = (await storedToken(token.id)).lastUsedAt;
    expect(firstUse?.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(firstUse?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // A second call within the minute writes nothing.
    await testApp.database.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(apiTokens.id, token.id));
    expect((await callWithToken(testApp, token.secret, "GET", "/api/projects")).statusCode).toBe(200);
    expect((await storedToken(token.id)).lastUsedAt?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    const [listed] = (await sendJson(client, "GET", "/api/tokens")).json() as ApiTokenDto[];
    expect(listed.lastUsedAt).toBe("2026-01-01T00:00:00.000Z");
  });
});

describe("a token refused", () => {
  it("once revoked, at once; the list no longer has it", async () => {
    const token = await createTokenAs(alice, "write");
    expect((await callWithToken(testApp, token.secret, "GET", "/api/projects")).statusCode).toBe(200);
    const revoked = await sendJson(alice, "DELETE", `/api/tokens/${token.id}`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe("");
    const refused = await callWithToken(testApp, token.secret, "GET", "/api/projects");
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: TOKEN_NOT_VALID, code: "invalid_token" });
    expect(refused.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    expect(await storedToken(token.id)).toBeUndefined();
    const list = (await sendJson(alice, "GET", "/api/tokens")).json() as ApiTokenDto[];
    expect(list.map((listed) => listed.id)).not.toContain(token.id);
  });

  it("once expired", async () => {
    const token = await createTokenAs(alice, "read");
    await testApp.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, token.id));
    const refused = await callWithToken(testApp, token.secret, "GET", "/api/projects");
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: TOKEN_EXPIRED, code: "token_expired" });
  });

  it("when unknown, even on a public route: the caller asked to be someone", async () => {
    for (const secret of [
      `${API_TOKEN_PREFIX}${"A".repeat(43)}`,
      "not-one-of-ours",
      `${API_TOKEN_PREFIX}${"a".repeat(500)}`,
    ]) {
      for (const url of ["/api/projects", "/api/auth/user"]) {
        const refused = await callWithToken(testApp, secret, "GET", url);
        expect(refused.statusCode, `${url} ${secret.slice(0, 10)}`).toBe(401);
        expect(refused.json().message).toBe(TOKEN_NOT_VALID);
      }
    }
    const signup = await callWithToken(testApp, "vpp_unknown", "POST", "/api/trial-signup", {
      email: "bearer@example.com",
    });
    expect(signup.statusCode).toBe(401);
  });

  it("when the Authorization header is not a bearer token, even beside a valid cookie", async () => {
    for (const authorization of [
      "Basic dXNlcjpwYXNz",
      "Bearer",
      "Bearer ",
      "Bearer a b",
      "Token vpp_x",
      "",
    ]) {
      const refused = await alice.inject({ method: "GET", url: "/api/projects", headers: { authorization } });
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.json()).toEqual({ message: MALFORMED_AUTHORIZATION, code: "invalid_authorization" });
    }
    // The scheme's case does not matter.
    const token = await createTokenAs(alice, "read");
    const lower = await testApp.app.inject({
      method: "GET",
      url: "/api/projects",
      headers: { authorization: `bearer ${token.secret}` },
    });
    expect(lower.statusCode).toBe(200);
  });
});

describe("managing tokens", () => {
  it("is not for a token, whatever its scope: 403, nothing made or revoked", async () => {
    const writer = await createTokenAs(alice, "write");
    const reader = await createTokenAs(alice, "read");
    const before = await tokenCount();
    for (const { secret } of [writer, reader]) {
      const calls = await Promise.all([
        callWithToken(testApp, secret, "GET", "/api/tokens"),
        callWithToken(testApp, secret, "POST", "/api/tokens", { name: "Minted", scope: "write" }),
        callWithToken(testApp, secret, "DELETE", `/api/tokens/${reader.id}`),
        // The same route spelt otherwise reaches it, and is refused the same.
        callWithToken(testApp, secret, "GET", "/api/%74okens"),
        callWithToken(testApp, secret, "DELETE", `/api/%74okens/${reader.id}`),
      ]);
      for (const response of calls) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: TOKENS_NEED_SESSION, code: "session_required" });
      }
    }
    expect(await tokenCount()).toBe(before);
    expect(await storedToken(reader.id)).toBeDefined();
  });

  it("another user's token, or one that does not exist, cannot be revoked: 404", async () => {
    const bobs: CreatedApiTokenDto = await createTokenAs(bob, "read");
    for (const id of [bobs.id, 2_147_483_000]) {
      const refused = await sendJson(alice, "DELETE", `/api/tokens/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: API_TOKEN_NOT_FOUND, code: "not_found" });
    }
    expect((await callWithToken(testApp, bobs.secret, "GET", "/api/projects")).statusCode).toBe(200);
    expect((await sendJson(alice, "DELETE", "/api/tokens/abc")).statusCode).toBe(400);
  });

  it("needs a session: 401 without one", async () => {
    expect((await testApp.app.inject({ method: "GET", url: "/api/tokens" })).statusCode).toBe(401);
    const made = await testApp.app.inject(
      jsonRequest("POST", "/api/tokens", { name: "Anon", scope: "read" }),
    );
    expect(made.statusCode).toBe(401);
  });
});
