// Activity log reads (docs/decisions/030-history-activity-and-undo.md): GET
// /api/projects/{id}/activity of a 20,000-task project holding
// 1,000,000 activity entries, through the real server in its own process, signed in as a member:
// the newest page (limit=50), a deep page (before = an entry in the middle of the log) and a busy
// task's history (taskId=), next to the newest page's own statement sent straight through the
// driver. Budget: the newest 50 entries under 20 ms at 1,000,000 entries (reported, not judged).
//
// Judged, in both modes (structure, never timing): EXPLAIN (ANALYZE, BUFFERS) of the very
// statements the route runs (readActivityPage's, captured at the database client with their
// parameters) reads activity_entries only through activity_entries_project_id_idx (pages) or
// activity_entries_task_idx (a task's history), sorts nothing and draws at most `limit`
// rows from the table; once before the table has statistics (PGlite never gathers them: the app
// runs no ANALYZE and PGlite has no autovacuum) and once after ANALYZE (PostgreSQL's autovacuum).
// Every answer over HTTP must be the page the statement answers in process: 50 entries, newest
// first, of the project (and of the task).
//
//   npx tsx bench/activity.bench.ts [--quick] [--postgres | --postgres-only]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/activity.bench.ts
// --quick: 200 tasks, 20,000 entries, 1 run of 20 (full: 3 runs of 100). BENCH_ENTRIES, BENCH_SIZES
// (tasks) and BENCH_RUNS narrow a run; BENCH_OTHER_ENTRIES (50) sets the entries two other projects
// write before every 100,000 of the project's and after the last (at 20,000, other projects hold
// the newest entries and two thirds of the table). PGlite always; PostgreSQL too with DATABASE_URL
// or --postgres. Results: test-results/activity.bench.json.
import { loadavg } from "node:os";
import type { ActivityEntryDto } from "@core/schemas/activity";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type ActivityPageQuery, readActivityPage } from "../server/activity/activity-log";
import type { Database, DatabaseHandle } from "../server/db/client";
import { idArray } from "../server/db/task-rows";
import { finishReport, printTable, type Row } from "./report";
import { seedProject, seedUser } from "./seed";
import { type BenchDatabase, onEveryEngine, sessionCookie, startServer } from "./server-harness";
import { quick, runs, sizeSetting } from "./settings";
import { median, round, summarizeLatencies, type TimedOperation, timeInterleaved } from "./timing";

const entryCount = Number(process.env.BENCH_ENTRIES ?? (quick ? 20_000 : 1_000_000));
const taskCount = sizeSetting(200, 20_000);
const perRun = quick ? 20 : 100;
/** Reads slower than this in the warm-up (median) are timed apart, 1 run of 10. */
const SLOW_MS = 250;
const LIMIT = 50;
const BUDGET_MS = 20;
/** Entries per insert statement. */
const BATCH = 100_000;
/** Entries of other projects before each batch and after the last: the project's ids are not contiguous. */
const OTHER_PER_BATCH = Number(process.env.BENCH_OTHER_ENTRIES ?? 50);

/**
 * The project's log, written as generate_series: mostly task edits (renames, status, dates) with
 * their fields' before and after, some creations and deletions, dependency and card-move entries
 * that name no task; the owner and three members in turn, one entry every 20 seconds. One entry in
 * fifty is about the same busy task, the rest spread over every task of the project.
 */
