// How the Settings page words each notification kind and channel.
import type { NotificationChannel, NotificationKind } from "@core/schemas/notifications";

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  "task.unblocked": "A task assigned to me becomes ready to start",
  "task.assigned": "A task is assigned to me",
  "deadline.near": "A deadline or due date of mine is 2 working days away",
  "deadline.missed": "A deadline or due date of mine has passed",
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  "in-app": "In the app",
  email: "In the app and by email",
  off: "Off",
};
