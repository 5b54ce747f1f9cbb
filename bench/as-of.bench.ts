// The plan on a past day (docs/spec/tracking.md; docs/performance.md, "The plan on a past day"):
// GET /api/projects/{id}/as-of of a scheduled plan of N = 5,000 tasks (bench/seed.ts) with E =
// 50,000 entries after the moment asked for (renames, durations and card moves of its tasks,
// written as generate_series), through the real server over HTTP. Budget: under 1 s on PostgreSQL
// (judged in full mode only).
// Judged in both modes, by counting (never by time): in process, the answer's statements at E and
// 2 E entries are as many, and it reads exactly the entries after the moment.
//   npx tsx bench/as-of.bench.ts [--quick] [--postgres | --postgres-only]
// --quick: 200 tasks, 2,000 entries, 1 run of 3 (full: 3 runs of 10). Results: test-results/as-of.bench.json.
import { sql } from "drizzle-orm";
import { entriesAfter, projectAsOf } from "../server/as-of/project-as-of";
import type { Database } from "../server/db/client";
import { openDatabase } from "../server/db/client";
import { projects } from "../server/db/schema";
import { ProjectContentCache } from "../server/projects/project-content";
import { type Row, writeColumns } from "./report";
import { seedScheduledProject } from "./seed";
import { type BenchDatabase, benchOnEveryEngine, type Findings, withSeededServer } from "./server-harness";
import { quick, runs, sizeSetting } from "./settings";
import { round, summarizeLatencies, timeInterleaved } from "./timing";

const size = sizeSetting(200, 5_000);
const entryCount = Number(process.env.BENCH_ENTRIES ?? (quick ? 2_000 : 50_000));
const perRun = quick ? 3 : 10;
const BUDGET_MS = 1_000;
/** The moment asked for: after the project's creation, before every seeded change. */
const MOMENT = new Date("2026-01-01T00:00:00Z");

/**
 * The project's creation, then `count` changes after MOMENT, one every 10 seconds: a rename (and a
 * duration) of one of its tasks, or one task's card moved, each with its before and after.
 */
async function seedEntries(db: Database, projectId: number, count: number) {
  await db.execute(sql`
    insert into activity_entries (project_id, at, action, subject)
    values (${projectId}, timestamptz '2025-12-01 08:00:00Z', 'project.created', 'Bench')`);
  await db.execute(sql`
    with t as (select array_agg(id order by id) as ids, count(*)::bigint as n from tasks where project_id = ${projectId}),
      p as (select g, t.ids[1 + (g::bigint * 7919) % t.n] as task from generate_series(1, ${count}::int) g cross join t)
    insert into activity_entries (project_id, at, action, task_id, subject, changes, items)
    select ${projectId}, timestamptz '2026-02-01 08:00:00Z' + g * interval '10 seconds',
      case when g % 10 = 0 then 'tasks.positioned' else 'task.updated' end,
      case when g % 10 = 0 then null else task end,
      'Task ' || task,
      case when g % 10 = 0 then '{}'::jsonb
        else jsonb_build_object('name', jsonb_build_array('Was ' || g, 'Now ' || g),
          'duration', jsonb_build_array(1 + (task % 5), 1 + (task % 5))) end,
      case when g % 10 = 0 then jsonb_build_array(jsonb_build_object('taskId', task, 'name', 'Task ' || task,
          'changes', jsonb_build_object('positionX', jsonb_build_array(g, g + 1)))) else '[]'::jsonb end
    from p`);
}

