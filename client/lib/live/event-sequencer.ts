// Puts a project's events in version order before they are applied
// (docs/decisions/029-events-carry-the-change.md).
// Versions grow by one per committed change; events published on different instances can arrive
// out of order, so one that skips ahead waits a moment for the ones before it. If they do not come,
// or an event has no version, the copy is stale: refetch once, and apply what follows that read.

import type { ProjectEvent } from "@core/schemas/events";

export type SequencerHooks = {
  /** The version of the copy shown now; undefined while it has not loaded. */
  shownVersion: () => number | undefined;
  apply: (event: ProjectEvent) => void;
  refetch: () => void;
};

/** How long an event that skipped ahead waits for the ones before it. */
export const GAP_WAIT_MS = 1000;

export class EventSequencer {
  private readonly waiting = new Map<number, ProjectEvent>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly hooks: SequencerHooks,
    private readonly gapWaitMs = GAP_WAIT_MS,
  ) {}

  /** A change from the stream. */
  receive(event: ProjectEvent): void {
    if (event.version === undefined) {
      this.resync();
      return;
    }
    this.waiting.set(event.version, event);
    this.drain();
  }

  /**
   * The version the stream says the project is at as it opens (or reopens, after replaying what
   * was missed): a copy older than that missed changes no event will bring.
   */
  opened(version: number): void {
    const shown = this.hooks.shownVersion();
    if (shown !== undefined && shown < version && !this.waiting.has(shown + 1)) this.resync();
  }

  /** Applies every waiting event that follows the copy; waits for a gap, or refetches after one. */
  drain(): void {
    const shown = this.hooks.shownVersion();
    if (shown === undefined) return; // the first read is on its way: it will drain
    let version = shown;
    for (const [waitingVersion] of this.waiting)
      if (waitingVersion <= version) this.waiting.delete(waitingVersion);
    for (let next = this.waiting.get(version + 1); next; next = this.waiting.get(version + 1)) {
      this.waiting.delete(version + 1);
      this.hooks.apply(next);
      version += 1;
    }
    if (this.waiting.size === 0) this.clearTimer();
    else if (!this.timer) this.timer = setTimeout(() => this.resync(), this.gapWaitMs);
  }

  /** Refetches the copy once; events after what it brings apply when it lands (drain). */
  resync(): void {
    this.clearTimer();
    this.hooks.refetch();
  }

  close(): void {
    this.clearTimer();
    this.waiting.clear();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
