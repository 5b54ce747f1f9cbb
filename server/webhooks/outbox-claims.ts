// The deliverer's statements on the outbox. Several instances may share one database: a row is
// claimed by one of them for CLAIM_SECONDS (an UPDATE that skips rows claimed by another, checked
// again when it waits on one), and only the oldest row of each webhook can be claimed, so a
// webhook's changes go out one at a time, in order, whichever instance sends them. A crashed
// instance's claims expire and another sends those rows again (receivers tell repeats apart by
// X-Planner-Delivery).
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * Long enough to read the change and send it (10 s at most); a crashed instance's row waits this
 * long before another sends it.
 */
export const CLAIM_SECONDS = 20;
/** The longest wait between two attempts of a failing delivery. */
export const MAX_BACKOFF_SECONDS = 3600;

export type ClaimedDelivery = {
  id: number;
  webhookId: number;
  eventType: string;
  event: Record<string, unknown>;
  body: string | null;
  deliveryId: string;
  createdAt: Date;
  attempts: number;
  url: string;
  secret: string;
  /** Older than the retry window: a failure now gives up. */
  expired: boolean;
  /** performance.now() before the claim was asked for: the claim lasts at least CLAIM_SECONDS from then. */
  claimedAt: number;
};

type ClaimRow = {
  id: string | number;
  webhook_id: number;
  event_type: string;
  event: Record<string, unknown> | string;
  body: string | null;
  delivery_id: string;
  created_at: Date | string;
  attempts: number;
  url: string;
  secret: string;
  expired: boolean;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The first row of each webhook (or of one), found by a skip scan of the (webhook_id, id) index:
 * one probe per webhook with rows waiting, however many rows wait.
 */
function heads(webhookId: number | undefined): SQL {
  if (webhookId !== undefined)
    return sql`select webhook_id, id from webhook_outbox where webhook_id = ${webhookId}::int order by id limit 1`;
  return sql`(select webhook_id, id from webhook_outbox order by webhook_id, id limit 1)
    union all
    select next.webhook_id, next.id from heads
    cross join lateral (
      select o.webhook_id, o.id from webhook_outbox o
      where o.webhook_id > heads.webhook_id order by o.webhook_id, o.id limit 1
    ) next`;
}

/**
 * Claims up to `limit` deliveries due, at most one per webhook and only a webhook's oldest, the
 * oldest first; with `webhookId`, that webhook's next one.
 */
export async function claimDeliveries(
  db: Database,
  { limit, webhookId, retryHours }: { limit: number; webhookId?: number; retryHours: number },
): Promise<ClaimedDelivery[]> {
  const claimedAt = performance.now();
  const free = sql`o.next_attempt_at <= now() and (o.locked_until is null or o.locked_until < now())`;
  const result = await db.execute(sql`
    with recursive heads(webhook_id, id) as (${heads(webhookId)}),
    due as (
      select o.id from heads
      join webhook_outbox o on o.id = heads.id
      join webhooks w on w.id = o.webhook_id
      where w.active and ${free}
      order by o.id limit ${limit}::int
    )
    update webhook_outbox o set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}::int)
    from webhooks w
    where o.id in (select id from due) and w.id = o.webhook_id and w.active and ${free}
    returning o.id, o.webhook_id, o.event_type, o.event, o.body, o.delivery_id, o.created_at,
      o.attempts, w.url, w.secret,
      o.created_at < now() - make_interval(hours => ${retryHours}::int) as expired`);
  return rowsOf<ClaimRow>(result)
    .map((row) => ({
      id: Number(row.id),
      webhookId: row.webhook_id,
      eventType: row.event_type,
      event: typeof row.event === "string" ? JSON.parse(row.event) : row.event,
      body: row.body,
      deliveryId: row.delivery_id,
      createdAt: new Date(row.created_at),
      attempts: row.attempts,
      url: row.url,
      secret: row.secret,
      expired: row.expired,
      claimedAt,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Stores the body built at the first attempt; a body stored already (another claim's) wins. */
export async function storeBody(db: Database, id: number, body: string): Promise<string> {
  const result = await db.execute(sql`
    update webhook_outbox set body = coalesce(body, ${body}::text) where id = ${id} returning body`);
  return rowsOf<{ body: string }>(result)[0]?.body ?? body;
}

/** Lets another claim take the row at once (this instance stopped before an answer came). */
export async function releaseClaim(db: Database, id: number): Promise<void> {
  await db.execute(sql`update webhook_outbox set locked_until = null where id = ${id}`);
}

export type AttemptStatus = "delivered" | "failed" | "given-up";

export type AttemptRecord = {
  status: AttemptStatus;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
};

/**
 * Settles an attempt in one statement: delivered or given up deletes the row, a failure counts it
 * and sets the next attempt (`retryBaseSeconds` doubled each time, at most an hour) and frees it;
 * either way the attempt enters the webhook's log (unless the webhook was deleted meanwhile).
 */
export async function settleAttempt(
  db: Database,
  delivery: ClaimedDelivery,
  attempt: AttemptRecord,
  retryBaseSeconds: number,
): Promise<void> {
  const change =
    attempt.status === "failed"
      ? sql`update webhook_outbox set attempts = attempts + 1, locked_until = null,
          next_attempt_at = now() + make_interval(
            secs => least(${retryBaseSeconds}::float8 * power(2, least(attempts, 30)), ${MAX_BACKOFF_SECONDS}))
          where id = ${delivery.id}`
      : sql`delete from webhook_outbox where id = ${delivery.id}`;
  await db.execute(sql`
    with settled as (${change})
    insert into webhook_attempts
      (webhook_id, delivery_id, event_type, status, response_code, duration_ms, error)
    select id, ${delivery.deliveryId}::text, ${delivery.eventType}::text, ${attempt.status}::text,
      ${attempt.responseCode}::int, ${attempt.durationMs}::int, ${attempt.error}::text
    from webhooks where id = ${delivery.webhookId}`);
}

/** Deletes all but the newest `keep` attempts of the webhook's log. */
export async function trimAttempts(db: Database, webhookId: number, keep: number): Promise<void> {
  await db.execute(sql`
    delete from webhook_attempts where webhook_id = ${webhookId} and id <= (
      select id from webhook_attempts where webhook_id = ${webhookId}
      order by id desc offset ${keep} limit 1)`);
}
