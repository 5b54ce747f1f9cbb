// Import isolation benchmark (docs/decisions/031-imports-off-the-request-thread.md), through the real
// server (`npm run serve`)
// on PGlite, whose database runs inside the server process (the harder case), and on PostgreSQL
// too with DATABASE_URL or --postgres:
// - another user's small GET (`GET /api/auth/user`, every 20 ms) while a 20,000-row CSV imports:
//   p99 under 300 ms (before the readers left the request thread: 59.8 s on a loaded machine);
// - the largest import allowed (50,000 tasks and 200,000 dependencies, 20 MB of JSON): the
//   server's peak resident memory under 700 MB, the import worker's peak beside it;
// - linear readers: CSV import time per row at 20,000 rows within 1.3x of that at 2,000, and a
//   20,000-row CSV within 1.5x of the same plan as JSON.
// `--quick` (CI) times nothing and judges counts only: every row read (the answer's tasks equal the
// file's rows), a file past the worker's memory refused with 413 and that worker's exit counted,
// no small GET failed during the import, and the server alive after each step.
//   npx tsx bench/import-isolation.bench.ts [--quick]
// Results: test-results/import-isolation.bench.json; figures in docs/performance.md.
import { readdirSync, readFileSync } from "node:fs";
import type { ImportAnswerDto } from "@core/schemas/import-export";
import { finishReport, type Row } from "./report";
import { seedUser } from "./seed";
import {
  createBenchDatabase,
  type EngineKind,
  enginesToRun,
  type RunningServer,
  residentMemory,
  sessionCookie,
  startServer,
} from "./server-harness";
import { quick, runs } from "./settings";
import { median, percentile, round } from "./timing";

const SMALL_ROWS = Number(process.env.BENCH_SMALL_ROWS ?? (quick ? 200 : 2_000));
const LARGE_ROWS = Number(process.env.BENCH_LARGE_ROWS ?? (quick ? 2_000 : 20_000));
const GET_EVERY_MS = 20;
const GET_P99_BUDGET_MS = 300;
const MEMORY_BUDGET_MB = 700;
const LINEAR_BUDGET = 1.3;
const CSV_OVER_JSON_BUDGET = 1.5;
/** The worker's heap cap in the quick form's memory step: small, so a 20 MB file passes it. */
const QUICK_WORKER_MEMORY_MB = 48;

/** A plan of `rows` tasks, each after the one before (a chain), 1 to 5 days each, as our CSV export writes it. */
function planCsv(rows: number): string {
  const lines = ["ID,Name,Duration,Predecessors"];
  for (let id = 1; id <= rows; id++) lines.push(`${id},Task ${id},${(id % 5) + 1},${id > 1 ? id - 1 : ""}`);
  return `${lines.join("\n")}\n`;
}

/** The same plan as our JSON backup (each task with a description of `notes` characters). */
function planJson(rows: number, linksPerTask = 1, notes = 0): string {
  const description = notes > 0 ? `,"description":"${"n".repeat(notes)}"` : "";
  const tasks = Array.from(
    { length: rows },
    (_, index) =>
      `{"id":${index + 1},"name":"Task ${index + 1}","duration":${((index + 1) % 5) + 1}${description}}`,
  );
  const links: string[] = [];
  for (let id = 1; id <= rows; id++)
    for (let back = 1; back <= linksPerTask && id - back >= 1; back++)
      links.push(`{"sourceTaskId":${id - back},"targetTaskId":${id}}`);
  return `{"format":"visual-project-planner","version":1,"project":{"name":"Plan"},"tasks":[${tasks.join(",")}],"dependencies":[${links.join(",")}]}`;
}

