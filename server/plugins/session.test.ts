// Sessions through the app, with the session cache (docs/decisions/028-session-cache.md):
// a session seen a moment ago costs no statement, and a logout, an expiry or a change of the user
// is seen by the next request, on this instance and on another one sharing the Redis bus. The
// cache on its own: server/auth/session-cache.test.ts.
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callWithToken, createTokenAs } from "../api-tokens/api-token-test-helpers";
import { buildApp } from "../app";
import { hashToken } from "../auth/session-token";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { sessions, type User, users } from "../db/schema";
import { redisAvailable, startRedis, type TestRedis, waitForSubscribers } from "../test/redis-server";
import { createTestUser, loginAs, openTestDatabase, setupTestApp } from "../test/test-app";

let counting = false;
let statements: string[] = [];
const testApp = setupTestApp({ onQuery: (query) => counting && statements.push(query) });

const readsSessions = (statement: string) => /\bfrom "sessions"/i.test(statement);

/** The answers of `request` and the statements the app ran meanwhile. */
async function counted<T>(request: () => Promise<T>) {
  statements = [];
  counting = true;
  const answer = await request().finally(() => {
    counting = false;
  });
  return { answer, statements: [...statements] };
}

const currentUser = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });

const nameOf = (response: LightMyRequestResponse) => (response.json() as { firstName: string }).firstName;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a session seen a moment ago", () => {
  it("costs no statement on the next request with the same cookie", async () => {
    const client = await loginAs(testApp);
    const first = await counted(() => client.inject({ method: "GET", url: "/api/auth/user" }));
    expect(first.answer.statusCode).toBe(200);
    expect(first.statements.filter(readsSessions)).toHaveLength(1);

    const second = await counted(() => client.inject({ method: "GET", url: "/api/auth/user" }));
    expect(second.answer.statusCode).toBe(200);
    expect(second.answer.json().id).toBe(client.user.id);
    expect(second.statements).toEqual([]);
    // A route that reads the database reads no session either.
    const projects = await counted(() => client.inject({ method: "GET", url: "/api/projects" }));
    expect(projects.answer.statusCode).toBe(200);
    expect(projects.statements.filter(readsSessions)).toEqual([]);
  });

  it("is looked up once for requests that arrive together", async () => {
    const client = await loginAs(testApp);
    const { answer, statements } = await counted(() =>
      Promise.all(Array.from({ length: 4 }, () => client.inject({ method: "GET", url: "/api/auth/user" }))),
    );
    expect(answer.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(statements.filter(readsSessions)).toHaveLength(1);
  });

  it("is not refused for having been unknown a moment before", async () => {
    const user = await createTestUser(testApp);
    const token = `not-yet-${user.id}`;
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect((await currentUser(testApp.app, cookie)).statusCode).toBe(401);
    await testApp.database.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await currentUser(testApp.app, cookie)).statusCode).toBe(200);
  });
});

describe("what ends a cached session", () => {
  it("a logout: the old cookie gets 401 on the next request", async () => {
    for (const method of ["GET", "POST"] as const) {
      const client = await loginAs(testApp);
      expect((await currentUser(testApp.app, client.cookie)).statusCode).toBe(200);
      const logout = await client.inject({ method, url: "/api/logout" });
      expect(logout.statusCode).toBe(method === "GET" ? 303 : 204);
      expect((await currentUser(testApp.app, client.cookie)).statusCode, method).toBe(401);
      expect((await client.inject({ method: "GET", url: "/api/projects" })).statusCode, method).toBe(401);
    }
  });

  it("its expiry, though the row is still there", async () => {
    const user = await createTestUser(testApp);
    const token = `short-lived-${user.id}`;
    const cookie = `${SESSION_COOKIE}=${token}`;
    const expiresAt = new Date(Date.now() + 1500);
    await testApp.database.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt });
    expect((await currentUser(testApp.app, cookie)).statusCode).toBe(200);
    await wait(expiresAt.getTime() - Date.now() + 20);
    const expired = await counted(() => currentUser(testApp.app, cookie));
    expect(expired.answer.statusCode).toBe(401);
    // Refused from memory: the cache knew when the session ends.
    expect(expired.statements).toEqual([]);
  });

  it("a change of the user, once the write says so", async () => {
    const client = await loginAs(testApp);
    expect(nameOf(await currentUser(testApp.app, client.cookie))).toBe(client.user.firstName);
    await testApp.database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, client.user.id));
    // A write that does not tell the cache is seen only after the entry's lifetime (60 s)...
    expect(nameOf(await currentUser(testApp.app, client.cookie))).toBe(client.user.firstName);
    // ...which is why every write of users and sessions calls this after it commits.
    await testApp.app.sessionCache.changed({ userId: client.user.id });
    expect(nameOf(await currentUser(testApp.app, client.cookie))).toBe("Renamed");
  });
});

