// Scheduling write benchmark (docs/performance.md): in a scheduled plan of N = 20,000 tasks
// (bench/seed.ts
// seedScheduledProject: a kickoff every task follows), through the real server over HTTP:
// - a duration change that moves nothing (the last task's): it must write only that task;
// - one that moves every task (the kickoff's): one transaction, one statement for the moved rows,
//   p50 under 1 s;
// - a dry run of it: p50 under 300 ms (both budgets judged on PostgreSQL, as the issue sets them);
// beside a plain single-row update, straight through the driver and over HTTP (a task's rename).
// On PostgreSQL each write's rows are checked after it (outside the timing): how many rows it
// rewrote and whether one transaction wrote them (xmin); server/scheduling/scheduling-write-counts.test.ts
// counts the same rows and statements in CI at small N.
//   npx tsx bench/scheduling-writes.bench.ts [--quick] [--postgres | --postgres-only]
// Results: test-results/scheduling-writes.bench.json.
import { type Row, writeColumns } from "./report";
import { type ScheduledSeed, seedScheduledProject } from "./seed";
import { benchOnEveryEngine, type RawDatabase, withSeededServer } from "./server-harness";
import { quick, runs, sizeSetting } from "./settings";
import { median, round, summarizeLatencies, type TimedOperation, timeInterleaved } from "./timing";

const size = sizeSetting(200, 20_000);
const perRun = quick ? 3 : 10;
const MOVE_ALL_BUDGET_MS = 1_000;
const DRY_RUN_BUDGET_MS = 300;

type Operation = TimedOperation & {
  baseline?: boolean;
  budgetMs?: number;
  /** Untimed, after the run, on PostgreSQL: a problem with what it wrote, or null. */
  check?: (answer: unknown) => Promise<string | null>;
};

/** How many of the project's rows the transaction that last wrote this task wrote. */
async function rowsWrittenWith(raw: RawDatabase, seeded: ScheduledSeed, taskId: number) {
  const { rows } = await raw.query(
    `select count(*)::int as count from tasks
     where project_id = $1 and xmin = (select xmin from tasks where id = $2)`,
    [seeded.project.id, taskId],
  );
  return (rows[0] as { count: number }).count;
}

await benchOnEveryEngine("scheduling-writes", { runs, perRun }, (database, { rows, problems }) =>
  withSeededServer(
    database,
    (db) => seedScheduledProject(db, { tasks: size, members: 0 }),
    async ({ seeded, cookie, server, raw }) => {
      const checksRows = database.kind === "postgres";
      const send = async (url: string, body: unknown) => {
        const response = await fetch(`${server.base}${url}`, {
          method: "PUT",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const answer = (await response.json()) as unknown;
        if (response.status !== 200)
          problems.push(
            `${database.kind} PUT ${url}: ${response.status} ${JSON.stringify(answer).slice(0, 200)}`,
          );
        return answer;
      };
      const taskAt = (round: number) => seeded.taskIds[(round * 7919) % size];
      // Each timed write flips a duration, so every call changes the plan as the first one did.
      const operations: Operation[] = [
        {
          name: "plain single-row update, raw driver",
          baseline: true,
          run: (round) =>
            raw.query("update tasks set name = $1 where id = $2", [`Renamed ${round}`, taskAt(round)]),
        },
        {
          name: "plain single-row update, HTTP (rename a task)",
          baseline: true,
          run: (round) => send(`/api/tasks/${taskAt(round)}`, { name: `Renamed ${round}` }),
        },
        {
          name: "duration change that moves nothing",
          run: (round) => send(`/api/tasks/${seeded.lastTaskId}`, { duration: 2 + (round % 2) }),
          check: async () => {
            const written = await rowsWrittenWith(raw, seeded, seeded.lastTaskId);
            return written === 1 ? null : `wrote ${written} rows, not 1`;
          },
        },
        {
          name: "duration change that moves every task",
          budgetMs: MOVE_ALL_BUDGET_MS,
          run: (round) => send(`/api/tasks/${seeded.kickoffId}`, { duration: 1 + (round % 2) }),
          check: async () => {
            const written = await rowsWrittenWith(raw, seeded, seeded.kickoffId);
            return written === size + 1 ? null : `one transaction wrote ${written} rows, not ${size + 1}`;
          },
        },
        {
          name: "dry run of it",
          budgetMs: DRY_RUN_BUDGET_MS,
          // The kickoff's duration is 1 + (round % 2) after the write before: preview the other.
          run: (round) => send(`/api/tasks/${seeded.kickoffId}?dryRun=true`, { duration: 2 - (round % 2) }),
          check: async (answer) => {
            const moved = (answer as { preview?: { moved: unknown[] } }).preview?.moved.length;
            return moved === size + 1 ? null : `previewed ${moved} moves, not ${size + 1}`;
          },
        },
      ];
      // One unmeasured round: the server's first read of the project, the JIT.
      for (const operation of operations) await operation.run(0);
      const latencies = await timeInterleaved(operations, {
        runs,
        perRun,
        after: async (operation, answer) => {
          const problem = checksRows && operation.check ? await operation.check(answer) : null;
          if (problem) problems.push(`${database.kind} ${operation.name}: ${problem}`);
        },
      });
      const httpP50 = summarizeLatencies(latencies, operations[1].name).runMedians;
      for (const operation of operations) {
        const latency = summarizeLatencies(latencies, operation.name);
        const { p50 } = latency;
        const met = operation.budgetMs === undefined || p50 < operation.budgetMs;
        // The budgets are PostgreSQL's; PGlite's figures are reported beside them.
        const judged = !quick && database.kind === "postgres";
        if (!met && judged) problems.push(`${database.kind} ${operation.name}: p50 ${round(p50)} ms`);
        const row: Row = {
          ...writeColumns(database.kind, size, operation.name, latency),
          "x HTTP update": round(median(latency.runMedians.map((value, run) => value / httpP50[run]))),
          budget:
            operation.budgetMs === undefined
              ? ""
              : `< ${operation.budgetMs} ms: ${judged ? (met ? "met" : "missed") : met ? "(met, not judged)" : "(missed, not judged)"}`,
          "rows checked": checksRows && operation.check ? "yes" : "",
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    },
  ),
);