async function insertEntries(
  db: Database,
  projectId: number,
  actorIds: number[],
  busyTaskId: number,
  from: number,
  to: number,
) {
  await db.execute(sql`
    with t as (select array_agg(id order by id) as ids, count(*)::bigint as n from tasks where project_id = ${projectId}),
      p as (
        select g, g % 20 as kind,
          case when g % 50 = 7 then ${busyTaskId}::int else t.ids[1 + (g::bigint * 7919) % t.n] end as task,
          'Task ' || (g % 20000 + 1) as name
        from generate_series(${from}::int, ${to}::int) g cross join t
      )
    insert into activity_entries (project_id, at, actor_id, action, task_id, dependency_id, subject, changes,
      items, moved, restore, undoable)
    select ${projectId}, timestamptz '2026-01-05 08:00:00Z' + g * interval '20 seconds',
      (${idArray(actorIds)})[1 + g % ${actorIds.length}],
      case kind when 0 then 'task.created' when 1 then 'task.deleted' when 2 then 'dependency.created'
        when 3 then 'dependency.deleted' when 10 then 'tasks.positioned' else 'task.updated' end,
      case when kind in (2, 3, 10) then null else task end,
      case when kind in (2, 3) then g end,
      case when kind in (2, 3) then name || ' → Task ' || (g % 20000 + 2) when kind = 10 then null else name end,
      case
        when kind in (0, 1, 2, 3, 10) then '{}'::jsonb
        when kind in (4, 5, 6, 7) then '{"status": ["not-started", "in-progress"]}'::jsonb
        when kind in (8, 9) then jsonb_build_object(
          'startDate', jsonb_build_array('2026-03-02', '2026-03-04'),
          'dueDate', jsonb_build_array('2026-03-06', '2026-03-10'))
        else jsonb_build_object('name', jsonb_build_array(name || ' (draft)', name))
      end,
      case when kind = 10 then jsonb_build_array(
        jsonb_build_object('taskId', task, 'name', name,
          'changes', jsonb_build_object('positionX', jsonb_build_array(320, 640), 'positionY', jsonb_build_array(140, 280))))
        else '[]'::jsonb end,
      '[]'::jsonb,
      case when kind = 1 then jsonb_build_object('task', jsonb_build_object('id', task, 'name', name), 'dependencies', '[]'::jsonb) end,
      kind <> 0
    from p`);
}

async function insertOtherEntries(db: Database, projectIds: number[], actorId: number, count: number) {
  await db.execute(sql`
    insert into activity_entries (project_id, actor_id, action, subject, changes)
    select (${idArray(projectIds)})[1 + g % ${projectIds.length}], ${actorId}, 'task.updated', 'Elsewhere ' || g,
      jsonb_build_object('name', jsonb_build_array('Old ' || g, 'New ' || g))
    from generate_series(1, ${count}::int) g`);
}

/** The executor readActivityPage is given: the app's own client, keeping each statement it sends. */
function capturing(db: Database) {
  const statements: SQL[] = [];
  const executor = {
    execute: (query: SQL) => {
      statements.push(query);
      return db.execute(query);
    },
  } as unknown as Pick<Database, "execute">;
  return { executor, statements };
}

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Scan Direction"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const describe = (node: PlanNode): string => {
  const own =
    node["Node Type"] +
    (node["Scan Direction"] === "Backward" ? " Backward" : "") +
    (node["Index Name"] ? ` using ${node["Index Name"]}` : "") +
    (node["Relation Name"] ? ` on ${node["Relation Name"]}` : "");
  const children = (node.Plans ?? []).map(describe);
  return children.length > 0 ? `${own} (${children.join(", ")})` : own;
};

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement with its parameters; judges the plan: activity_entries
 * read only by an index scan on `index`, no Sort, at most `limit` rows drawn from the table.
 */
