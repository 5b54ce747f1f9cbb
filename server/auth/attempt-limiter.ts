// Counts events per key in a sliding window: failed sign-ins per account and per client address,
// sign-ups per client address. Kept in memory: a restart forgets the counts, which only ever
// loosens a limit for one window (docs/decisions/005-accounts.md).
export class AttemptLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    // Bounds memory under a flood of distinct keys; the oldest keys are forgotten first.
    private readonly maxKeys = 100_000,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it is under the limit. */
  retryAfterMs(key: string, now = Date.now()): number {
    const times = this.prune(key, now);
    if (this.max === 0 || times.length < this.max) return 0;
    return times[times.length - this.max] + this.windowMs - now;
  }

  record(key: string, now = Date.now()): void {
    const times = this.prune(key, now);
    times.push(now);
    this.events.delete(key);
    this.events.set(key, times);
    if (this.events.size > this.maxKeys) {
      const oldest = this.events.keys().next().value;
      if (oldest !== undefined) this.events.delete(oldest);
    }
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  private prune(key: string, now: number): number[] {
    const times = this.events.get(key) ?? [];
    const firstLive = times.findIndex((time) => time > now - this.windowMs);
    return firstLive === -1 ? [] : firstLive === 0 ? times : times.slice(firstLive);
  }
}

export function tryAgainMessage(what: string, retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `${what} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
