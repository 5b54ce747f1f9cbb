// Import and export benchmark (docs/performance.md), through the real server over HTTP, on a
// scheduled plan of
// N = 20,000 tasks (bench/seed.ts seedScheduledProject, with its kickoff; the importer's limit):
// - the import of that plan as an MS Project XML file (MSPDI, written by our own exporter, about
//   17 MB): p50 under 10 s, the server's peak resident memory while it imports under 500 MB;
// - its export in each format (MSPDI, CSV, JSON, iCalendar): p50 under 2 s;
// beside the project's detail (GET /api/projects/{id}, what opening the plan loads), for scale.
// Both budgets are judged on PostgreSQL, as the issue sets them; PGlite's figures (its database runs
// inside the server process, so its memory counts there) are reported beside them.
// The imports run on a server of their own, whose peak resident memory (VmHWM) is the one judged;
// the exports and the detail on another. Each import is checked after it, untimed: every task and
// link stored, and on PostgreSQL all of them by one transaction (xmin). server/import-export/import-export-counts.test.ts counts its statements in CI at small N.
//   npx tsx bench/import-export.bench.ts [--quick] [--postgres | --postgres-only]
// Results: test-results/import-export.bench.json.
import { EXPORT_FORMATS, type ImportAnswerDto } from "@core/schemas/import-export";
import { loadExportedPlan } from "../server/import-export/export-plan";
import { writeMspdi } from "../server/import-export/mspdi";
import type { Row } from "./report";
import { seedScheduledProject } from "./seed";
import {
  benchOnEveryEngine,
  type RawDatabase,
  type RunningServer,
  residentMemory,
  sessionCookie,
  startServer,
} from "./server-harness";
import { quick, runs, sizeSetting } from "./settings";
import { round, summarizeLatencies, type TimedOperation, timeInterleaved } from "./timing";

/** Tasks in the plan, its kickoff included. */
const size = sizeSetting(300, 20_000);
const perRun = Number(process.env.BENCH_PER_RUN ?? 2);
const IMPORT_BUDGET_MS = 10_000;
const IMPORT_MEMORY_BUDGET_MB = 500;
const EXPORT_BUDGET_MS = 2_000;

type Answer = { status: number; bytes: number; body: string };
type Operation = TimedOperation & {
  budgetMs?: number;
  /** Untimed, after each call: a problem with its answer or what it stored, or null. */
  check?: (answer: Answer) => Promise<string | null>;
};
type Phase = { name: string; memoryBudgetMb?: number; operations: (server: RunningServer) => Operation[] };

/** How many rows of the project a table holds, and how many transactions wrote them. */
async function writtenBy(raw: RawDatabase, table: "tasks" | "dependencies", projectId: number) {
  const { rows } = await raw.query(
    `select count(*)::int as rows, count(distinct xmin::text)::int as transactions
     from ${table} where project_id = $1`,
    [projectId],
  );
  return rows[0] as { rows: number; transactions: number };
}

