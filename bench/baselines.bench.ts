// Baseline benchmark (docs/spec/tracking.md, "Baselines"; docs/performance.md): in a scheduled plan
// of N = 20,000 tasks (bench/seed.ts seedScheduledProject), through the real server over HTTP:
// - saving a baseline (POST /api/projects/{id}/baselines): one statement copies every task's dates;
//   p50 under 500 ms on PostgreSQL (judged in full mode only);
// - deleting it again (its entry keeps the rows for an undo), so the project stays under its 11;
// beside a plain single-row update over HTTP (a task's rename).
// Judged in both modes, by counting (never by time): in process, the save's statements at N and
// 2 N are as many, exactly one of them writes baseline rows, and the baseline holds every task.
//   npx tsx bench/baselines.bench.ts [--quick] [--postgres | --postgres-only]
// --quick: 200 tasks, 1 run of 3 (full: 3 runs of 10). Results: test-results/baselines.bench.json.
import type { BaselineSummaryDto } from "@core/schemas/baselines";
import { sql } from "drizzle-orm";
import { saveBaseline } from "../server/baselines/baseline-commands";
import { openDatabase } from "../server/db/client";
import { users } from "../server/db/schema";
import { type Row, writeColumns } from "./report";
import { seedScheduledProject } from "./seed";
import { type BenchDatabase, benchOnEveryEngine, type Findings, withSeededServer } from "./server-harness";
import { quick, runs, sizeSetting } from "./settings";
import { round, summarizeLatencies, type TimedOperation, timeInterleaved } from "./timing";

const size = sizeSetting(200, 20_000);
const perRun = quick ? 3 : 10;
const SAVE_BUDGET_MS = 500;

/** The save's statements in process, counted at `tasks` (a project seeded for it). */
async function countedSave(database: BenchDatabase, tasks: number) {
  const statements: string[] = [];
  let counting = false;
  const handle = await database.open();
  const seeded = await seedScheduledProject(handle.db, { tasks, members: 0, seed: tasks });
  await handle.close();
  // The same files (or database) again, now with every statement seen.
  const counted =
    database.kind === "postgres"
      ? await openDatabase({
          databaseUrl: database.serverEnv.DATABASE_URL,
          onQuery: (query) => counting && statements.push(query),
        })
      : await openDatabase({
          dataDir: database.serverEnv.DATA_DIR,
          onQuery: (query) => counting && statements.push(query),
        });
  try {
    const [actor] = await counted.db.select().from(users).where(sql`${users.id} = ${seeded.owner.id}`);
    counting = true;
    const saved = await counted.db.transaction((tx) =>
      saveBaseline(
        { tx: tx as never, actor, dryRun: false },
        { projectId: seeded.project.id, name: "Counted" },
      ),
    );
    counting = false;
    const rows = await counted.db.execute(
      sql`select count(*)::int as count from baseline_tasks where baseline_id = ${saved.value.id}`,
    );
    const held = (rows as unknown as { rows: { count: number }[] }).rows[0].count;
    return { statements, held, tasks: seeded.taskIds.length + 1 };
  } finally {
    await counted.close();
  }
}

async function judgeCounts(database: BenchDatabase, { rows, problems }: Findings) {
  const small = await countedSave(database, size);
  const large = await countedSave(database, size * 2);
  for (const saved of [small, large]) {
    const writes = saved.statements.filter((statement) => /insert\s+into\s+"?baseline/i.test(statement));
    if (writes.length !== 1)
      problems.push(`${database.kind}: ${writes.length} statements write baselines, not 1`);
    if (saved.held !== saved.tasks)
      problems.push(`${database.kind}: saved ${saved.held} of ${saved.tasks} tasks`);
  }
  if (small.statements.length !== large.statements.length)
    problems.push(
      `${database.kind}: ${small.statements.length} statements at ${size} tasks, ${large.statements.length} at ${size * 2}`,
    );
  const row: Row = {
    engine: database.kind,
    tasks: `${size} / ${size * 2}`,
    write: "save, counted in process",
    "p50 ms": "",
    "p99 ms": "",
    budget: "",
    statements: `${small.statements.length} / ${large.statements.length}`,
    "rows saved": `${small.held} / ${large.held}`,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

async function time(database: BenchDatabase, { rows, problems }: Findings) {
  await withSeededServer(
    database,
    (db) => seedScheduledProject(db, { tasks: size, members: 0 }),
    async ({ seeded, cookie, server }) => {
      const send = async (method: string, url: string, body?: unknown, expected = 200) => {
        const response = await fetch(`${server.base}${url}`, {
          method,
          headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status !== expected)
          problems.push(`${database.kind} ${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
        return text ? (JSON.parse(text) as unknown) : null;
      };
      const list = `/api/projects/${seeded.project.id}/baselines`;
      let last: BaselineSummaryDto | null = null;
      const operations: (TimedOperation & { budgetMs?: number })[] = [
        {
          name: "plain single-row update, HTTP (rename a task)",
          run: (call) => send("PUT", `/api/tasks/${seeded.taskIds[call]}`, { name: `Renamed ${call}` }),
        },
        {
          name: "save a baseline",
          budgetMs: SAVE_BUDGET_MS,
          run: async (call) => {
            last = (await send("POST", list, { name: `Baseline ${call}` }, 201)) as BaselineSummaryDto;
          },
        },
        {
          name: "delete it (its entry keeps the rows)",
          run: () => send("DELETE", `${list}/${last?.id}`, undefined, 204),
        },
      ];
      // One unmeasured round: the server's first requests, the JIT.
      for (const operation of operations) await operation.run(0);
      const latencies = await timeInterleaved(operations, { runs, perRun });
      for (const operation of operations) {
        const latency = summarizeLatencies(latencies, operation.name);
        const judged = !quick && database.kind === "postgres";
        const met = operation.budgetMs === undefined || latency.p50 < operation.budgetMs;
        if (judged && !met) problems.push(`${database.kind} ${operation.name}: p50 ${round(latency.p50)} ms`);
        const row: Row = {
          ...writeColumns(database.kind, size, operation.name, latency),
          budget:
            operation.budgetMs === undefined
              ? ""
              : `< ${operation.budgetMs} ms: ${judged ? (met ? "met" : "missed") : met ? "(met, not judged)" : "(missed, not judged)"}`,
          statements: "",
          "rows saved": "",
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    },
  );
}

await benchOnEveryEngine("baselines", { runs, perRun }, async (database, findings) => {
  await judgeCounts(database, findings);
  // The counts are what --quick judges; the times are the full run's.
  if (!quick) await time(database, findings);
});
