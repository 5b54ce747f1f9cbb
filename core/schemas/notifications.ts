// Notifications on the wire (docs/spec/notifications-and-api.md): what the planner tells a person
// about their work, read newest first and marked read through the API; new ones also come down the
// user's own event stream (GET /api/my-tasks/events) as `{ type: "notification", notification }`.
import { z } from "zod";
import { idField } from "./common";

export const NOTIFICATION_KINDS = [
  "task.unblocked",
  "task.assigned",
  "deadline.near",
  "deadline.missed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a person hears of a kind: in the app, in the app and by email, or not at all. */
export const NOTIFICATION_CHANNELS = ["in-app", "email", "off"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A kind nobody chose a channel for is shown in the app. */
export const DEFAULT_NOTIFICATION_CHANNEL: NotificationChannel = "in-app";

/** The window of deadline.near: due, or at the deadline, within this many working days. */
export const DEADLINE_NEAR_WORKING_DAYS = 2;

export const NOTIFICATIONS_PAGE_MAX = 100;
export const NOTIFICATIONS_PAGE_DEFAULT = 30;

export type NotificationDto = {
  id: number;
  /** ISO timestamp. */
  at: string;
  kind: NotificationKind;
  projectId: number;
  /** Null when the notification is about no single task (none are today). */
  taskId: number | null;
  /** What happened, in words: "Pour foundation is ready to start: Dig footings is done." */
  text: string;
  read: boolean;
};

/** `GET /api/notifications?unread=true&limit&before`: newest first; `before` is an id. */
export const notificationsQuerySchema = z.object({
  unread: z
    .string()
    .optional()
    .transform((value) => value === "true" || value === "1"),
  limit: z.coerce
    .number({ error: `limit must be an integer from 1 to ${NOTIFICATIONS_PAGE_MAX}` })
    .int(`limit must be an integer from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .min(1, `limit must be an integer from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .max(NOTIFICATIONS_PAGE_MAX, `limit must be an integer from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
  before: z.coerce
    .number({ error: "before must be a positive integer" })
    .int("before must be a positive integer")
    .positive("before must be a positive integer")
    .optional(),
});

/** The page: the notifications, the user's unread count, and whether older ones remain. */
export type NotificationsPageDto = {
  notifications: NotificationDto[];
  unreadCount: number;
  hasMore: boolean;
};

/** `POST /api/notifications/read`: `{ "ids": [...] }` or `{ "all": true }`. */
export const markNotificationsReadSchema = z.union(
  [
    z
      .object({ ids: z.array(idField("ids[]")).min(1, "ids must name at least one notification").max(1000) })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'Send { "ids": [...] } or { "all": true }.' },
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** `GET` and `PUT /api/notifications/preferences`: a channel per kind (PUT may send some kinds). */
export type NotificationPreferencesDto = Record<NotificationKind, NotificationChannel>;
export const notificationPreferencesSchema = z
  .object(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_CHANNELS).optional()]),
    ) as Record<NotificationKind, z.ZodOptional<z.ZodEnum<{ [K in NotificationChannel]: K }>>>,
  )
  .strict();

/** What the user's event stream sends about notifications, beside My Tasks' "changed". */
export type NotificationStreamMessage =
  | { type: "notification"; notification: NotificationDto }
  | { type: "notifications.read"; ids: number[] | "all" };
