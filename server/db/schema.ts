// The whole product's schema. Cascades: deleting a project removes everything under it in one
// statement; deleting a task removes its dependencies; deleting a category or a user leaves tasks
// in place with the reference cleared.

import type { ConstraintType } from "@core/scheduling/constraints";
import type { DependencyType, SchedulingMode } from "@core/scheduling/engine";
import type { ActivityAction, ActivityItem, ActivityMove, FieldChanges } from "@core/schemas/activity";
import type { ApiTokenScope } from "@core/schemas/api-tokens";
import type { ThemePreference } from "@core/schemas/auth";
import type { NotificationChannel, NotificationKind } from "@core/schemas/notifications";
import type { WebhookEventType } from "@core/schemas/webhooks";
import type { StoredTaskStatus } from "@core/tasks/status";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => timestamptz("created_at").notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    // Null for accounts that only sign in through OpenID Connect.
    passwordHash: text("password_hash"),
    oidcSubject: text("oidc_subject"),
    // Light, dark or the system's, chosen in the user menu and kept for every device.
    theme: text("theme").$type<ThemePreference>().notNull().default("system"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_oidc_subject_key").on(t.oidcSubject),
    check("users_theme_check", sql`${t.theme} in ('system', 'light', 'dark')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    // SHA-256 of the cookie token: a stolen database copy cannot be replayed as cookies.
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_id_idx").on(t.userId)],
);

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    slug: text("slug").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    /**
     * Bumped by a trigger (migration 0003) with every change to the project's dependencies, so a
     * copy of its edges held in memory knows whether it is still current.
     */
    graphVersion: bigint("graph_version", { mode: "number" }).notNull().default(0),
    // One more with every change published to the project's event stream
    // (docs/decisions/029-events-carry-the-change.md): events carry it, the project answer's ETag
    // names it, a client that sees a gap
    // refetches (server/realtime/event-content.ts).
    version: bigint("version", { mode: "number" }).notNull().default(0),
    // The working calendar (docs/decisions/024-scheduling.md). Dates are "YYYY-MM-DD" text: the
    // wire form, read as it is stored with no time zone in between.
    startDate: text("start_date").notNull().default(sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`),
    workingDays: integer("working_days").array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
    holidays: text("holidays").array().notNull().default(sql`'{}'::text[]`),
    // The day progress is judged at ("YYYY-MM-DD"); null: today (docs/spec/tracking.md).
    statusDate: text("status_date"),
  },
  (t) => [
    uniqueIndex("projects_slug_key").on(t.slug),
    index("projects_user_id_idx").on(t.userId),
    // The palette's search by any part of the name (pg_trgm; docs/spec/keyboard-and-palette.md).
    index("projects_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    check("projects_start_date_check", sql`${t.startDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check("projects_status_date_check", sql`${t.statusDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/**
 * One row per project (made by a trigger on projects), bumped by a trigger (migration 0004) with
 * every statement that writes the project's tasks, so a serialised copy of its tasks held in memory
 * knows whether it is still current. A table of its own, not a column of projects: task writes lock
 * it last, after their task rows, and nothing else ever locks it
 * (docs/decisions/020-project-content-cache.md).
 */
export const projectTaskVersions = pgTable("project_task_versions", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  /**
   * One more with every change of a scheduling input of the project's scheduled tasks (a
   * duration, mode, constraint or manual date; a scheduled task added, deleted or moved away):
   * with the dependencies' graph version and the calendar it keys the project's computed schedule
   * (server/scheduling/project-schedules.ts). Migration 0008; 0011 adds the outline's moves (a
   * new parent, any start-no-earlier-than, a task inserted or deleted under a summary).
   */
  scheduleVersion: bigint("schedule_version", { mode: "number" }).notNull().default(0),
});

/** Per user and project: when it was last opened and which view the user prefers. */
export const projectPreferences = pgTable(
  "project_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    lastViewedAt: timestamptz("last_viewed_at"),
    preferredView: text("preferred_view"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index("project_preferences_project_id_idx").on(t.projectId),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("categories_project_id_idx").on(t.projectId),
    // One "Design" per project, whatever its case.
    uniqueIndex("categories_project_name_key").on(t.projectId, sql`lower(${t.name})`),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").$type<StoredTaskStatus>().notNull().default("not-started"),
    completed: boolean("completed").notNull().default(false),
    completedAt: timestamptz("completed_at"),
    startDate: timestamptz("start_date"),
    snoozeUntil: timestamptz("snooze_until"),
    dueDate: timestamptz("due_date"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    positionX: doublePrecision("position_x"),
    positionY: doublePrecision("position_y"),
    width: doublePrecision("width"),
    height: doublePrecision("height"),
    order: integer("order").notNull().default(0),
    // The outline: the summary task this one sits under (null: the top level), its place among its
    // siblings being `order`. Deleting a summary deletes its subtree.
    parentId: integer("parent_id").references((): AnyPgColumn => tasks.id, { onDelete: "cascade" }),
    // Scheduling: working days (null: not scheduled), who sets the dates, and an auto task's
    // start-no-earlier-than ("YYYY-MM-DD").
    duration: integer("duration"),
    schedulingMode: text("scheduling_mode").$type<SchedulingMode>().notNull().default("auto"),
    startNoEarlierThan: text("start_no_earlier_than"),
    // Its constraint (MS Project's eight; SNET is start_no_earlier_than again, kept equal by a
    // check) and deadline, "YYYY-MM-DD" (docs/spec/constraints.md).
    constraintType: text("constraint_type").$type<ConstraintType>().notNull().default("ASAP"),
    constraintDate: text("constraint_date"),
    deadline: text("deadline"),
    // Tracking (docs/spec/tracking.md): progress and when work really started and finished,
    // "YYYY-MM-DD"; 100 % is completed. A summary's roll up and are not stored.
    percentComplete: integer("percent_complete").notNull().default(0),
    actualStart: text("actual_start"),
    actualFinish: text("actual_finish"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Serves a project's tasks and the "last in its category" lookup of every new task (max of
    // order within project and category) without reading the project's other tasks.
    index("tasks_project_category_order_idx").on(t.projectId, t.categoryId, t.order),
    index("tasks_category_id_idx").on(t.categoryId),
    index("tasks_assignee_id_idx").on(t.assigneeId),
    // The palette's search by any part of the name (pg_trgm; docs/spec/keyboard-and-palette.md).
    index("tasks_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    // A parent's children in order: the last child of a new task's parent, a summary's subtree.
    index("tasks_parent_id_order_idx").on(t.parentId, t.order),
    check(
      "tasks_status_check",
      sql`${t.status} in ('todo', 'not-started', 'in-progress', 'blocked', 'completed')`,
    ),
    check("tasks_duration_check", sql`${t.duration} between 0 and 10000`),
    check("tasks_scheduling_mode_check", sql`${t.schedulingMode} in ('auto', 'manual')`),
    check("tasks_percent_complete_check", sql`${t.percentComplete} between 0 and 100`),
    // A finish needs a start, on or before it (the days compare as text).
    check(
      "tasks_actuals_check",
      sql`${t.actualFinish} is null or (${t.actualStart} is not null and ${t.actualStart} <= ${t.actualFinish})`,
    ),
    check(
      "tasks_constraint_type_check",
      sql`${t.constraintType} in ('ASAP', 'ALAP', 'SNET', 'SNLT', 'FNET', 'FNLT', 'MSO', 'MFO')`,
    ),
    // A dated type has its date, ASAP and ALAP none; SNET is the start-no-earlier-than.
    check(
      "tasks_constraint_date_check",
      sql`(${t.constraintType} in ('ASAP', 'ALAP')) = (${t.constraintDate} is null)`,
    ),
    check(
      "tasks_constraint_snet_check",
      sql`${t.startNoEarlierThan} is not distinct from (case when ${t.constraintType} = 'SNET' then ${t.constraintDate} end)`,
    ),
  ],
);

/** sourceTaskId is the prerequisite, targetTaskId the dependent task. */
export const dependencies = pgTable(
  "dependencies",
  {
    id: serial("id").primaryKey(),
    // Denormalised from the tasks so a project's edges load with one indexed lookup.
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sourceTaskId: integer("source_task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    targetTaskId: integer("target_task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    type: text("type").$type<DependencyType>().notNull().default("FS"),
    /** Working days; negative is a lead. */
    lag: integer("lag").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("dependencies_pair_key").on(t.sourceTaskId, t.targetTaskId),
    index("dependencies_target_task_id_idx").on(t.targetTaskId),
    index("dependencies_project_id_idx").on(t.projectId),
    check("dependencies_not_self_check", sql`${t.sourceTaskId} <> ${t.targetTaskId}`),
    check("dependencies_type_check", sql`${t.type} in ('FS', 'SS', 'FF', 'SF')`),
    check("dependencies_lag_check", sql`${t.lag} between -1000 and 1000`),
  ],
);

export const projectShares = pgTable(
  "project_shares",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // The invitation is by email; userId is filled when an account with that email exists.
    email: text("email").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    role: text("role").notNull(),
    invitedById: integer("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamptz("invited_at").notNull().defaultNow(),
    acceptedAt: timestamptz("accepted_at"),
  },
  (t) => [
    uniqueIndex("project_shares_project_email_key").on(t.projectId, t.email),
    index("project_shares_email_idx").on(t.email),
    index("project_shares_user_id_idx").on(t.userId),
    check("project_shares_role_check", sql`${t.role} in ('viewer', 'editor', 'admin')`),
  ],
);

/** At most one live public link per project; regenerating replaces the token. */
export const publicShareLinks = pgTable(
  "public_share_links",
  {
    projectId: integer("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("public_share_links_token_key").on(t.token)],
);

/**
 * A user's personal iCalendar feed of their My Tasks (docs/decisions/025-import-and-export.md): the
 * secret token in
 * its URL. At most one per user; regenerating replaces it, turning it off deletes the row.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_key").on(t.token)],
);

/**
 * The activity log (docs/decisions/030-history-activity-and-undo.md): one entry per write of a
 * project's content or
 * settings, written in the write's own transaction (server/activity/). `restore` holds what an undo
 * needs beyond `changes` (a deleted task's row and its dependencies, a category's tasks) and never
 * reaches the wire. Entries go with their project (server/routes/projects).
 */
export const activityEntries = pgTable(
  "activity_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: its check would take a share lock on the project's row at the end of writes
    // that do not lock the project first, an order a scheduling write (project, then tasks) could
    // deadlock with. Deleting a project deletes its entries in the same transaction.
    projectId: integer("project_id").notNull(),
    at: timestamptz("at").notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").$type<ActivityAction>().notNull(),
    // No foreign keys: an entry outlives the task or dependency it names.
    taskId: integer("task_id"),
    dependencyId: integer("dependency_id"),
    subject: text("subject"),
    changes: jsonb("changes").$type<FieldChanges>().notNull().default({}),
    items: jsonb("items").$type<ActivityItem[]>().notNull().default([]),
    moved: jsonb("moved").$type<ActivityMove[]>().notNull().default([]),
    restore: jsonb("restore").$type<Record<string, unknown>>(),
    undoOf: bigint("undo_of", { mode: "number" }),
    undoneBy: bigint("undone_by", { mode: "number" }),
    isUndo: boolean("is_undo").notNull().default(false),
    undoable: boolean("undoable").notNull().default(true),
  },
  (t) => [
    // One index per way of reading, each led by a column no other index starts with, so the
    // planner has one plan for each, with or without statistics (readActivityPage).
    // The newest page of a project, and the next ones (before an id).
    index("activity_entries_project_id_idx").on(t.projectId, t.id),
    // A task's history in its dialog.
    index("activity_entries_task_idx").on(t.taskId, t.projectId, t.id),
    // What Ctrl+Z reaches: the caller's own entries in the project; also what a deleted account's
    // foreign key clears.
    index("activity_entries_actor_idx").on(t.actorId, t.projectId, t.id),
  ],
);

/**
 * A saved baseline of a project (docs/spec/tracking.md): each task's scheduled start, finish and
 * duration when it was saved, and the project's finish; at most 11 per project (MS Project's
 * Baseline and Baseline 1..10). Deleting the project deletes them.
 */
export const baselines = pgTable(
  "baselines",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    savedAt: timestamptz("saved_at").notNull().defaultNow(),
    savedBy: integer("saved_by").references(() => users.id, { onDelete: "set null" }),
    /** The project's finish, "YYYY-MM-DD", null when nothing was scheduled. */
    finish: text("finish"),
  },
  (t) => [index("baselines_project_id_idx").on(t.projectId, t.id)],
);

/** A task as a baseline saw it. No foreign key to the task: a baseline outlives a deleted task. */
export const baselineTasks = pgTable(
  "baseline_tasks",
  {
    baselineId: integer("baseline_id")
      .notNull()
      .references(() => baselines.id, { onDelete: "cascade" }),
    taskId: integer("task_id").notNull(),
    start: text("start"),
    finish: text("finish"),
    duration: integer("duration"),
  },
  (t) => [primaryKey({ columns: [t.baselineId, t.taskId] })],
);

// Notifications, API tokens and webhooks (docs/spec/notifications-and-api.md).

/** What happened for a user: stored per user, newest first, read and marked read through the API. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    // No foreign keys here: each key checked costs a write storing 1,000 notifications 5 to 12 ms
    // (docs/performance.md). Triggers in migration 0014 delete a user's, a task's (and so a
    // deleted project's) notifications with them instead, as cascades would.
    userId: integer("user_id").notNull(),
    kind: text("kind").$type<NotificationKind>().notNull(),
    projectId: integer("project_id").notNull(),
    // A deleted task takes its notifications with it: they would open nothing.
    taskId: integer("task_id").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    readAt: timestamptz("read_at"),
    // What makes a repeat the same notification, for the kinds sent once ("2026-12-01" for a
    // deadline): a second pass, on any instance, inserts nothing.
    onceKey: text("once_key"),
  },
  (t) => [
    index("notifications_user_id_idx").on(t.userId, t.id),
    index("notifications_task_id_idx").on(t.taskId),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_once_key")
      .on(t.userId, t.taskId, t.kind, t.onceKey)
      .where(sql`${t.onceKey} is not null`),
    check(
      "notifications_kind_check",
      sql`${t.kind} in ('task.unblocked', 'task.assigned', 'deadline.near', 'deadline.missed')`,
    ),
  ],
);

/** How a user hears of each kind; a kind without a row is "in-app". */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    channel: text("channel").$type<NotificationChannel>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("notification_preferences_channel_check", sql`${t.channel} in ('in-app', 'email', 'off')`),
  ],
);

/** A user's API tokens: only the SHA-256 of the secret is kept; revoking deletes the row. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope").$type<ApiTokenScope>().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The secret's first characters, shown in the list so a person can tell tokens apart. */
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at"),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_key").on(t.tokenHash),
    index("api_tokens_user_id_idx").on(t.userId),
    check("api_tokens_scope_check", sql`${t.scope} in ('read', 'write')`),
  ],
);

