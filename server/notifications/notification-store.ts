// The notifications table as the rest of the server uses it: stored by one statement per write
// (each user's channel read in the same statement, "off" storing nothing), read a page at a time
// newest first, marked read, and the channel each user chose per kind.
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationDto,
  type NotificationKind,
  type NotificationPreferencesDto,
  type NotificationsPageDto,
} from "@core/schemas/notifications";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { idArray } from "../db/task-rows";

type Executor = Pick<Database, "execute">;

/** A notification about to be stored. */
export type NotificationDraft = {
  userId: number;
  kind: NotificationKind;
  projectId: number;
  taskId: number;
  text: string;
  /** Set for the kinds sent once: a second draft with the same key stores nothing. */
  onceKey?: string;
};

/** A notification just stored, for whom, and how that user wants to hear of it. */
export type CreatedNotification = {
  userId: number;
  channel: NotificationChannel;
  notification: NotificationDto;
};

/** A text[] parameter: each value quoted as PostgreSQL's array syntax wants (null stays NULL). */
export function textArray(values: readonly (string | null)[]): SQL {
  const quoted = values.map((value) =>
    value === null ? "NULL" : `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`,
  );
  return sql`${`{${quoted.join(",")}}`}::text[]`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const isoAt = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type StoredRow = {
  id: number;
  userId: number;
  taskId: number;
  kind: NotificationKind;
  onceKey: string | null;
};

const draftKey = (
  draft: Pick<NotificationDraft, "userId" | "taskId" | "kind"> & { onceKey?: string | null },
) => `${draft.userId}:${draft.taskId}:${draft.kind}:${draft.onceKey ?? ""}`;

/**
 * The drafts' users' channels for their kinds (those without a row are "in-app"), and the moment
 * to store them at, in one small read.
 */
async function channelsAndTime(db: Executor, drafts: readonly NotificationDraft[]) {
  const result = await db.execute(sql`
    select ${isoAt(sql`now()`)} as "at",
      coalesce(json_agg(json_build_array(user_id, kind, channel)), '[]') as "channels"
    from notification_preferences
    where user_id = any(${idArray([...new Set(drafts.map((draft) => draft.userId))])})
      and kind = any(${`{${[...new Set(drafts.map((draft) => draft.kind))].join(",")}}`}::text[])`);
  const [row] = rowsOf<{ at: string; channels: [number, NotificationKind, NotificationChannel][] }>(result);
  const chosen = new Map(row.channels.map(([userId, kind, channel]) => [`${userId}:${kind}`, channel]));
  return {
    at: row.at,
    channelOf: (draft: NotificationDraft) =>
      chosen.get(`${draft.userId}:${draft.kind}`) ?? DEFAULT_NOTIFICATION_CHANNEL,
  };
}

/**
 * Stores the drafts whose user's channel for the kind is not "off", all in one statement, and
 * answers those stored in id order. With `once`, a draft whose (user, task, kind, onceKey) is
 * stored already stores nothing, however many instances run it at once (the partial unique index
 * notifications_once_key). The channels and the time are read first and the insert answers only
 * the ids: at a thousand notifications the insert's own work (a foreign key check per reference,
 * three indexes) is most of the cost, and every column more it answers adds to it
 * (bench/notifications.bench.ts).
 */
export async function storeNotifications(
  db: Executor,
  drafts: readonly NotificationDraft[],
  { once = false }: { once?: boolean } = {},
): Promise<CreatedNotification[]> {
  // One per (user, task, kind, key): a statement cannot insert a row twice under ON CONFLICT.
  const unique = new Map<string, NotificationDraft>();
  for (const draft of drafts) unique.set(draftKey(draft), draft);
  if (unique.size === 0) return [];
  const { at, channelOf } = await channelsAndTime(db, [...unique.values()]);
  const wanted = [...unique.values()].filter((draft) => channelOf(draft) !== "off");
  if (wanted.length === 0) return [];
  const onConflict = once
    ? sql`on conflict (user_id, task_id, kind, once_key) where once_key is not null do nothing`
    : sql``;
  // Columns as arrays, unnested: about a third cheaper than a JSON list of records at a thousand.
  const column = <T>(pick: (draft: NotificationDraft) => T) => wanted.map(pick);
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, project_id, task_id, text, once_key, created_at)
    select d.user_id, d.kind, d.project_id, d.task_id, d.text, d.once_key, ${at}::timestamptz
    from unnest(${idArray(column((draft) => draft.userId))}, ${textArray(column((draft) => draft.kind))},
      ${idArray(column((draft) => draft.projectId))}, ${idArray(column((draft) => draft.taskId))},
      ${textArray(column((draft) => draft.text))}, ${textArray(column((draft) => draft.onceKey ?? null))})
      as d(user_id, kind, project_id, task_id, text, once_key)
    ${onConflict}
    returning id, user_id as "userId", task_id as "taskId", kind, once_key as "onceKey"`);
  return rowsOf<StoredRow>(result)
    .sort((a, b) => a.id - b.id)
    .flatMap((row) => {
      const draft = unique.get(draftKey(row));
      if (!draft) return [];
      const { userId, kind, projectId, taskId, text } = draft;
      return [
        {
          userId,
          channel: channelOf(draft),
          notification: { id: row.id, at, kind, projectId, taskId, text, read: false },
        },
      ];
    });
}

/** A page of the user's notifications, newest first, with the unread count. */
export async function readNotificationsPage(
  db: Executor,
  userId: number,
  query: { unread: boolean; limit: number; before?: number },
): Promise<NotificationsPageDto> {
  const before = query.before === undefined ? sql`` : sql`and id < ${query.before}`;
  const unread = query.unread ? sql`and read_at is null` : sql``;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select id, ${isoAt(sql`created_at`)} as "at", kind, project_id as "projectId", task_id as "taskId",
        text, read_at is not null as "read"
      from notifications where user_id = ${userId} ${before} ${unread}
      order by id desc limit ${query.limit + 1}`),
    db.execute(
      sql`select count(*)::int as "count" from notifications where user_id = ${userId} and read_at is null`,
    ),
  ]);
  const rows = rowsOf<NotificationDto>(page);
  return {
    notifications: rows.slice(0, query.limit),
    unreadCount: rowsOf<{ count: number }>(count)[0]?.count ?? 0,
    hasMore: rows.length > query.limit,
  };
}

