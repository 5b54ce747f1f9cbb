// A file's baselines, checked and stored with the imported project (docs/spec/import-export.md,
// "Tracking"): at most 11 (MS Project's Baseline and Baseline 1..10), each task's row keyed to
// its new id. They are written in as many statements whatever the plan's size below 1,000 rows a
// batch, as the tasks are: the baselines' ids are taken in one statement, the baselines written in
// one, and their tasks a batch of rows a statement, each batch one JSON parameter.
import { DURATION_MAX } from "@core/schemas/scheduling";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { baselines, baselineTasks } from "../db/schema";
import { isRealDay } from "./imported-constraints";
import type { ImportedBaseline, ImportedBaselineTask } from "./imported-plan";
import { wholeWorkingDays } from "./whole-days";

/** MS Project keeps Baseline and Baseline 1..10; the API keeps as many (docs/spec/tracking.md). */
export const BASELINES_MAX = 11;
const BASELINE_NAME_MAX = 200;

/** A baseline ready to store: its tasks by the plan's keys. */
export type PreparedBaseline = {
  name: string;
  finish: string | null;
  tasks: [key: string, task: ImportedBaselineTask][];
};

const dayOrNull = (value: string | null | undefined) => {
  const day = value?.trim().slice(0, 10) ?? "";
  return isRealDay(day) ? day : null;
};

/**
 * The file's baselines as the project keeps them: the first 11 (a warning names the rest), rows of
 * tasks the plan holds only, each date a day or null and each duration whole working days within
 * the limit or null (a warning counts what was left out). A baseline with no finish of its own
 * takes its tasks' latest.
 */
export function prepareBaselines(
  file: readonly ImportedBaseline[] | undefined,
  keys: ReadonlySet<string>,
  warnings: string[],
): PreparedBaseline[] {
  if (!file || file.length === 0) return [];
  const kept = file.slice(0, BASELINES_MAX);
  if (file.length > BASELINES_MAX)
    warnings.push(
      `Kept the first ${BASELINES_MAX} of the file's ${file.length} baselines; dropped ${file
        .slice(BASELINES_MAX, BASELINES_MAX + 3)
        .map((baseline) => `"${baseline.name.slice(0, 60)}"`)
        .join(
          ", ",
        )}${file.length > BASELINES_MAX + 3 ? ` and ${file.length - BASELINES_MAX - 3} more` : ""}.`,
    );
  let unread = 0;
  let unknown = 0;
  const prepared = kept.map((baseline, index) => {
    const tasks: PreparedBaseline["tasks"] = [];
    let latest: string | null = null;
    for (const [key, task] of baseline.tasks) {
      if (!keys.has(key)) {
        unknown++;
        continue;
      }
      const start = dayOrNull(task.start);
      let finish = dayOrNull(task.finish);
      if ((task.start && !start) || (task.finish && !finish)) unread++;
      if (start && finish && finish < start) finish = start;
      let duration: number | null = null;
      if (task.duration !== null && task.duration !== undefined) {
        const days =
          Number.isFinite(task.duration) && task.duration >= 0 ? wholeWorkingDays(task.duration) : -1;
        if (days >= 0 && days <= DURATION_MAX) duration = days;
        else unread++;
      }
      if (finish && (latest === null || finish > latest)) latest = finish;
      tasks.push([key, { start, finish, duration }]);
    }
    const finish = dayOrNull(baseline.finish);
    if (baseline.finish && !finish) unread++;
    const name =
      baseline.name.trim().slice(0, BASELINE_NAME_MAX) || (index === 0 ? "Baseline" : `Baseline ${index}`);
    return { name, finish: finish ?? latest, tasks };
  });
  if (unread > 0) warnings.push(`Left out ${unread} baseline dates or durations that could not be read.`);
  if (unknown > 0) warnings.push(`Left out ${unknown} baseline rows naming a task the file does not hold.`);
  return prepared;
}

/** Rows per baseline-task insert, as the tasks' (store-plan.ts). */
const BATCH = 1_000;

/**
 * Stores the baselines of a new project in `tx`, saved by `ownerId` now, their rows keyed by the
 * new task ids (`idOf`: a plan's key to its id). `pause` runs between batches (store-plan.ts lets
 * other requests run there).
 */
export async function storeBaselines(
  tx: Database,
  projectId: number,
  ownerId: number,
  prepared: readonly PreparedBaseline[],
  idOf: ReadonlyMap<string, number>,
  pause: () => Promise<unknown>,
): Promise<void> {
  if (prepared.length === 0) return;
  const reserved = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('baselines', 'id'))::int as id
        from generate_series(1, ${prepared.length})`,
  );
  const ids = (reserved as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  const rows = prepared.map((baseline, index) => ({
    id: ids[index],
    name: baseline.name,
    finish: baseline.finish,
  }));
  await tx.execute(sql`
    insert into ${baselines} (id, project_id, name, saved_by, finish)
    select id, ${projectId}, name, ${ownerId}, finish
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as row(id integer, name text, finish text)`);
  // Rows are made a batch at a time across the baselines, never all at once.
  let batch: { b: number; t: number; s: string | null; f: string | null; d: number | null }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(sql`
      insert into ${baselineTasks} (baseline_id, task_id, start, finish, duration)
      select b, t, s, f, d
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as row(b integer, t integer, s text, f text, d integer)`);
    batch = [];
    await pause();
  };
  for (const [index, baseline] of prepared.entries()) {
    for (const [key, task] of baseline.tasks) {
      batch.push({
        b: ids[index],
        t: idOf.get(key) as number,
        s: task.start,
        f: task.finish,
        d: task.duration,
      });
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
}
