// After the commit: each new notification goes to its user's open streams (over the bus, so every
// instance hears it), and those whose user chose email are emailed with a link to the task. Mail
// is sent in the background: a slow or failing mail server neither delays the write's answer nor
// undoes anything (failures are logged by the mailer).

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { idArray } from "../db/task-rows";
import { createMailer, type Mailer } from "../lib/mailer";
import type { CreatedNotification } from "./notification-store";

const mailers = new WeakMap<FastifyInstance, Mailer>();

/** The mailer notifications of this app are sent with (tests give their own). */
export function useNotificationMailer(app: FastifyInstance, mailer: Mailer): void {
  mailers.set(app, mailer);
}

function mailerOf(app: FastifyInstance): Mailer {
  let mailer = mailers.get(app);
  if (!mailer) {
    mailer = createMailer(app.config.smtpUrl, app.log);
    mailers.set(app, mailer);
  }
  return mailer;
}

/**
 * Where links in emails point: PUBLIC_URL, else this server as it listens. An email has no request
 * whose origin it could take, so a server behind a proxy needs PUBLIC_URL for its links to work.
 */
export function publicOrigin(app: FastifyInstance): string {
  const { publicUrl, host, port } = app.config;
  if (publicUrl) return publicUrl;
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}

/** The task in its project's list: the client opens the task's dialog from `?task=`. */
export const taskUrl = (origin: string, slug: string, taskId: number | null) =>
  `${origin}/projects/${encodeURIComponent(slug)}/list${taskId === null ? "" : `?task=${taskId}`}`;

export async function announceNotifications(app: FastifyInstance, created: readonly CreatedNotification[]) {
  if (created.length === 0) return;
  await Promise.all(
    created.map((each) => app.userEvents.publishNotification(each.userId, each.notification)),
  );
  const emailed = created.filter((each) => each.channel === "email");
  if (emailed.length > 0)
    void emailNotifications(app, emailed).catch((error) =>
      app.log.error({ err: error }, "could not email notifications; they stay in the app"),
    );
}

type MailRow = {
  id: number;
  email: string;
  projectName: string;
  slug: string;
  taskId: number | null;
  taskName: string | null;
};

/** One read for every recipient's address, project and task, then one email each. */
async function emailNotifications(app: FastifyInstance, emailed: readonly CreatedNotification[]) {
  const result = await app.db.execute(sql`
    select n.id, u.email, p.name as "projectName", p.slug, n.task_id as "taskId", t.name as "taskName"
    from notifications n
    join users u on u.id = n.user_id
    join projects p on p.id = n.project_id
    left join tasks t on t.id = n.task_id
    where n.id = any(${idArray(emailed.map((each) => each.notification.id))})`);
  const rows = new Map((result as unknown as { rows: MailRow[] }).rows.map((row) => [row.id, row]));
  const mailer = mailerOf(app);
  const origin = publicOrigin(app);
  for (const { notification } of emailed) {
    const row = rows.get(notification.id);
    // Gone since (the task or the account deleted): nothing to tell.
    if (!row) continue;
    try {
      await mailer.sendNotification({
        to: row.email,
        text: notification.text,
        taskName: row.taskName,
        projectName: row.projectName,
        taskUrl: taskUrl(origin, row.slug, row.taskId),
      });
    } catch (error) {
      app.log.error({ err: error, notificationId: row.id }, "notification email failed; it stays in the app");
    }
  }
}