/** A project's webhook: where its changes are POSTed, signed with `secret`. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** The event types sent; every change of the live stream plus task.unblocked. */
    events: jsonb("events").$type<WebhookEventType[]>().notNull(),
    // Kept as is: the HMAC needs it. Shown once, when the webhook is created.
    secret: text("secret").notNull(),
    active: boolean("active").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("webhooks_project_id_idx").on(t.projectId)],
);

/**
 * The outbox: each change still to deliver to a webhook, written in the transaction of the write,
 * so a restart loses none. Sent oldest first per webhook; deleted once delivered or given up.
 */
export const webhookOutbox = pgTable(
  "webhook_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    /** The event as the write published it (ids, actor, activity entry), without its content. */
    event: jsonb("event").$type<Record<string, unknown>>().notNull(),
    /** The JSON body, built at the first attempt so every retry sends the same bytes. */
    body: text("body"),
    deliveryId: text("delivery_id").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    /** Claimed by an instance until then: another instance sends it only after. */
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [index("webhook_outbox_webhook_id_idx").on(t.webhookId, t.id)],
);

/** Each attempt to deliver, kept for a webhook's delivery log (the last 100 are read). */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    deliveryId: text("delivery_id").notNull(),
    eventType: text("event_type").notNull(),
    at: createdAt(),
    /** "delivered", "failed" (retried later) or "given-up" (24 hours of failures). */
    status: text("status").notNull(),
    responseCode: integer("response_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_webhook_id_idx").on(t.webhookId, t.id)],
);

export const trialSignups = pgTable(
  "trial_signups",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("trial_signups_email_key").on(t.email)],
);

export type User = typeof users.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Task = typeof tasks.$inferSelect;
export type Dependency = typeof dependencies.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type ProjectShare = typeof projectShares.$inferSelect;
export type ActivityEntry = typeof activityEntries.$inferSelect;
export type Baseline = typeof baselines.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type ApiToken = typeof apiTokens.$inferSelect;
export type Webhook = typeof webhooks.$inferSelect;
export type WebhookOutboxRow = typeof webhookOutbox.$inferSelect;
