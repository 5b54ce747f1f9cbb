// The deadline pass (docs/spec/notifications-and-api.md): at start and every DEADLINE_PASS_MINUTES,
// each incomplete leaf task with an assignee and a deadline or a due date tells that person once
// when the date comes within DEADLINE_NEAR_WORKING_DAYS working days of today by its project's
// calendar (deadline.near), and once when it has passed (deadline.missed). One read of the
// candidates across every project, one statement storing what is new: the partial unique index on
// (user, task, kind, once_key) keeps each once, however many instances run the pass together, and
// only what this pass stored is announced.
import { epochDayOf, isoDateOf, WorkingCalendar } from "@core/scheduling/calendar";
import { DEADLINE_NEAR_WORKING_DAYS } from "@core/schemas/notifications";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { announceNotifications } from "./announce";
import { type CreatedNotification, type NotificationDraft, storeNotifications } from "./notification-store";
import { type DeadlineSource, deadlineMissedText, deadlineNearText } from "./notification-texts";

/**
 * How far ahead the candidates are read, in calendar days: two working days lie within it for any
 * calendar short of weeks of holidays in a row; the project's calendar then decides exactly.
 */
const NEAR_HORIZON_DAYS = 60;

type Candidate = {
  id: number;
  projectId: number;
  name: string;
  assigneeId: number;
  deadline: string | null;
  dueDay: string | null;
  startDate: string;
  workingDays: number[];
  holidays: string[];
};

/**
 * Stores the deadline notifications due at `now` that were not stored before; answers those it
 * stored. "Today" is `now`'s UTC date; a due date is the day it names (its nearest UTC midnight, as
 * the scheduler reads it).
 */
export async function storeDeadlineNotifications(
  db: Pick<Database, "execute">,
  now: Date,
): Promise<CreatedNotification[]> {
  const today = now.toISOString().slice(0, 10);
  const horizon = isoDateOf(epochDayOf(today) + NEAR_HORIZON_DAYS);
  const result = await db.execute(sql`
    select t.id, t.project_id as "projectId", t.name, t.assignee_id as "assigneeId", t.deadline,
      to_char((t.due_date at time zone 'UTC') + interval '12 hours', 'YYYY-MM-DD') as "dueDay",
      p.start_date as "startDate", p.working_days as "workingDays", p.holidays
    from tasks t join projects p on p.id = t.project_id
    where not t.completed and t.assignee_id is not null and not p.archived
      and (t.deadline <= ${horizon} or t.due_date < ${`${horizon}T12:00:00Z`}::timestamptz)
      and not exists (select 1 from tasks c where c.parent_id = t.id)
    order by t.id`);
  const candidates = (result as unknown as { rows: Candidate[] }).rows;
  const thisYear = now.getUTCFullYear();
  // The last day of each project's window: DEADLINE_NEAR_WORKING_DAYS working days past today.
  const windowEnds = new Map<number, string>();
  const windowEndOf = (candidate: Candidate) => {
    let end = windowEnds.get(candidate.projectId);
    if (end === undefined) {
      const calendar = new WorkingCalendar(candidate);
      end = calendar.dateOf(calendar.dayOnOrBefore(today) + DEADLINE_NEAR_WORKING_DAYS);
      windowEnds.set(candidate.projectId, end);
    }
    return end;
  };
  const drafts: NotificationDraft[] = [];
  for (const candidate of candidates) {
    const dates: [DeadlineSource, string | null][] = [
      ["deadline", candidate.deadline],
      ["due", candidate.dueDay],
    ];
    for (const [source, day] of dates) {
      if (day === null) continue;
      const base = {
        userId: candidate.assigneeId,
        projectId: candidate.projectId,
        taskId: candidate.id,
        onceKey: day,
      };
      if (day < today)
        drafts.push({
          ...base,
          kind: "deadline.missed",
          text: deadlineMissedText(candidate.name, source, day, thisYear),
        });
      else if (day <= windowEndOf(candidate))
        drafts.push({
          ...base,
          kind: "deadline.near",
          text: deadlineNearText(candidate.name, source, day, thisYear),
        });
    }
  }
  return storeNotifications(db, drafts, { once: true });
}

/** One pass at `now`: stores what is new and announces it (streams, email). Tests call it with their `now`. */
export async function runDeadlinePass(
  app: FastifyInstance,
  now = new Date(),
): Promise<CreatedNotification[]> {
  const created = await storeDeadlineNotifications(app.db, now);
  await announceNotifications(app, created);
  return created;
}

/** Runs the pass now and then every DEADLINE_PASS_MINUTES; answers the function that stops it. */
export function startDeadlinePass(app: FastifyInstance): () => void {
  let stopped = false;
  let running = false;
  const pass = async () => {
    // A pass still running (a large database) is not joined by the next one.
    if (stopped || running) return;
    running = true;
    try {
      await runDeadlinePass(app);
    } catch (error) {
      if (!stopped) app.log.error({ err: error }, "the deadline pass failed; it runs again at its next turn");
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(() => void pass(), app.config.deadlinePassMinutes * 60_000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