describe("an API token", () => {
  const readsTokens = (statement: string) => /\bfrom "api_tokens"/i.test(statement);

  it("is looked up on every call, one statement each, so its revocation holds on the next", async () => {
    const client = await loginAs(testApp);
    const token = await createTokenAs(client, "read");
    for (let call = 0; call < 2; call++) {
      const { answer, statements } = await counted(() =>
        callWithToken(testApp, token.secret, "GET", "/api/auth/user"),
      );
      expect(answer.statusCode).toBe(200);
      expect(statements.filter(readsTokens)).toHaveLength(1);
      // Not the session cache's: a bearer call reads no session.
      expect(statements.filter(readsSessions)).toEqual([]);
    }
    expect((await client.inject({ method: "DELETE", url: `/api/tokens/${token.id}` })).statusCode).toBe(204);
    expect((await callWithToken(testApp, token.secret, "GET", "/api/auth/user")).statusCode).toBe(401);
  });

  it("that is not ours by its form is refused without a statement", async () => {
    const { answer, statements } = await counted(() =>
      callWithToken(testApp, "someone-elses-token", "GET", "/api/auth/user"),
    );
    expect(answer.statusCode).toBe(401);
    expect(statements).toEqual([]);
  });
});

describe.runIf(redisAvailable)("two instances sharing the session cache's messages through Redis", () => {
  let redis: TestRedis;
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    // One database for both, as instances behind a load balancer share their PostgreSQL server.
    database = await openTestDatabase();
    for (let index = 0; index < 2; index++) {
      const config = { ...loadConfig({}), redisUrl: redis.url, clientDir: "./does-not-exist" };
      const app = await buildApp({ config, db: database.db });
      await app.ready();
      apps.push(app);
    }
    // A message published before an instance has subscribed would be lost to it: wait for both.
    await waitForSubscribers(redis, "planner:project-events", 2);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await redis?.stop();
  });

  /** A new user signed in, whose session both instances have cached. */
  async function signedInOnBoth(): Promise<{ user: User; cookie: string }> {
    const [user] = await database.db
      .insert(users)
      .values({ email: `both${Date.now()}${Math.random()}@example.com`, firstName: "Both" })
      .returning();
    const { token } = await createSession(database.db, user.id, 1);
    const cookie = `${SESSION_COOKIE}=${token}`;
    for (const app of apps) expect((await currentUser(app, cookie)).statusCode).toBe(200);
    return { user, cookie };
  }

  it("a logout on A: the old cookie gets 401 on A at once, and on B as the message arrives", async () => {
    const { cookie } = await signedInOnBoth();
    const logout = await apps[0].inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    expect((await currentUser(apps[0], cookie)).statusCode).toBe(401);
    // B had the session in memory for another minute: only the message can end it this soon.
    await expect
      .poll(async () => (await currentUser(apps[1], cookie)).statusCode, { timeout: 5000 })
      .toBe(401);
  });

  it("a change of the user on A is seen on B", async () => {
    const { user, cookie } = await signedInOnBoth();
    await database.db.update(users).set({ firstName: "Renamed on A" }).where(eq(users.id, user.id));
    await apps[0].sessionCache.changed({ userId: user.id });
    expect(nameOf(await currentUser(apps[0], cookie))).toBe("Renamed on A");
    await expect
      .poll(async () => nameOf(await currentUser(apps[1], cookie)), { timeout: 5000 })
      .toBe("Renamed on A");
  });

  it("a deleted account is refused on both", async () => {
    const { user, cookie } = await signedInOnBoth();
    await database.db.delete(users).where(eq(users.id, user.id)); // its sessions go with it
    await apps[0].sessionCache.changed({ userId: user.id });
    expect((await currentUser(apps[0], cookie)).statusCode).toBe(401);
    await expect
      .poll(async () => (await currentUser(apps[1], cookie)).statusCode, { timeout: 5000 })
      .toBe(401);
  });

  it("a logout while Redis is away is seen on B once the bus reconnects", async () => {
    const { cookie } = await signedInOnBoth();
    await redis.stop();
    // The message of this logout is lost: B still has the session in memory.
    expect(
      (await apps[0].inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode,
    ).toBe(204);
    expect((await currentUser(apps[1], cookie)).statusCode).toBe(200);
    redis = await startRedis(redis.port);
    // B forgets every session when its bus is back, so its next lookup finds the session gone.
    await expect
      .poll(async () => (await currentUser(apps[1], cookie)).statusCode, { timeout: 15_000, interval: 100 })
      .toBe(401);
  }, 30_000);
});