/** The answer's statements in process at `entries` entries, and how many entries it read. */
async function countedAnswer(database: BenchDatabase, entries: number) {
  const statements: string[] = [];
  let counting = false;
  const handle = await database.open();
  const seeded = await seedScheduledProject(handle.db, { tasks: size, members: 0, seed: entries });
  await seedEntries(handle.db, seeded.project.id, entries);
  await handle.close();
  const onQuery = (query: string) => counting && statements.push(query);
  const counted =
    database.kind === "postgres"
      ? await openDatabase({ databaseUrl: database.serverEnv.DATABASE_URL, onQuery })
      : await openDatabase({ dataDir: database.serverEnv.DATA_DIR, onQuery });
  try {
    const [project] = await counted.db
      .select()
      .from(projects)
      .where(sql`${projects.id} = ${seeded.project.id}`);
    const cache = new ProjectContentCache(0);
    counting = true;
    const answer = await projectAsOf(
      counted.db,
      cache,
      { project, accessLevel: "owner", preferences: null },
      MOMENT,
    );
    counting = false;
    const read = (await entriesAfter(counted.db, project.id, MOMENT)).length;
    return { statements, read, tasks: answer.tasks.length };
  } finally {
    await counted.close();
  }
}

async function judgeCounts(database: BenchDatabase, { rows, problems }: Findings) {
  const small = await countedAnswer(database, entryCount);
  const large = await countedAnswer(database, entryCount * 2);
  if (small.statements.length !== large.statements.length)
    problems.push(
      `${database.kind}: ${small.statements.length} statements at ${entryCount} entries, ${large.statements.length} at ${entryCount * 2}`,
    );
  if (small.read !== entryCount || large.read !== entryCount * 2)
    problems.push(
      `${database.kind}: read ${small.read} / ${large.read} entries, not ${entryCount} / ${entryCount * 2}`,
    );
  const row: Row = {
    engine: database.kind,
    tasks: `${small.tasks} / ${large.tasks}`,
    write: `as-of over ${entryCount} / ${entryCount * 2} entries, counted in process`,
    "p50 ms": "",
    "p99 ms": "",
    budget: "",
    statements: `${small.statements.length} / ${large.statements.length}`,
    "entries read": `${small.read} / ${large.read}`,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

async function time(database: BenchDatabase, { rows, problems }: Findings) {
  await withSeededServer(
    database,
    async (db) => {
      const seeded = await seedScheduledProject(db, { tasks: size, members: 0 });
      await seedEntries(db, seeded.project.id, entryCount);
      return seeded;
    },
    async ({ seeded, cookie, server }) => {
      const get = async (url: string) => {
        const response = await fetch(`${server.base}${url}`, { headers: { cookie } });
        const text = await response.text();
        if (response.status !== 200)
          problems.push(`${database.kind} GET ${url}: ${response.status} ${text.slice(0, 200)}`);
      };
      const operations = [
        { name: "the project answer (now)", run: () => get(`/api/projects/${seeded.project.id}`) },
        {
          name: `as-of, ${entryCount} entries walked back`,
          budgetMs: BUDGET_MS,
          run: () => get(`/api/projects/${seeded.project.id}/as-of?at=${MOMENT.toISOString()}`),
        },
      ];
      for (const operation of operations) await operation.run();
      const latencies = await timeInterleaved(operations, { runs, perRun });
      for (const operation of operations) {
        const latency = summarizeLatencies(latencies, operation.name);
        const budgetMs = "budgetMs" in operation ? operation.budgetMs : undefined;
        const judged = !quick && database.kind === "postgres";
        const met = budgetMs === undefined || latency.p50 < budgetMs;
        if (judged && !met) problems.push(`${database.kind} ${operation.name}: p50 ${round(latency.p50)} ms`);
        const row: Row = {
          ...writeColumns(database.kind, size, operation.name, latency),
          budget:
            budgetMs === undefined
              ? ""
              : `< ${budgetMs} ms: ${judged ? (met ? "met" : "missed") : "(not judged)"}`,
          statements: "",
          "entries read": "",
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    },
  );
}

await benchOnEveryEngine("as-of", { runs, perRun }, async (database, findings) => {
  await judgeCounts(database, findings);
  // The counts are what --quick judges; the times are the full run's.
  if (!quick) await time(database, findings);
});
