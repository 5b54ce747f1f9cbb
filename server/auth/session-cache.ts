// The sessions resolved most recently, by token hash, so a request whose session was seen a moment
// ago runs no query for it (docs/decisions/028-session-cache.md). Every write of the
// sessions or users tables calls `changed`, which drops the entries it affects here at once and,
// over the event bus, on every other instance. Entries are also reread after a short lifetime, as a
// safety net for a write that forgot to say so or a bus message lost while Redis was away.
import type { User } from "../db/schema";
import type { BusMessage, EventBus } from "../realtime/event-bus";
import { hashToken } from "./session-token";

/** A live session as the database holds it. */
export type ResolvedSession = { user: User; expiresAt: Date };

/** What changed: one session (logout), or a user's row or all their sessions. */
export type SessionsChange = { tokenHash?: string; userId?: number };

type Entry = { user: User; expiresAt: number; checkedAt: number };

export type SessionCacheOptions = {
  /** How many sessions are kept (the most recently used). */
  capacity?: number;
  /** How long an entry is trusted before it is reread from the database. */
  recheckMs?: number;
};

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<ResolvedSession | undefined>>();
  /**
   * Bumped by every invalidation: a lookup that began before one may have read what it undid, so
   * its answer serves its own request but is not kept (nor shared with later requests).
   */
  private generation = 0;
  private readonly capacity: number;
  private readonly recheckMs: number;

  /** @param load the session of a token hash, if it exists and has not expired (sessions.ts). */
  constructor(
    private readonly bus: EventBus,
    private readonly load: (tokenHash: string) => Promise<ResolvedSession | undefined>,
    { capacity = 10_000, recheckMs = 60_000 }: SessionCacheOptions = {},
  ) {
    this.capacity = capacity;
    this.recheckMs = recheckMs;
    bus.onMessage((message: BusMessage) => {
      if (message.kind === "sessions") this.forget(message);
    });
    // Messages may have been missed while the bus was away.
    bus.onReconnect(() => this.clear());
  }

  /** How many sessions are held (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The user of the session cookie's token: from memory when seen within the lifetime, else read
   * (concurrent reads of one token share a lookup). An unknown token is not remembered, so a
   * session created a moment ago is found at once; an expired one is dropped without a query.
   */
  async userOf(token: string): Promise<User | undefined> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const entry = this.entries.get(tokenHash);
    if (entry) {
      this.entries.delete(tokenHash);
      if (entry.expiresAt <= now) return undefined;
      if (now - entry.checkedAt < this.recheckMs) {
        this.entries.set(tokenHash, entry); // most recently used last
        return entry.user;
      }
    }
    return (await this.lookUp(tokenHash))?.user;
  }

  /**
   * Drops what `change` affects on this instance at once, then on every instance through the bus.
   * Call it after the write has committed. Never throws: the bus logs a failed publish, and
   * the other instances reread within the lifetime.
   */
  async changed(change: SessionsChange): Promise<void> {
    this.forget(change);
    await this.bus.publish({ kind: "sessions", ...change });
  }

  /** Drops every entry. */
  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.entries.clear();
  }

  private forget({ tokenHash, userId }: SessionsChange): void {
    this.generation += 1;
    this.loading.clear();
    if (tokenHash !== undefined) this.entries.delete(tokenHash);
    // A scan of at most `capacity` entries, for an event as rare as a profile change.
    if (userId !== undefined)
      for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  private lookUp(tokenHash: string): Promise<ResolvedSession | undefined> {
    const pending = this.loading.get(tokenHash);
    if (pending) return pending;
    const generation = this.generation;
    const checkedAt = Date.now();
    const loaded = this.load(tokenHash).then(
      (session) => {
        if (this.loading.get(tokenHash) === loaded) this.loading.delete(tokenHash);
        if (session && generation === this.generation) this.file(tokenHash, session, checkedAt);
        return session;
      },
      (error: unknown) => {
        if (this.loading.get(tokenHash) === loaded) this.loading.delete(tokenHash);
        throw error;
      },
    );
    this.loading.set(tokenHash, loaded);
    return loaded;
  }

  private file(tokenHash: string, session: ResolvedSession, checkedAt: number): void {
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { user: session.user, expiresAt: session.expiresAt.getTime(), checkedAt });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }
}