async function judgePlan(db: Database, statement: SQL, index: string, limit: number) {
  const result = await db.execute(sql`explain (analyze, buffers, format json) ${statement}`);
  const [first] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const cell = first["QUERY PLAN"];
  const [explained] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [
    { Plan: PlanNode; "Execution Time": number },
  ];
  const nodes = nodesOf(explained.Plan);
  const problems: string[] = [];
  const scans = nodes.filter((node) => node["Relation Name"] === "activity_entries");
  const drawn = scans.reduce(
    (sum, node) =>
      sum +
      ((node["Actual Rows"] ?? 0) +
        (node["Rows Removed by Filter"] ?? 0) +
        (node["Rows Removed by Index Recheck"] ?? 0)) *
        (node["Actual Loops"] ?? 1),
    0,
  );
  for (const scan of scans) {
    if (!["Index Scan", "Index Only Scan"].includes(scan["Node Type"]) || scan["Index Name"] !== index)
      problems.push(`reads activity_entries by ${describe(scan)}, not an index scan on ${index}`);
  }
  if (scans.length === 0) problems.push("no scan of activity_entries in the plan");
  if (nodes.some((node) => node["Node Type"].includes("Sort"))) problems.push("sorts");
  if (drawn > limit) problems.push(`draws ${drawn} rows from activity_entries (limit ${limit})`);
  return {
    plan: describe(explained.Plan),
    drawn,
    buffers: (explained.Plan["Shared Hit Blocks"] ?? 0) + (explained.Plan["Shared Read Blocks"] ?? 0),
    databaseMs: explained["Execution Time"],
    problems,
  };
}

type Read = {
  name: string;
  query: ActivityPageQuery;
  index: string;
  /** The statement readActivityPage sent, with its parameters. */
  statement: SQL;
  /** The page it answered in process: what the route must answer. */
  expected: number[];
};

/** A page is the newest `limit` entries of the project (and the task), before `before`, newest first. */
function pageProblems(read: Read, entries: ActivityEntryDto[], projectCount: number): string[] {
  const ids = entries.map((entry) => entry.id);
  const problems: string[] = [];
  if (entries.length !== Math.min(LIMIT, projectCount)) problems.push(`${entries.length} entries`);
  if (ids.some((id, index) => index > 0 && id >= ids[index - 1])) problems.push("not newest first");
  if (read.query.before !== undefined && ids.some((id) => id >= (read.query.before as number)))
    problems.push("an entry not before `before`");
  if (read.query.taskId !== undefined && entries.some((entry) => entry.taskId !== read.query.taskId))
    problems.push("an entry of another task");
  if (read.query.actorId !== undefined && entries.some((entry) => entry.actor?.id !== read.query.actorId))
    problems.push("an entry of another actor");
  if (ids.join() !== read.expected.join()) problems.push("not the page the statement answers");
  return problems.map((problem) => `${read.name}: ${problem}`);
}

async function analyzeAndJudge(
  handle: DatabaseHandle,
  reads: Read[],
  statistics: string,
  engine: string,
  planRows: Row[],
  problems: string[],
) {
  if (statistics === "analyzed") await handle.db.execute(sql`analyze activity_entries`);
  for (const read of reads) {
    const judged = await judgePlan(handle.db, read.statement, read.index, read.query.limit);
    planRows.push({
      engine,
      statistics,
      read: read.name,
      plan: judged.plan,
      "rows drawn": judged.drawn,
      buffers: judged.buffers,
      "db ms": round(judged.databaseMs),
      verdict: judged.problems.length === 0 ? "ok" : "FAILED",
    });
    for (const problem of judged.problems) problems.push(`${engine} ${statistics} ${read.name}: ${problem}`);
  }
}

const loads: { engine: string; load: number }[] = [];