/**
 * Marks the user's notifications read: these ids (others' ids and ids already read are left
 * alone), or all. Answers the ids it marked.
 */
export async function markNotificationsRead(
  db: Executor,
  userId: number,
  which: { ids: readonly number[] } | { all: true },
): Promise<number[]> {
  const only = "ids" in which ? sql`and id = any(${idArray([...which.ids])})` : sql``;
  const result = await db.execute(sql`
    update notifications set read_at = now()
    where user_id = ${userId} and read_at is null ${only}
    returning id`);
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}

/** The user's channel for every kind ("in-app" for a kind without a row). */
export async function readNotificationPreferences(
  db: Executor,
  userId: number,
): Promise<NotificationPreferencesDto> {
  const result = await db.execute(
    sql`select kind, channel from notification_preferences where user_id = ${userId}`,
  );
  const chosen = new Map(
    rowsOf<{ kind: NotificationKind; channel: NotificationChannel }>(result).map((row) => [
      row.kind,
      row.channel,
    ]),
  );
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? DEFAULT_NOTIFICATION_CHANNEL]),
  ) as NotificationPreferencesDto;
}

/** Sets the channels of the kinds given; the others keep theirs. */
export async function writeNotificationPreferences(
  db: Executor,
  userId: number,
  channels: Partial<NotificationPreferencesDto>,
): Promise<void> {
  const records = Object.entries(channels)
    .filter(([, channel]) => channel !== undefined)
    .map(([kind, channel]) => ({ kind, channel }));
  if (records.length === 0) return;
  await db.execute(sql`
    insert into notification_preferences (user_id, kind, channel)
    select ${userId}, r.kind, r.channel
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(kind text, channel text)
    on conflict (user_id, kind) do update set channel = excluded.channel`);
}