await benchOnEveryEngine("import-export", { runs, perRun }, async (database, { rows, problems }) => {
  const judged = !quick && database.kind === "postgres";
  const verdict = (met: boolean) =>
    judged ? (met ? "met" : "missed") : met ? "(met, not judged)" : "(missed, not judged)";
  const handle = await database.open();
  const seeded = await seedScheduledProject(handle.db, { tasks: size - 1, members: 0 });
  const cookie = await sessionCookie(handle, seeded.owner.id);
  // The file to import: the seeded plan as our MSPDI export writes it (MS Project's schema).
  const file = writeMspdi(await loadExportedPlan(handle.db, seeded.project));
  const fileBytes = Buffer.byteLength(file);
  await handle.close();
  const raw = database.kind === "postgres" ? await database.openRaw(1) : null;

  const send = async (server: RunningServer, url: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await fetch(`${server.base}${url}`, {
      ...init,
      headers: { cookie, ...(init.headers as Record<string, string>) },
    });
    const body = await response.text();
    if (response.status >= 300)
      problems.push(`${database.kind} ${url}: ${response.status} ${body.slice(0, 200)}`);
    return { status: response.status, bytes: Buffer.byteLength(body), body };
  };
  /** What an import stored: every task and link, on PostgreSQL by one transaction. */
  const checkImport = async (server: RunningServer, answer: Answer) => {
    const imported = JSON.parse(answer.body) as ImportAnswerDto;
    if (imported.imported.tasks !== size) return `imported ${imported.imported.tasks} tasks, not ${size}`;
    if (imported.warnings.length > 0) return `warned: ${imported.warnings.join(" ")}`;
    const projectId = imported.project?.id ?? 0;
    if (!raw) {
      // PGlite is the server's own: its rows are read through the API.
      const stored = JSON.parse((await send(server, `/api/projects/${projectId}`)).body) as {
        tasks: unknown[];
        dependencies: unknown[];
      };
      const links = stored.dependencies.length;
      if (stored.tasks.length !== size) return `stored ${stored.tasks.length} tasks, not ${size}`;
      return links === imported.imported.dependencies ? null : `stored ${links} links`;
    }
    const counts = { tasks: size, dependencies: imported.imported.dependencies };
    for (const table of ["tasks", "dependencies"] as const) {
      const written = await writtenBy(raw, table, projectId);
      if (written.rows !== counts[table]) return `stored ${written.rows} ${table}, not ${counts[table]}`;
      if (written.transactions !== 1) return `${written.transactions} transactions wrote its ${table}`;
    }
    return null;
  };

  // Each phase has a server of its own, so that its peak memory is its own operations' alone.
  const phases: Phase[] = [
    {
      name: "imports",
      memoryBudgetMb: IMPORT_MEMORY_BUDGET_MB,
      operations: (server) => [
        {
          name: "import MSPDI",
          budgetMs: IMPORT_BUDGET_MS,
          run: (call) =>
            send(server, `/api/projects/import?format=mspdi&name=Imported%20${call}`, {
              method: "POST",
              headers: { "content-type": "application/xml" },
              body: file,
            }),
          check: (answer) => checkImport(server, answer),
        },
      ],
    },
    {
      name: "exports",
      operations: (server) => [
        {
          name: "project detail, for scale",
          run: () => send(server, `/api/projects/${seeded.project.id}`),
        },
        ...EXPORT_FORMATS.map((format) => ({
          name: `export ${format}`,
          budgetMs: EXPORT_BUDGET_MS,
          run: () => send(server, `/api/projects/${seeded.project.id}/export?format=${format}`),
        })),
      ],
    },
  ];
  for (const phase of phases) {
    const server = await startServer(database.serverEnv);
    const startedMb = residentMemory(server.pid)?.rssMb ?? Number.NaN;
    try {
      const operations = phase.operations(server);
      // One unmeasured round: the server's first read of the project, the JIT.
      for (const operation of operations) await operation.run(0);
      const bytes = new Map<string, number>();
      const latencies = await timeInterleaved(operations, {
        runs,
        perRun,
        after: async (operation, answer) => {
          bytes.set(operation.name, (answer as Answer).bytes);
          const problem = operation.check ? await operation.check(answer as Answer) : null;
          if (problem) problems.push(`${database.kind} ${operation.name}: ${problem}`);
        },
      });
      const peakMb = residentMemory(server.pid)?.peakMb ?? Number.NaN;
      const memoryMet = phase.memoryBudgetMb === undefined || peakMb < phase.memoryBudgetMb;
      if (!memoryMet && judged)
        problems.push(`${database.kind} ${phase.name}: server peak ${round(peakMb, 0)} MB`);
      for (const operation of operations) {
        const { p50 } = summarizeLatencies(latencies, operation.name);
        const budgets: string[] = [];
        if (operation.budgetMs !== undefined) {
          const met = p50 < operation.budgetMs;
          if (!met && judged) problems.push(`${database.kind} ${operation.name}: p50 ${round(p50)} ms`);
          budgets.push(`< ${operation.budgetMs / 1000} s: ${verdict(met)}`);
        }
        if (phase.memoryBudgetMb !== undefined)
          budgets.push(`server peak < ${phase.memoryBudgetMb} MB: ${verdict(memoryMet)}`);
        const sent = operation.name.startsWith("import") ? fileBytes : (bytes.get(operation.name) ?? 0);
        const row: Row = {
          engine: database.kind,
          tasks: size,
          operation: operation.name,
          "p50 ms": round(p50, 0),
          "max ms": round(Math.max(...(latencies.get(operation.name) ?? []).flat()), 0),
          MB: round(sent / 1e6, 1),
          "server MB at start, peak": `${round(startedMb, 0)}, ${round(peakMb, 0)}`,
          budget: budgets.join("; "),
          checked: operation.check ? (raw ? "rows, one transaction" : "rows") : "",
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    } finally {
      await server.stop();
    }
  }
  await raw?.close();
});
