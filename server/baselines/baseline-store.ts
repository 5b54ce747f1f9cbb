// The SQL of baselines (docs/spec/tracking.md, "Baselines"). Saving is one statement at any size:
// the baseline row, its task rows copied from the tasks table and the project's finish, written
// together, so a 20,000-task plan costs one round trip (bench/baselines.bench.ts). Reads answer the
// wire shapes of core/schemas/baselines.ts.
import {
  BASELINES_PER_PROJECT,
  type BaselineSummaryDto,
  type BaselineTaskDto,
} from "@core/schemas/baselines";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";

type Executor = Pick<Database, "execute">;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A stored timestamp's day: the day of its nearest UTC midnight, as the scheduler reads it. */
const dayOf = (column: SQL) =>
  sql`to_char((${column} at time zone 'UTC') + interval '12 hours', 'YYYY-MM-DD')`;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The summary's columns from `b` (baselines) and `u` (the user who saved it). */
const summaryColumns = sql`b.id, b.name, to_char(b.saved_at at time zone 'UTC', ${sql.raw(ISO)}) as "savedAt",
  b.saved_by as "savedById",
  coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.username, u.email) as "savedByName",
  b.finish`;

type SummaryRow = Omit<BaselineSummaryDto, "savedBy"> & {
  savedById: number | null;
  savedByName: string | null;
};

const toSummary = ({ savedById, savedByName, ...row }: SummaryRow): BaselineSummaryDto => ({
  ...row,
  id: Number(row.id),
  savedBy: savedById === null ? null : { id: savedById, name: savedByName ?? "" },
});

/**
 * Saves the project's tasks as they are scheduled now, in one statement, unless the project holds
 * the most baselines it may (answers null then, and saves nothing). The caller holds the project's
 * row lock, so the count cannot change before the insert.
 *
 * Each task's start and finish are its stored dates where the schedule stands on them: an auto
 * task's are the scheduler's, a manual task's its own, a summary's its roll-up; a task without a
 * duration (nor tasks under it) is not scheduled, so saves none. A summary's own duration means
 * nothing and is saved as null. The project's finish is the latest finish saved.
 */
export async function insertBaselineFromTasks(
  db: Executor,
  input: { projectId: number; name: string; savedBy: number },
): Promise<BaselineSummaryDto | null> {
  const { projectId, name, savedBy } = input;
  const result = await db.execute(sql`
    with shaped as (
      select t.id, t.duration, t.start_date, t.due_date,
        exists (select 1 from tasks c where c.parent_id = t.id) as summary
      from tasks t where t.project_id = ${projectId}
    ), saved as (
      select id as task_id,
        case when summary or duration is not null then ${dayOf(sql`start_date`)} end as start,
        case when summary or duration is not null then ${dayOf(sql`due_date`)} end as finish,
        case when summary then null else duration end as duration
      from shaped
    ), inserted as (
      insert into baselines (project_id, name, saved_by, finish)
      select ${projectId}, ${name}, ${savedBy}, (select max(finish) from saved)
      where (select count(*) from baselines where project_id = ${projectId}) < ${BASELINES_PER_PROJECT}
      returning *
    ), rows as (
      insert into baseline_tasks (baseline_id, task_id, start, finish, duration)
      select inserted.id, saved.task_id, saved.start, saved.finish, saved.duration
      from inserted cross join saved
    )
    select ${summaryColumns} from inserted b left join users u on u.id = b.saved_by`);
  const [row] = rowsOf<SummaryRow>(result);
  return row ? toSummary(row) : null;
}

/** What brings a deleted baseline back whole: its row and its tasks, column by column (compact). */
export type BaselineRestore = {
  baseline: BaselineSummaryDto;
  tasks: {
    taskId: number[];
    start: (string | null)[];
    finish: (string | null)[];
    duration: (number | null)[];
  };
};

/**
 * Puts a deleted baseline back with its id, its time, who saved it (while that account exists) and
 * its task rows, in one statement, unless the project holds the most baselines it may (null).
 */
export async function insertRestoredBaseline(
  db: Executor,
  projectId: number,
  { baseline, tasks }: BaselineRestore,
): Promise<BaselineSummaryDto | null> {
  const result = await db.execute(sql`
    with inserted as (
      insert into baselines (id, project_id, name, saved_at, saved_by, finish)
      select ${baseline.id}, ${projectId}, ${baseline.name}, ${baseline.savedAt}::timestamptz,
        (select id from users where id = ${baseline.savedBy?.id ?? null}::integer), ${baseline.finish}
      where (select count(*) from baselines where project_id = ${projectId}) < ${BASELINES_PER_PROJECT}
      returning *
    ), kept as (select ${JSON.stringify(tasks)}::jsonb as columns
    ), saved as (
      select t.* from kept, rows from (
        jsonb_array_elements_text(kept.columns -> 'taskId'),
        jsonb_array_elements_text(kept.columns -> 'start'),
        jsonb_array_elements_text(kept.columns -> 'finish'),
        jsonb_array_elements_text(kept.columns -> 'duration')
      ) as t(task_id, start, finish, duration)
    ), rows as (
      insert into baseline_tasks (baseline_id, task_id, start, finish, duration)
      select inserted.id, saved.task_id::integer, saved.start, saved.finish, saved.duration::integer
      from inserted cross join saved
    )
    select ${summaryColumns} from inserted b left join users u on u.id = b.saved_by`);
  const [row] = rowsOf<SummaryRow>(result);
  return row ? toSummary(row) : null;
}

/** A project's baselines, oldest first. */
export async function readBaselineSummaries(db: Executor, projectId: number): Promise<BaselineSummaryDto[]> {
  const result = await db.execute(sql`
    select ${summaryColumns} from baselines b left join users u on u.id = b.saved_by
    where b.project_id = ${projectId} order by b.saved_at, b.id`);
  return rowsOf<SummaryRow>(result).map(toSummary);
}

/** One baseline of the project, or null (none with that id, or another project's). */
export async function readBaselineSummary(
  db: Executor,
  projectId: number,
  baselineId: number,
): Promise<BaselineSummaryDto | null> {
  const result = await db.execute(sql`
    select ${summaryColumns} from baselines b left join users u on u.id = b.saved_by
    where b.id = ${baselineId} and b.project_id = ${projectId}`);
  const [row] = rowsOf<SummaryRow>(result);
  return row ? toSummary(row) : null;
}

/** A baseline's tasks by task id. */
export async function readBaselineTasks(db: Executor, baselineId: number): Promise<BaselineTaskDto[]> {
  const result = await db.execute(sql`
    select task_id as "taskId", start, finish, duration from baseline_tasks
    where baseline_id = ${baselineId} order by task_id`);
  return rowsOf<BaselineTaskDto>(result);
}

/** A baseline's tasks as its restore keeps them. */
export function columnsOf(tasks: readonly BaselineTaskDto[]): BaselineRestore["tasks"] {
  return {
    taskId: tasks.map((task) => task.taskId),
    start: tasks.map((task) => task.start),
    finish: tasks.map((task) => task.finish),
    duration: tasks.map((task) => task.duration),
  };
}
