// How many imports run at once (docs/decisions/031-imports-off-the-request-thread.md): at most
// `perInstance` on this instance
// and one per user. An import beyond either waits a little for its turn, in order of arrival; one
// still waiting after `waitMs` is refused: 429 when the user's own import holds the place, 503
// when other people's imports fill the instance, each with Retry-After. A slot is taken before
// the file's bytes are read, so a waiting upload holds no memory.
import { AppError } from "../lib/errors";

type Waiter = { userId: number; grant: (release: () => void) => void; timer: NodeJS.Timeout };

export type ImportSlotsOptions = { perInstance: number; waitMs: number; retryAfterSeconds: number };

export class ImportSlots {
  private readonly running = new Map<number, number>();
  private runningCount = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: ImportSlotsOptions) {}

  /** Imports running now, and waiting for their turn. */
  get load(): { running: number; waiting: number } {
    return { running: this.runningCount, waiting: this.waiting.length };
  }

  /**
   * Takes a slot for the user's import, waiting up to `waitMs` for one; answers its release (to call
   * once the import is answered; calling it again does nothing), or throws the 429 or 503.
   */
  acquire(userId: number): Promise<() => void> {
    if (this.waiting.length === 0 && this.fits(userId)) return Promise.resolve(this.take(userId));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        userId,
        grant: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.refusal(userId));
        }, this.options.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private fits(userId: number) {
    return this.runningCount < this.options.perInstance && !this.running.has(userId);
  }

  private take(userId: number): () => void {
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    this.runningCount++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
      this.runningCount--;
      this.grantWaiting();
    };
  }

  /** Gives freed places to the waiters that fit, first come first served. */
  private grantWaiting() {
    for (let index = 0; index < this.waiting.length; ) {
      const waiter = this.waiting[index];
      if (!this.fits(waiter.userId)) {
        index++;
        continue;
      }
      this.waiting.splice(index, 1);
      clearTimeout(waiter.timer);
      waiter.grant(this.take(waiter.userId));
    }
  }

  private refusal(userId: number): AppError {
    const retryAfter = { "retry-after": String(this.options.retryAfterSeconds) };
    if (this.running.has(userId))
      return new AppError(
        429,
        `You are importing another plan already; try again in ${this.options.retryAfterSeconds} seconds, once it is done.`,
        "import_in_progress",
        retryAfter,
      );
    return new AppError(
      503,
      `The server is busy with other people's imports; try again in ${this.options.retryAfterSeconds} seconds.`,
      "imports_busy",
      retryAfter,
    );
  }
}
