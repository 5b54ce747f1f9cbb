// The session cache on its own, over the real sessions table and an in-process bus: what it keeps,
// for how long, and what drops it. Through the app (statements counted, logout, two instances on
// Redis): server/plugins/session.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { createMemoryBus, type EventBus } from "../realtime/event-bus";
import { createTestUser, setupTestApp } from "../test/test-app";
import { type ResolvedSession, SessionCache, type SessionCacheOptions } from "./session-cache";
import { hashToken } from "./session-token";
import { createSession, findSession } from "./sessions";

const testApp = setupTestApp();
const db = () => testApp.database.db;

/** A cache over the test database that counts its lookups; `bus` as another instance would share. */
function countingCache(options: SessionCacheOptions = {}, bus: EventBus = createMemoryBus()) {
  const counts = { lookups: 0 };
  const cache = new SessionCache(
    bus,
    (tokenHash) => {
      counts.lookups += 1;
      return findSession(db(), tokenHash);
    },
    options,
  );
  return { cache, counts, bus };
}

async function signedIn() {
  const user = await createTestUser(testApp);
  const { token } = await createSession(db(), user.id, 1);
  return { user, token };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the session cache", () => {
  it("answers a session seen before from memory", async () => {
    const { cache, counts } = countingCache();
    const { user, token } = await signedIn();
    expect((await cache.userOf(token))?.id).toBe(user.id);
    expect((await cache.userOf(token))?.id).toBe(user.id);
    expect(counts.lookups).toBe(1);
  });

  it("does not remember an unknown token: a session made just after is found", async () => {
    const { cache, counts } = countingCache();
    const user = await createTestUser(testApp);
    const token = `made-later-${user.id}`;
    expect(await cache.userOf(token)).toBeUndefined();
    await db()
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await cache.userOf(token))?.id).toBe(user.id);
    expect(counts.lookups).toBe(2);
  });

  it("shares one lookup between concurrent misses of a token", async () => {
    const { cache, counts } = countingCache();
    const { user, token } = await signedIn();
    const found = await Promise.all(Array.from({ length: 5 }, () => cache.userOf(token)));
    expect(found.map((found) => found?.id)).toEqual(Array(5).fill(user.id));
    expect(counts.lookups).toBe(1);
  });

  it("keeps at most its capacity, dropping the least recently used", async () => {
    const { cache, counts } = countingCache({ capacity: 2 });
    const [first, second, third] = await Promise.all([signedIn(), signedIn(), signedIn()]);
    await cache.userOf(first.token);
    await cache.userOf(second.token);
    await cache.userOf(first.token); // first is now the most recently used
    await cache.userOf(third.token); // so second goes
    expect(cache.size).toBe(2);
    expect(counts.lookups).toBe(3);
    await cache.userOf(first.token);
    await cache.userOf(third.token);
    expect(counts.lookups).toBe(3);
    await cache.userOf(second.token);
    expect(counts.lookups).toBe(4);
  });

  it("refuses a session past its expiry without asking the database", async () => {
    const { cache, counts } = countingCache();
    const user = await createTestUser(testApp);
    const token = `short-lived-${user.id}`;
    const expiresAt = new Date(Date.now() + 1000);
    await db()
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt });
    expect((await cache.userOf(token))?.id).toBe(user.id);
    await wait(expiresAt.getTime() - Date.now() + 20);
    expect(await cache.userOf(token)).toBeUndefined();
    expect(counts.lookups).toBe(1);
    expect(cache.size).toBe(0);
  });

  it("rereads an entry after its lifetime, so a change nobody announced is seen", async () => {
    const { cache, counts } = countingCache({ recheckMs: 500 });
    const { user, token } = await signedIn();
    await cache.userOf(token);
    await db().update(users).set({ firstName: "Renamed quietly" }).where(eq(users.id, user.id));
    expect((await cache.userOf(token))?.firstName).toBe(user.firstName);
    await wait(520);
    expect((await cache.userOf(token))?.firstName).toBe("Renamed quietly");
    await db().delete(sessions).where(eq(sessions.userId, user.id));
    await wait(520);
    expect(await cache.userOf(token)).toBeUndefined();
    expect(counts.lookups).toBe(3);
  });

  it("drops a token's entry, or every entry of a user, on every cache of the bus", async () => {
    const bus = createMemoryBus();
    const here = countingCache({}, bus);
    const there = countingCache({}, bus);
    const { user, token } = await signedIn();
    const { token: secondToken } = await createSession(db(), user.id, 1);
    const other = await signedIn();
    for (const { cache } of [here, there])
      for (const each of [token, secondToken, other.token]) await cache.userOf(each);
    expect([here.cache.size, there.cache.size]).toEqual([3, 3]);

    await here.cache.changed({ tokenHash: hashToken(token) });
    expect([here.cache.size, there.cache.size]).toEqual([2, 2]);
    await here.cache.changed({ userId: user.id });
    expect([here.cache.size, there.cache.size]).toEqual([1, 1]);
    await there.cache.userOf(other.token);
    expect(there.counts.lookups).toBe(3);
  });

  it("does not keep what a lookup read before an invalidation that came during it", async () => {
    const { user, token } = await signedIn();
    let readRow = () => {};
    const rowRead = new Promise<void>((resolve) => {
      readRow = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const cache = new SessionCache(
      createMemoryBus(),
      async (tokenHash): Promise<ResolvedSession | undefined> => {
        const session = await findSession(db(), tokenHash);
        readRow();
        await released;
        return session;
      },
    );
    const pending = cache.userOf(token);
    await rowRead;
    await cache.changed({ userId: user.id });
    release();
    // The request that asked before the change is answered with what it read, but nothing is kept.
    expect((await pending)?.id).toBe(user.id);
    expect(cache.size).toBe(0);
  });

  it("forgets everything when the bus reconnects (messages may have been missed)", async () => {
    const memory = createMemoryBus();
    let reconnected = () => {};
    const bus: EventBus = {
      ...memory,
      onReconnect: (listener) => {
        reconnected = listener;
      },
    };
    const { cache } = countingCache({}, bus);
    const { token } = await signedIn();
    await cache.userOf(token);
    expect(cache.size).toBe(1);
    reconnected();
    expect(cache.size).toBe(0);
  });
});
