// Sends the outbox's deliveries (docs/spec/notifications-and-api.md). Each instance polls every
// webhookPollMilliseconds, and at once when a write of its own queued some (wake). Webhooks are
// served side by side, each one's deliveries strictly one after the other in the order of their
// changes (outbox-claims.ts keeps that across instances): a failure holds the webhook's later
// changes back until it is delivered or given up.
import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_TIMEOUT_SECONDS,
} from "@core/schemas/webhooks";
import type { FastifyInstance } from "fastify";
import { RefusedTargetError, resolvePublicTarget } from "./address-guard";
import { buildDeliveryBody } from "./delivery-body";
import {
  type AttemptRecord,
  CLAIM_SECONDS,
  type ClaimedDelivery,
  claimDeliveries,
  releaseClaim,
  settleAttempt,
  storeBody,
  trimAttempts,
} from "./outbox-claims";
import { sendDelivery } from "./send";

/** Webhooks served at once by one instance (each takes a database connection only between sends). */
const PARALLEL_WEBHOOKS = 8;
/** On shutdown, sends in flight get this long to be answered; the rest are abandoned and freed. */
const STOP_GRACE_MS = 3000;
/**
 * A send starts only while this much of its claim is left, so it ends (answered or timed out)
 * before another instance may take the row: a repeat never overtakes the changes after it.
 */
const SEND_MARGIN_MS = (WEBHOOK_TIMEOUT_SECONDS + 2) * 1000;
/** Every this many attempts logged for a webhook, its log is cut back to the shown ones. */
const TRIM_EVERY = WEBHOOK_DELIVERIES_SHOWN;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class WebhookDeliverer {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<void> | null = null;
  private passAgain = false;
  /** One per webhook being served: its deliveries, one after the other. */
  private readonly chains = new Set<Promise<void>>();
  /** Aborted when stop() stops waiting: the sends still in flight end at once. */
  private shutdown = new AbortController();
  /** Attempts logged per webhook since its log was last trimmed. */
  private readonly logged = new Map<number, number>();

  /** Attempts this instance settled, by outcome (for tests and benchmarks). */
  readonly attempts = { delivered: 0, failed: 0, givenUp: 0 };

  constructor(private readonly app: FastifyInstance) {}

  /** A write queued deliveries: look now rather than at the next poll. */
  wake(): void {
    if (this.running) void this.pass();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.shutdown = new AbortController();
    // The first look waits one poll too: what a restart left is sent within it, and an app that
    // is starting (or a test counting its statements) is not raced by a claim.
    this.schedulePoll();
  }

  /**
   * Stops claiming, gives the sends in flight a moment, then abandons the rest: their claims are
   * freed, so another instance (or this one's next start) sends them again. A receiver may so get
   * a change twice, under the same X-Planner-Delivery id.
   */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.passing;
    const settled = Promise.allSettled([...this.chains]);
    const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([settled, grace]);
    this.shutdown.abort();
    await settled;
  }

  private schedulePoll(delay = this.app.config.webhookPollMilliseconds) {
    this.timer = setTimeout(async () => {
      await this.pass();
      if (this.running) this.schedulePoll();
    }, delay);
    this.timer.unref();
  }

  /** Claims what is due for the webhooks not being served; runs once more if woken meanwhile. */
  private pass(): Promise<void> {
    if (this.passing) {
      this.passAgain = true;
      return this.passing;
    }
    this.passing = (async () => {
      do {
        this.passAgain = false;
        const room = PARALLEL_WEBHOOKS - this.chains.size;
        if (room <= 0 || !this.running) break;
        const claimed = await this.claim({ limit: room });
        for (const delivery of claimed) this.serve(delivery);
      } while (this.passAgain && this.running);
    })().finally(() => {
      this.passing = null;
    });
    return this.passing;
  }

  private async claim(options: { limit: number; webhookId?: number }): Promise<ClaimedDelivery[]> {
    try {
      return await claimDeliveries(this.app.db, { ...options, retryHours: WEBHOOK_RETRY_HOURS });
    } catch (error) {
      // The database is away: the claims wait for the next poll.
      if (this.running) this.app.log.warn({ err: error }, "webhook deliveries could not be claimed");
      return [];
    }
  }

  /** Serves the webhook from this delivery on: sends each next one once the one before is delivered. */
  private serve(first: ClaimedDelivery) {
    const chain = (async () => {
      let delivery: ClaimedDelivery | undefined = first;
      while (delivery) {
        const delivered = await this.attempt(delivery);
        if (!delivered || !this.running) break;
        [delivery] = await this.claim({ limit: 1, webhookId: delivery.webhookId });
      }
    })()
      .catch((error: unknown) => this.app.log.error({ err: error }, "a webhook delivery failed unexpectedly"))
      .finally(() => {
        this.chains.delete(chain);
        // A place is free: other webhooks may be waiting for it.
        if (this.running) void this.pass();
      });
    this.chains.add(chain);
  }

  /** One attempt, settled in the outbox and the log; answers whether it was delivered. */
  private async attempt(delivery: ClaimedDelivery): Promise<boolean> {
    const { db, config } = this.app;
    const started = performance.now();
    const failed = (error: string): AttemptRecord => ({
      status: "failed",
      responseCode: null,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    let record: AttemptRecord;
    try {
      const body =
        delivery.body ?? (await storeBody(db, delivery.id, await buildDeliveryBody(this.app, delivery)));
      const target = config.webhooksAllowPrivate ? undefined : await resolvePublicTarget(delivery.url);
      if (performance.now() - delivery.claimedAt > CLAIM_SECONDS * 1000 - SEND_MARGIN_MS) {
        // Reading the change took too long (a busy database): claim it again later, afresh.
        await releaseClaim(db, delivery.id);
        return false;
      }
      const outcome = await sendDelivery(
        { ...delivery, body },
        { timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000, target, signal: this.shutdown.signal },
      );
      if (outcome.aborted) {
        await releaseClaim(db, delivery.id);
        return false;
      }
      const { delivered, responseCode, error, durationMs } = outcome;
      record = { status: delivered ? "delivered" : "failed", responseCode, error, durationMs };
    } catch (error) {
      if (!(error instanceof RefusedTargetError))
        this.app.log.warn(
          { err: error, deliveryId: delivery.deliveryId },
          "a webhook delivery could not be sent",
        );
      record = failed(
        error instanceof RefusedTargetError
          ? error.message
          : `could not read the change: ${messageOf(error)}`,
      );
    }
    if (record.status === "failed" && delivery.expired) record = { ...record, status: "given-up" };
    await settleAttempt(db, delivery, record, config.webhookRetryBaseSeconds);
    this.attempts[record.status === "given-up" ? "givenUp" : record.status] += 1;
    await this.countLogged(delivery.webhookId);
    return record.status === "delivered";
  }

  private async countLogged(webhookId: number) {
    const logged = (this.logged.get(webhookId) ?? 0) + 1;
    if (logged < TRIM_EVERY) {
      this.logged.set(webhookId, logged);
      return;
    }
    this.logged.delete(webhookId);
    await trimAttempts(this.app.db, webhookId, WEBHOOK_DELIVERIES_SHOWN);
  }
}