async function benchEngine(database: BenchDatabase, rows: Row[], planRows: Row[], problems: string[]) {
  const engine = database.kind;
  let handle = await database.open();
  const seedStarted = performance.now();
  const seeded = await seedProject(handle.db, { tasks: taskCount });
  const projectId = seeded.project.id;
  const outsider = await seedUser(handle.db, "elsewhere");
  const others = [
    (await seedProject(handle.db, { tasks: 20, members: 0, categories: 0, owner: outsider })).project.id,
    (await seedProject(handle.db, { tasks: 20, members: 0, categories: 0, owner: outsider })).project.id,
  ];
  const busyTaskId = seeded.taskIds[Math.floor(seeded.taskIds.length / 2)];
  const actorIds = [seeded.owner.id, ...seeded.members.map((member) => member.id)];
  // The bench decides when the table gets statistics, not autovacuum halfway through a run.
  await handle.db.execute(sql`alter table activity_entries set (autovacuum_enabled = false)`);
  for (let from = 1; from <= entryCount; from += BATCH) {
    await insertOtherEntries(handle.db, others, outsider.id, OTHER_PER_BATCH);
    await insertEntries(
      handle.db,
      projectId,
      actorIds,
      busyTaskId,
      from,
      Math.min(entryCount, from + BATCH - 1),
    );
    if (!quick) console.log(`${engine}: ${Math.min(entryCount, from + BATCH - 1)} entries`);
  }
  await insertOtherEntries(handle.db, others, outsider.id, OTHER_PER_BATCH);
  const counted = (await handle.db.execute(sql`
    select count(*)::int as "entries", count(*) filter (where task_id = ${busyTaskId})::int as "busy",
      count(*) filter (where actor_id = ${seeded.members[0].id})::int as "mine",
      (select count(*)::int from activity_entries) as "all",
      percentile_disc(0.5) within group (order by id) as "middle",
      pg_total_relation_size('activity_entries') as "bytes"
    from activity_entries where project_id = ${projectId}`)) as unknown as {
    rows: {
      entries: number;
      busy: number;
      mine: number;
      all: number;
      middle: number | string;
      bytes: number | string;
    }[];
  };
  const { entries, busy, mine, all, middle, bytes } = counted.rows[0];
  console.log(
    `${engine}: ${taskCount} tasks, ${entries} entries of the project (${busy} of the busy task), ${all} in all, ` +
      `${round(Number(bytes) / 2 ** 20, 1)} MB with indexes; seeded in ${round((performance.now() - seedStarted) / 1000, 1)} s`,
  );
  if (entries !== entryCount) problems.push(`${engine}: ${entries} entries seeded, not ${entryCount}`);
  const cookie = await sessionCookie(handle, seeded.members[0].id);

  // The route's own statements: readActivityPage through the app's client, kept as it sends them.
  const reads: Read[] = [];
  for (const [name, query, index] of [
    ["newest 50", { limit: LIMIT }, "activity_entries_project_id_idx"],
    [
      "deep page (before = middle)",
      { limit: LIMIT, before: Number(middle) },
      "activity_entries_project_id_idx",
    ],
    ["task history (taskId)", { limit: LIMIT, taskId: busyTaskId }, "activity_entries_task_idx"],
    // What Ctrl+Z reads: the signed-in member's own entries (mine=true).
    ["own entries (mine)", { limit: LIMIT, actorId: seeded.members[0].id }, "activity_entries_actor_idx"],
  ] as const) {
    const { executor, statements } = capturing(handle.db);
    const page = await readActivityPage(executor, projectId, query);
    if (statements.length !== 1) problems.push(`${engine} ${name}: ${statements.length} statements, not 1`);
    reads.push({ name, query, index, statement: statements[0], expected: page.map((entry) => entry.id) });
  }
  const counts = [entries, entries, busy, mine];

  await analyzeAndJudge(handle, reads, "none", engine, planRows, problems);
  // PostgreSQL's autovacuum analyzes a table this size within a minute, so its reads are timed with
  // statistics; PGlite never gathers them, so its reads are timed without and analyzed after.
  if (engine === "postgres") await analyzeAndJudge(handle, reads, "analyzed", engine, planRows, problems);
  const statistics = engine === "postgres" ? "analyzed" : "none";
  await handle.close();

  const raw = await database.openRaw(1);
  const server = await startServer(database.serverEnv);
  try {
    const newest = new PgDialect().sqlToQuery(reads[0].statement);
    const operations: (TimedOperation & { read?: Read; count?: number })[] = [
      {
        name: "newest 50, raw driver (the route's statement)",
        run: () => raw.query(newest.sql, newest.params),
      },
      {
        // The floor of a signed-in read of the project over HTTP: the same session and access check,
        // then one small statement.
        name: "GET /api/projects/{id}/categories, for scale",
        run: async () => {
          const response = await fetch(`${server.base}/api/projects/${projectId}/categories`, {
            headers: { cookie },
          });
          await response.arrayBuffer();
          if (response.status !== 200) problems.push(`${engine} categories: ${response.status}`);
        },
      },
      ...reads.map((read, index) => {
        const search = new URLSearchParams({ limit: String(read.query.limit) });
        if (read.query.before !== undefined) search.set("before", String(read.query.before));
        if (read.query.taskId !== undefined) search.set("taskId", String(read.query.taskId));
        if (read.query.actorId !== undefined) search.set("mine", "true");
        const url = `${server.base}/api/projects/${projectId}/activity?${search}`;
        return {
          name: `GET ${read.name}`,
          read,
          count: counts[index],
          run: async () => {
            const response = await fetch(url, { headers: { cookie } });
            return { status: response.status, body: (await response.json()) as unknown };
          },
        };
      }),
    ];
    const check = async (operation: (typeof operations)[number], answer: unknown) => {
      if (!operation.read) return;
      const { status, body } = answer as { status: number; body: unknown };
      if (status !== 200) {
        problems.push(`${engine} ${operation.name}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
        return;
      }
      for (const problem of pageProblems(operation.read, body as ActivityEntryDto[], operation.count ?? 0))
        problems.push(`${engine} ${problem}`);
    };
    // A warm-up; a read slower than SLOW_MS in it (a plan that reads every entry of the task or of
    // the project) is then timed apart, 1 run of 10, so the others keep their samples.
    const warmUp = new Map<string, number[]>(operations.map((operation) => [operation.name, []]));
    for (let warm = 0; warm < 5; warm++)
      for (const operation of operations) {
        const begin = performance.now();
        const answer = await operation.run(warm);
        warmUp.get(operation.name)?.push(performance.now() - begin);
        await check(operation, answer);
      }
    const isSlow = (operation: (typeof operations)[number]) =>
      median(warmUp.get(operation.name) ?? []) > SLOW_MS;
    const latencies = await timeInterleaved(
      operations.filter((operation) => !isSlow(operation)),
      { runs, perRun, after: check },
    );
    const load = loadavg()[0];
    console.log(`${engine}: load average ${round(load)} after the timed reads`);
    loads.push({ engine, load: round(load) });
    const slow = operations.filter(isSlow);
    if (slow.length > 0) {
      console.log(
        `${engine}: timing ${slow.map((operation) => operation.name).join(", ")} apart: 1 run of 10`,
      );
      const slowLatencies = await timeInterleaved(slow, { runs: 1, perRun: 10, after: check });
      for (const [name, values] of slowLatencies) latencies.set(name, values);
    }
    for (const operation of operations) {
      const perRunValues = latencies.get(operation.name) ?? [];
      const { p50, tail: p95 } = summarizeLatencies(latencies, operation.name, 95);
      const row: Row = {
        engine,
        entries: entryCount,
        statistics,
        read: operation.name,
        samples: perRunValues.reduce((sum, values) => sum + values.length, 0),
        "p50 ms": round(p50),
        "p95 ms": round(p95),
        budget:
          operation.read === reads[0] && entryCount >= 1_000_000
            ? `p50 ${p50 < BUDGET_MS ? "met" : "missed"}, p95 ${p95 < BUDGET_MS ? "met" : "missed"}`
            : "",
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await server.stop();
    await raw.close();
  }

  if (engine === "pglite") {
    handle = await database.open();
    await analyzeAndJudge(handle, reads, "analyzed", engine, planRows, problems);
    await handle.close();
  }
}

async function main() {
  const rows: Row[] = [];
  const planRows: Row[] = [];
  const problems: string[] = [];
  await onEveryEngine("activity", (database) => benchEngine(database, rows, planRows, problems));
  console.log();
  printTable(planRows);
  finishReport("activity.bench", rows, problems, {
    entries: entryCount,
    tasks: taskCount,
    runs,
    perRun,
    budgetMs: BUDGET_MS,
    plans: planRows,
    loadAverage: loads,
  });
}

await main();
