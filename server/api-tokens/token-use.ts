// A token's last use, written at most once a minute per token and instance: the list shows when a
// token was last used (to spot one that can go), and a busy program must not cost a write per call.
// Each instance keeps its own "last written" times; with several instances a token is written at
// most once a minute by each, which is still a handful of writes.

/** How long after a write the next use of a token is not written. */
export const LAST_USE_INTERVAL_MS = 60_000;
/** Past this many tokens remembered, those not written within the interval are forgotten. */
const REMEMBERED_MAX = 10_000;

export type LastUseWriter = (tokenId: number, at: Date) => Promise<void>;

export class TokenUseRecorder {
  private readonly writtenAt = new Map<number, number>();

  constructor(
    private readonly write: LastUseWriter,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records a use of the token, when its last write on this instance is a minute old or more.
   * Awaited by the caller: one update by primary key, on one call a minute per token, costs the
   * call about a millisecond, and a call that finished has then surely recorded (no write still
   * running while the app closes). A failure is the caller's to log; the call goes on.
   */
  async record(tokenId: number): Promise<void> {
    const at = this.now();
    const last = this.writtenAt.get(tokenId);
    if (last !== undefined && at - last < LAST_USE_INTERVAL_MS) return;
    if (this.writtenAt.size >= REMEMBERED_MAX) this.forgetOlderThan(at - LAST_USE_INTERVAL_MS);
    this.writtenAt.set(tokenId, at);
    try {
      await this.write(tokenId, new Date(at));
    } catch (error) {
      // Tried again on the next use rather than a minute later.
      this.writtenAt.delete(tokenId);
      throw error;
    }
  }

  private forgetOlderThan(cutoff: number) {
    for (const [tokenId, writtenAt] of this.writtenAt) if (writtenAt < cutoff) this.writtenAt.delete(tokenId);
  }
}
