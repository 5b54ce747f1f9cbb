// A project's webhooks and their delivery logs (docs/spec/notifications-and-api.md). A webhook is
// an integration's setting, not the plan's content: it records no activity entry, and its secret
// is shown once, in the answer to its creation.
import { randomBytes } from "node:crypto";
import {
  type CreatedWebhookDto,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOKS_PER_PROJECT,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEventType,
} from "@core/schemas/webhooks";
import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { projects, type User, type Webhook, webhookAttempts, webhookOutbox, webhooks } from "../db/schema";
import { conflict, notFound } from "../lib/errors";

export const WEBHOOK_NOT_FOUND = "Webhook not found.";
export const WEBHOOK_LIMIT_MESSAGE = `A project can have at most ${WEBHOOKS_PER_PROJECT} webhooks; delete one first.`;

const toWebhookDto = (webhook: Webhook, pending: number): WebhookDto => ({
  id: webhook.id,
  projectId: webhook.projectId,
  url: webhook.url,
  events: webhook.events,
  active: webhook.active,
  createdAt: webhook.createdAt.toISOString(),
  pending,
});

/** The webhook's columns and how many deliveries wait for it. */
const withPending = {
  ...getTableColumns(webhooks),
  // Spelled out: inside a subquery Drizzle would leave the outer column unqualified.
  pending: sql<number>`(select count(*) from webhook_outbox o where o.webhook_id = "webhooks"."id")`.mapWith(
    Number,
  ),
};

export async function listWebhooks(db: Database, projectId: number): Promise<WebhookDto[]> {
  const rows = await db
    .select(withPending)
    .from(webhooks)
    .where(eq(webhooks.projectId, projectId))
    .orderBy(webhooks.id);
  return rows.map(({ pending, ...webhook }) => toWebhookDto(webhook, pending));
}

/** The project's webhook; 404 when it does not exist or belongs to another project. */
export async function readWebhook(db: Database, projectId: number, webhookId: number): Promise<WebhookDto> {
  const [row] = await db
    .select(withPending)
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.projectId, projectId)));
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  const { pending, ...webhook } = row;
  return toWebhookDto(webhook, pending);
}

/**
 * Creates the webhook with a new signing secret (32 random bytes, hex), within the project's
 * limit: the project's row is locked while counting, so two creates cannot both take the last place.
 */
export async function createWebhook(
  db: Database,
  actor: User,
  projectId: number,
  input: { url: string; events: WebhookEventType[] },
): Promise<CreatedWebhookDto> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("no key update");
    const [{ n }] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.projectId, projectId));
    if (n >= WEBHOOKS_PER_PROJECT) throw conflict(WEBHOOK_LIMIT_MESSAGE, "webhook_limit");
    const secret = randomBytes(32).toString("hex");
    const [webhook] = await tx
      .insert(webhooks)
      .values({ projectId, url: input.url, events: input.events, secret, createdBy: actor.id })
      .returning();
    return { ...toWebhookDto(webhook, 0), secret };
  });
}

/**
 * Changes url, events or active. Turning a webhook off drops the deliveries waiting for it, in the
 * same transaction: while off it is sent nothing, and once on again it starts from the next change
 * rather than with a backlog of changes from before its pause.
 */
export async function updateWebhook(
  db: Database,
  projectId: number,
  webhookId: number,
  changes: { url?: string; events?: WebhookEventType[]; active?: boolean },
): Promise<WebhookDto> {
  await db.transaction(async (tx) => {
    const where = and(eq(webhooks.id, webhookId), eq(webhooks.projectId, projectId));
    const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const [updated] =
      Object.keys(fields).length === 0
        ? await tx.select({ id: webhooks.id }).from(webhooks).where(where).for("no key update")
        : await tx.update(webhooks).set(fields).where(where).returning({ id: webhooks.id });
    if (!updated) throw notFound(WEBHOOK_NOT_FOUND);
    if (changes.active === false)
      await tx.delete(webhookOutbox).where(eq(webhookOutbox.webhookId, webhookId));
  });
  return readWebhook(db, projectId, webhookId);
}

/** Deletes the webhook, its waiting deliveries and its log. */
export async function deleteWebhook(db: Database, projectId: number, webhookId: number): Promise<void> {
  const deleted = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.projectId, projectId)))
    .returning({ id: webhooks.id });
  if (deleted.length === 0) throw notFound(WEBHOOK_NOT_FOUND);
}

/** The webhook's last attempts, newest first. */
export async function readDeliveries(
  db: Database,
  projectId: number,
  webhookId: number,
): Promise<WebhookDeliveryDto[]> {
  await readWebhook(db, projectId, webhookId);
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.webhookId, webhookId))
    .orderBy(desc(webhookAttempts.id))
    .limit(WEBHOOK_DELIVERIES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    deliveryId: row.deliveryId,
    event: row.eventType,
    at: row.at.toISOString(),
    status: row.status as WebhookDeliveryDto["status"],
    responseCode: row.responseCode,
    durationMs: row.durationMs,
    error: row.error,
  }));
}
