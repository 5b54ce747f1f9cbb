// Webhooks on the wire (docs/spec/notifications-and-api.md): a project's changes POSTed to a URL,
// signed with HMAC-SHA256, in order, retried for 24 hours. Admins and owners manage them.
import { z } from "zod";
import { idParam } from "./common";
import { PROJECT_EVENT_TYPES, type ProjectEventType } from "./events";

/**
 * What a webhook can be sent: every change of the live stream, and a task becoming unblocked. Not
 * "project.deleted": a project's webhooks are deleted with it, so nothing would be left to send it.
 */
export type WebhookEventType = Exclude<ProjectEventType, "project.deleted"> | "task.unblocked";
export const WEBHOOK_EVENT_TYPES: readonly [WebhookEventType, ...WebhookEventType[]] = [
  "task.unblocked",
  ...PROJECT_EVENT_TYPES.filter(
    (type): type is Exclude<ProjectEventType, "project.deleted"> => type !== "project.deleted",
  ),
];

export const WEBHOOKS_PER_PROJECT = 20;
export const WEBHOOK_URL_MAX = 2000;
/** How many attempts the delivery log answers. */
export const WEBHOOK_DELIVERIES_SHOWN = 100;
/** A delivery not answered with a 2xx within this is a failure, retried later. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Failures are retried with backoff for this long after the change. */
export const WEBHOOK_RETRY_HOURS = 24;

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  event: "X-Planner-Event",
  delivery: "X-Planner-Delivery",
  signature: "X-Planner-Signature",
} as const;

const urlSchema = z
  .string({ error: "url is required." })
  .trim()
  .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters.`)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (
        (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === ""
      );
    } catch {
      return false;
    }
  }, "url must be an http or https address without a user name or password.");

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events may hold only ${WEBHOOK_EVENT_TYPES.join(", ")}.` }), {
    error: "events must be a list of event types.",
  })
  .min(1, "events must name at least one event type.")
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

/** `POST /api/projects/{id}/webhooks`: `{ "url", "events" }`. */
export const createWebhookSchema = z.object({ url: urlSchema, events: eventsSchema }).strict();
/** `PATCH /api/projects/{id}/webhooks/{webhookId}`: any of url, events, active. */
export const updateWebhookSchema = z
  .object({ url: urlSchema.optional(), events: eventsSchema.optional(), active: z.boolean().optional() })
  .strict();
export type CreateWebhook = z.input<typeof createWebhookSchema>;
export type UpdateWebhook = z.input<typeof updateWebhookSchema>;

export const webhookParamsSchema = z.object({ id: idParam("id"), webhookId: idParam("webhookId") });

export type WebhookDto = {
  id: number;
  projectId: number;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  createdAt: string;
  /** Changes waiting to be delivered (or retried). */
  pending: number;
};

/** The answer to a create: the webhook and, this once, its signing secret. */
export type CreatedWebhookDto = WebhookDto & { secret: string };

/** One attempt of the delivery log, newest first. */
export type WebhookDeliveryDto = {
  id: number;
  /** The X-Planner-Delivery id: the same on every attempt of one change. */
  deliveryId: string;
  event: string;
  at: string;
  status: "delivered" | "failed" | "given-up";
  /** The receiver's HTTP status; null when it did not answer. */
  responseCode: number | null;
  durationMs: number;
  /** Why it failed, in words ("timed out after 10 s", "connection refused"). */
  error: string | null;
};