/** The server's child processes (its import workers), from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The parent's pid is the 4th field, after the command in parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}

type Sent = { status: number; ms: number; answer: ImportAnswerDto | { message?: string } };

async function sendImport(
  server: RunningServer,
  cookie: string,
  body: string,
  format: string,
): Promise<Sent> {
  const begin = performance.now();
  const response = await fetch(`${server.base}/api/projects/import?format=${format}`, {
    method: "POST",
    headers: { cookie, "content-type": format === "json" ? "application/json" : "text/csv" },
    body,
  });
  const answer = (await response.json()) as Sent["answer"];
  return { status: response.status, ms: performance.now() - begin, answer };
}

async function alive(server: RunningServer, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.base}/api/auth/user`, { headers: { cookie } }).catch(() => null);
  return response?.status === 200;
}

/** Runs `work` while another user GETs every 20 ms, and samples the server's and workers' memory. */
async function beside<T>(
  server: RunningServer,
  cookie: string,
  work: () => Promise<T>,
  path = "/api/auth/user",
) {
  const latencies: number[] = [];
  let failed = 0;
  let serverPeakMb = 0;
  let workersPeakMb = 0;
  let done = false;
  const probing = (async () => {
    while (!done) {
      const begin = performance.now();
      const response = await fetch(`${server.base}${path}`, { headers: { cookie } }).catch(() => null);
      if (response?.status === 200) latencies.push(performance.now() - begin);
      else failed++;
      await response?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, GET_EVERY_MS));
    }
  })();
  const sampling = (async () => {
    while (!done) {
      serverPeakMb = Math.max(serverPeakMb, residentMemory(server.pid)?.rssMb ?? 0);
      const workers = childrenOf(server.pid).reduce((sum, pid) => sum + (residentMemory(pid)?.rssMb ?? 0), 0);
      workersPeakMb = Math.max(workersPeakMb, workers);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { result: await work(), latencies, failed, serverPeakMb, workersPeakMb };
  } finally {
    done = true;
    await Promise.all([probing, sampling]);
  }
}

const imported = (sent: Sent) => ("imported" in sent.answer ? sent.answer.imported : null);

async function main() {
  const rows: Row[] = [];
  const problems: string[] = [];
  for (const engine of enginesToRun()) await runOn(engine, rows, problems);
  finishReport("import-isolation.bench", rows, problems, {
    runs,
    smallRows: SMALL_ROWS,
    largeRows: LARGE_ROWS,
  });
}

/** Every step on one engine: PGlite always, PostgreSQL too with DATABASE_URL or --postgres. */
async function runOn(engine: { kind: EngineKind; serverUrl?: string }, rows: Row[], problems: string[]) {
  const database = await createBenchDatabase(engine, "import-isolation");
  const handle = await database.open();
  const importer = await seedUser(handle.db, "importer");
  const other = await seedUser(handle.db, "other");
  const importerCookie = await sessionCookie(handle, importer.id);
  const otherCookie = await sessionCookie(handle, other.id);
  await handle.close();
  const server = await startServer({
    ...database.serverEnv,
    ...(quick ? { IMPORT_WORKER_MEMORY_MB: String(QUICK_WORKER_MEMORY_MB) } : {}),
  });
  const check = (problem: string | null) => problem && problems.push(`${engine.kind}: ${problem}`);
  // Every row names its engine.
  const push = (row: Row): void => {
    rows.push({ engine: engine.kind, ...row });
  };
  try {
    push({
      step: "server at rest, started",
      measure: `${round(residentMemory(server.pid)?.rssMb ?? 0, 0)} MB`,
      budget: "",
    });
    // Warm the worker once (its start is not what is measured).
    await sendImport(server, importerCookie, planCsv(10), "csv");

    // 1. Another user's small GETs before and during a large CSV import.
    const quiet = await beside(
      server,
      otherCookie,
      () => new Promise((resolve) => setTimeout(resolve, 2_000)),
    );
    const during: number[] = [];
    let failedDuring = 0;
    let serverPeakMb = 0;
    const csvTimes = new Map<number, number[]>([
      [SMALL_ROWS, []],
      [LARGE_ROWS, []],
    ]);
    const jsonTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      const measured = await beside(server, otherCookie, () =>
        sendImport(server, importerCookie, planCsv(LARGE_ROWS), "csv"),
      );
      during.push(...measured.latencies);
      failedDuring += measured.failed;
      serverPeakMb = Math.max(serverPeakMb, measured.serverPeakMb);
      const sent = measured.result;
      check(sent.status === 201 ? null : `CSV import of ${LARGE_ROWS} rows answered ${sent.status}`);
      check(
        imported(sent)?.tasks === LARGE_ROWS && imported(sent)?.dependencies === LARGE_ROWS - 1
          ? null
          : `CSV import of ${LARGE_ROWS} rows read ${JSON.stringify(imported(sent))}`,
      );
      csvTimes.get(LARGE_ROWS)?.push(sent.ms);
      // 2. Linearity: the small CSV, and the large plan as JSON, interleaved with the large CSV.
      const small = await sendImport(server, importerCookie, planCsv(SMALL_ROWS), "csv");
      check(imported(small)?.tasks === SMALL_ROWS ? null : `CSV import of ${SMALL_ROWS} rows read wrong`);
      csvTimes.get(SMALL_ROWS)?.push(small.ms);
      const json = await sendImport(server, importerCookie, planJson(LARGE_ROWS), "json");
      check(imported(json)?.tasks === LARGE_ROWS ? null : `JSON import of ${LARGE_ROWS} tasks read wrong`);
      jsonTimes.push(json.ms);
    }
    check(failedDuring === 0 ? null : `${failedDuring} small GETs failed during the imports`);
    // For information: a GET that reads the database (the other user's project list). On PGlite it
    // waits for the import's transaction (one connection); on PostgreSQL it does not.
    const reading = await beside(
      server,
      otherCookie,
      () => sendImport(server, importerCookie, planCsv(LARGE_ROWS), "csv"),
      "/api/projects",
    );
    const p99 = percentile(during, 99);
    const perRow = (size: number) => median(csvTimes.get(size) ?? []) / size;
    const linear = perRow(LARGE_ROWS) / perRow(SMALL_ROWS);
    const csvOverJson = median(csvTimes.get(LARGE_ROWS) ?? []) / median(jsonTimes);
    push({
      step: `GET /api/auth/user, quiet`,
      measure: `p50 ${round(median(quiet.latencies), 1)} ms, p99 ${round(percentile(quiet.latencies, 99), 1)} ms`,
      budget: "",
    });
    push({
      step: `GET /api/auth/user during a ${LARGE_ROWS}-row CSV import (${during.length} GETs)`,
      measure: `p50 ${round(median(during), 1)} ms, p99 ${round(p99, 1)} ms, max ${round(Math.max(...during), 0)} ms`,
      budget: quick
        ? "counts only"
        : `p99 < ${GET_P99_BUDGET_MS} ms: ${p99 < GET_P99_BUDGET_MS ? "met" : "MISSED"}`,
    });
    push({
      step: `GET /api/projects (reads the database) during a ${LARGE_ROWS}-row CSV import (${reading.latencies.length} GETs)`,
      measure: `p50 ${round(median(reading.latencies), 1)} ms, p99 ${round(percentile(reading.latencies, 99), 1)} ms, max ${round(Math.max(...reading.latencies), 0)} ms`,
      budget: "for information",
    });
    push({
      step: `CSV import, ${SMALL_ROWS} and ${LARGE_ROWS} rows (median)`,
      measure: `${round(median(csvTimes.get(SMALL_ROWS) ?? []), 0)} ms, ${round(median(csvTimes.get(LARGE_ROWS) ?? []), 0)} ms; per row at ${LARGE_ROWS} / at ${SMALL_ROWS}: ${round(linear)}x`,
      budget: quick ? "counts only" : `< ${LINEAR_BUDGET}x: ${linear < LINEAR_BUDGET ? "met" : "MISSED"}`,
    });
    push({
      step: `${LARGE_ROWS} tasks as CSV / as JSON (median)`,
      measure: `${round(median(csvTimes.get(LARGE_ROWS) ?? []), 0)} ms / ${round(median(jsonTimes), 0)} ms = ${round(csvOverJson)}x`,
      budget: quick
        ? "counts only"
        : `< ${CSV_OVER_JSON_BUDGET}x: ${csvOverJson < CSV_OVER_JSON_BUDGET ? "met" : "MISSED"}`,
    });
    if (!quick) {
      if (p99 >= GET_P99_BUDGET_MS)
        problems.push(`${engine.kind}: small GET p99 ${round(p99)} ms during the import`);
      if (linear >= LINEAR_BUDGET)
        problems.push(
          `${engine.kind}: CSV per-row time ${round(linear)}x from ${SMALL_ROWS} to ${LARGE_ROWS}`,
        );
      if (csvOverJson >= CSV_OVER_JSON_BUDGET)
        problems.push(`${engine.kind}: CSV ${round(csvOverJson)}x the time of JSON`);
    }

    // 3. Memory: the largest import allowed (full), or a file past the worker's cap (quick).
    if (quick) {
      // 20 MB of descriptions: within every count, beyond the worker's 48 MiB heap.
      const description = "x".repeat(1_000);
      const heavy = `{"format":"visual-project-planner","version":1,"project":{"name":"Heavy"},"tasks":[${Array.from(
        { length: 19_000 },
        (_, index) => `{"id":${index + 1},"name":"T","description":"${description}"}`,
      ).join(",")}]}`;
      const measured = await beside(server, otherCookie, () =>
        sendImport(server, importerCookie, heavy, "json"),
      );
      const refused = measured.result;
      check(refused.status === 413 ? null : `a file past the worker's memory answered ${refused.status}`);
      check(
        /needs more memory to read than an import may use/.test(
          String((refused.answer as { message?: string }).message),
        )
          ? null
          : `the 413 does not name the memory limit: ${JSON.stringify(refused.answer)}`,
      );
      check(
        measured.failed === 0
          ? null
          : `${measured.failed} small GETs failed while a worker ran out of memory`,
      );
      check(
        (await alive(server, otherCookie))
          ? null
          : "the server did not answer after a worker ran out of memory",
      );
      const next = await sendImport(server, importerCookie, planCsv(SMALL_ROWS), "csv");
      check(
        imported(next)?.tasks === SMALL_ROWS
          ? null
          : "the import after a worker's exit did not read every row",
      );
      push({
        step: `a 20 MB file past the worker's ${QUICK_WORKER_MEMORY_MB} MiB`,
        measure: `answered ${refused.status}; server alive; next import read ${imported(next)?.tasks} rows`,
        budget: "counts only",
      });
    } else {
      // As large as an import may be: 50,000 tasks, 200,000 links, near 20 MiB with descriptions.
      const largest = planJson(50_000, 4, 175);
      const measured = await beside(server, otherCookie, () =>
        sendImport(server, importerCookie, largest, "json"),
      );
      const sent = measured.result;
      check(
        sent.status === 201
          ? null
          : `the largest import answered ${sent.status}: ${JSON.stringify(sent.answer)}`,
      );
      const peak = Math.max(measured.serverPeakMb, residentMemory(server.pid)?.peakMb ?? 0);
      push({
        step: `largest import: 50,000 tasks, ${imported(sent)?.dependencies} dependencies, ${round(largest.length / 1e6, 1)} MB JSON`,
        measure: `${round(sent.ms / 1000, 1)} s; server peak ${round(peak, 0)} MB; worker peak ${round(measured.workersPeakMb, 0)} MB; small GET p99 ${round(percentile(measured.latencies, 99), 0)} ms`,
        budget: `server < ${MEMORY_BUDGET_MB} MB: ${peak < MEMORY_BUDGET_MB ? "met" : "MISSED"}`,
      });
      if (peak >= MEMORY_BUDGET_MB)
        problems.push(`${engine.kind}: server peak ${round(peak)} MB during the largest import`);
      serverPeakMb = Math.max(serverPeakMb, peak);
    }
    check((await alive(server, otherCookie)) ? null : "the server did not answer at the end");
    push({
      step: "server peak resident memory over the run",
      measure: `${round(serverPeakMb, 0)} MB`,
      budget: "",
    });
  } finally {
    await server.stop();
    await database.drop();
  }
  finishReport("import-isolation.bench", rows, problems, {
    runs,
    smallRows: SMALL_ROWS,
    largeRows: LARGE_ROWS,
  });
}

await main();
