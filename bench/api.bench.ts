// API read benchmark (docs/performance.md): GET /api/projects/{id} for N tasks and GET /api/my-tasks
// for a
// user with 50 projects of 200 tasks, through the real server in its own process, next to the
// same rows read straight from the database with no HTTP: for a project, the very statements the
// route runs (the strict baseline, "ratio") and a plain select * of them ("ratio vs select *").
// Project reads are also timed right after an edit of one task ("after edit", one connection: the
// server rebuilds the answer from the tasks' row versions), and on a second server with
// PROJECT_CACHE_MB=0 ("uncached": every read reads and serialises every row, as after a restart).
// Every read is also timed with Accept-Encoding: br, as a browser asks ("br" columns); the other
// columns are the uncompressed answer.
//   npx tsx bench/api.bench.ts [--quick] [--postgres]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api.bench.ts
// BENCH_SIZES=5000 BENCH_CONNECTIONS=1,10 BENCH_RUNS=3 BENCH_SECONDS=3 narrow a run.
// PGlite always; PostgreSQL too with DATABASE_URL or --postgres. Results: test-results/api.bench.json.
import http from "node:http";
import autocannon from "autocannon";
import { PgDialect } from "drizzle-orm/pg-core";
import { projectDependencyDtosSql, versionedTaskDtosSql } from "../server/db/task-rows";
import { machine, printTable, type Row, writeReport } from "./report";
import { seedMyTasksUser, seedProject } from "./seed";
import {
  createBenchDatabase,
  enginesToRun,
  type RawDatabase,
  sessionCookie,
  startServer,
} from "./server-harness";
import { quick, runs } from "./settings";
import { median, percentile, round, timeConcurrently } from "./timing";

const listSetting = (name: string) => process.env[name]?.split(",").map(Number);
const sizes = listSetting("BENCH_SIZES") ?? (quick ? [200] : [1_000, 5_000, 20_000]);
const myTasksShape = quick ? { projects: 5, tasksPerProject: 40 } : { projects: 50, tasksPerProject: 200 };
const concurrencies = listSetting("BENCH_CONNECTIONS") ?? (quick ? [1, 10] : [1, 10, 50]);
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 1 : 3));
/** Budget: at N = 5,000 the API's p50 is at most 1.5 x the raw query time. */
const BUDGET_RATIO = 1.5;
const BUDGET_SIZE = 5_000;

type Target = {
  name: string;
  size: number;
  path: string;
  cookie: string;
  /** The queries that read the same rows, with no HTTP and no ORM. */
  raw: (database: RawDatabase) => Promise<unknown>;
  /** The same rows read plainly (select *, the driver's own types): a second, looser baseline. */
  rawSelectAll?: (database: RawDatabase) => Promise<unknown>;
  /** Whether the answer comes from the project content cache, so an uncached server is timed too. */
  cached?: boolean;
  /** A task of the project to rename before each "after edit" read. */
  editTaskId?: number;
  /** A structural check of the answer; returns a problem or null. */
  check: (body: unknown) => string | null;
};

/** One GET through node:http (no decompression): the status and the bytes as sent. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The API's latency. Uncompressed by default, as autocannon asks, so the figure is the server's
 * work next to the database's; `acceptEncoding` ("br") measures what a browser gets instead.
 */
async function measureApi(base: string, target: Target, connections: number, acceptEncoding = "identity") {
  if (connections === 1) {
    // One connection: timed here with sub-millisecond resolution (autocannon rounds to 1 ms).
    let bytes = 0;
    const { latencies, perSecond } = await timeConcurrently(
      async () => {
        const response = await getRaw(`${base}${target.path}`, {
          cookie: target.cookie,
          "accept-encoding": acceptEncoding,
        });
        if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
        bytes = response.bytes;
      },
      1,
      seconds * 1000,
    );
    return {
      p50: median(latencies),
      p99: percentile(latencies, 99),
      perSecond,
      failures: 0,
      timeouts: 0,
      bytes,
    };
  }
  const result = await autocannon({
    url: `${base}${target.path}`,
    headers: { cookie: target.cookie, "accept-encoding": acceptEncoding },
    connections,
    duration: seconds,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: result.requests.average,
    // Errors and non-2xx answers fail the run; timeouts (over autocannon's 10 s) are saturation,
    // reported in the row: 50 connections reading 10 MB projects on two cores get there.
    failures: result.non2xx + Math.max(0, result.errors - result.timeouts),
    timeouts: result.timeouts,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

/** PUT /api/tasks/{id} with a new name, untimed: the edit a collaborator's refetch follows. */
function renameTask(base: string, cookie: string, taskId: number, name: string): Promise<void> {
  const body = JSON.stringify({ name });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/tasks/${taskId}`,
      {
        method: "PUT",
        agent,
        headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`rename answered ${response.statusCode}`)),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The project read right after each edit of one of its tasks, one connection: p50 of the reads. */
async function measureAfterEdit(base: string, target: Target & { editTaskId: number }) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let edit = 0; performance.now() < end; edit++) {
    await renameTask(base, target.cookie, target.editTaskId, `Edited ${edit}`);
    const begin = performance.now();
    const response = await getRaw(`${base}${target.path}`, {
      cookie: target.cookie,
      "accept-encoding": "identity",
    });
    latencies.push(performance.now() - begin);
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
  }
  return median(latencies);
}

async function main() {
  const report: {
    machine: ReturnType<typeof machine>;
    quick: boolean;
    runs: number;
    seconds: number;
    rows: Row[];
  } = {
    machine: machine(),
    quick,
    runs,
    seconds,
    rows: [],
  };
  const problems: string[] = [];
  for (const engine of enginesToRun()) {
    const database = await createBenchDatabase(engine, "api");
    try {
      const handle = await database.open();
      const targets: Target[] = [];
      for (const size of sizes) {
        const seeded = await seedProject(handle.db, { tasks: size });
        const id = seeded.project.id;
        const taskQuery = new PgDialect().sqlToQuery(versionedTaskDtosSql(id));
        const dependencyQuery = new PgDialect().sqlToQuery(projectDependencyDtosSql(id));
        targets.push({
          name: "GET /api/projects/{id}",
          size,
          path: `/api/projects/${id}`,
          cookie: await sessionCookie(handle, seeded.owner.id),
          cached: true,
          editTaskId: seeded.taskIds[Math.floor(size / 2)],
          // The statements the route runs for the rows (tasks and dependencies), as the driver
          // sends them: the figure is what the API adds around them.
          raw: (raw) =>
            Promise.all([
              raw.query(taskQuery.sql, taskQuery.params),
              raw.query(dependencyQuery.sql, dependencyQuery.params),
            ]),
          rawSelectAll: (raw) =>
            Promise.all([
              raw.query(`select * from tasks where project_id = $1 order by "order", id`, [id]),
              raw.query("select * from dependencies where project_id = $1 order by id", [id]),
            ]),
          check: (body) => {
            const answer = body as { tasks?: unknown[]; dependencies?: unknown[] };
            if (answer.tasks?.length !== size) return `expected ${size} tasks, got ${answer.tasks?.length}`;
            if (answer.dependencies?.length !== seeded.dependencyPairs.length) return "dependencies missing";
            return null;
          },
        });
      }
      const myTasks = await seedMyTasksUser(handle.db, myTasksShape);
      const projectIds = myTasks.projects.map((seeded) => seeded.project.id);
      const total = myTasksShape.projects * myTasksShape.tasksPerProject;
      targets.push({
        name: "GET /api/my-tasks",
        size: total,
        path: "/api/my-tasks",
        cookie: await sessionCookie(handle, myTasks.user.id),
        raw: (raw) =>
          Promise.all([
            raw.query("select * from tasks where project_id = any($1)", [projectIds]),
            raw.query("select source_task_id, target_task_id from dependencies where project_id = any($1)", [
              projectIds,
            ]),
          ]),
        check: (body) => {
          const groups = body as { project: { id: number }; tasks: { completed: boolean }[] }[];
          if (!Array.isArray(groups) || groups.length === 0) return "no groups";
          if (groups.length > myTasksShape.projects) return "too many groups";
          if (groups.some((group) => group.tasks.some((task) => task.completed))) return "a completed task";
          return null;
        },
      });
      await handle.close();

      const server = await startServer(database.serverEnv);
      const uncachedServer = await startServer({ ...database.copyServerEnv(), PROJECT_CACHE_MB: "0" });
      const raw = await database.openRaw(10);
      try {
        for (const target of targets) {
          const response = await fetch(`${server.base}${target.path}`, {
            headers: { cookie: target.cookie },
          });
          const body = await response.text();
          const problem = response.ok ? target.check(JSON.parse(body)) : `status ${response.status}`;
          if (problem) problems.push(`${engine.kind} ${target.name} N=${target.size}: ${problem}`);
          for (const connections of concurrencies) {
            const samples: {
              api: Awaited<ReturnType<typeof measureApi>>;
              br: Awaited<ReturnType<typeof measureApi>>;
              uncached?: Awaited<ReturnType<typeof measureApi>>;
              afterEditP50?: number;
              rawP50: number;
              rawPerSecond: number;
              selectAllP50?: number;
            }[] = [];
            let timeouts = 0;
            for (let run = 0; run < runs; run++) {
              // Side by side: the API run and the raw run one after the other, every run.
              const api = await measureApi(server.base, target, connections);
              // What a browser gets (it always sends Accept-Encoding: br, gzip): Brotli on the wire.
              const br = await measureApi(server.base, target, connections, "br");
              const uncached = target.cached
                ? await measureApi(uncachedServer.base, target, connections)
                : undefined;
              const { editTaskId } = target;
              const afterEditP50 =
                editTaskId !== undefined && connections === 1
                  ? await measureAfterEdit(server.base, { ...target, editTaskId })
                  : undefined;
              const rawRun = await timeConcurrently(() => target.raw(raw), connections, seconds * 1000);
              const selectAll = target.rawSelectAll;
              const selectAllRun = selectAll
                ? await timeConcurrently(() => selectAll(raw), connections, seconds * 1000)
                : undefined;
              samples.push({
                api,
                br,
                uncached,
                afterEditP50,
                rawP50: median(rawRun.latencies),
                rawPerSecond: rawRun.perSecond,
                selectAllP50: selectAllRun && median(selectAllRun.latencies),
              });
              timeouts += api.timeouts + br.timeouts + (uncached?.timeouts ?? 0);
              const failures = api.failures + br.failures + (uncached?.failures ?? 0);
              if (failures > 0) problems.push(`${engine.kind} ${target.name}: ${failures} failed requests`);
            }
            const row: Row = {
              engine: engine.kind,
              route: target.name,
              tasks: target.size,
              connections,
              kB: round(body.length / 1024, 0),
              "p50 ms": round(median(samples.map((sample) => sample.api.p50))),
              "p99 ms": round(median(samples.map((sample) => sample.api.p99))),
              "req/s": round(median(samples.map((sample) => sample.api.perSecond)), 0),
              "raw p50 ms": round(median(samples.map((sample) => sample.rawP50))),
              "raw q/s": round(median(samples.map((sample) => sample.rawPerSecond)), 0),
              ratio: round(median(samples.map((sample) => sample.api.p50 / sample.rawP50))),
            };
            if (target.editTaskId !== undefined && connections === 1) {
              row["after edit p50 ms"] = round(median(samples.map((sample) => sample.afterEditP50 ?? 0)));
              row["after edit ratio"] = round(
                median(samples.map((sample) => (sample.afterEditP50 ?? 0) / sample.rawP50)),
              );
            }
            if (target.cached) {
              row["uncached p50 ms"] = round(median(samples.map((sample) => sample.uncached?.p50 ?? 0)));
              row["uncached ratio"] = round(
                median(samples.map((sample) => (sample.uncached?.p50 ?? 0) / sample.rawP50)),
              );
            }
            if (timeouts > 0) row.timeouts = timeouts;
            row["br kB"] = round(median(samples.map((sample) => sample.br.bytes)) / 1024, 0);
            row["br p50 ms"] = round(median(samples.map((sample) => sample.br.p50)));
            row["br req/s"] = round(median(samples.map((sample) => sample.br.perSecond)), 0);
            if (target.rawSelectAll) {
              row["select * p50 ms"] = round(median(samples.map((sample) => sample.selectAllP50 ?? 0)));
              row["ratio vs select *"] = round(
                median(samples.map((sample) => sample.api.p50 / (sample.selectAllP50 ?? 1))),
              );
            }
            if (target.name.startsWith("GET /api/projects") && target.size === BUDGET_SIZE) {
              row.budget = (row.ratio as number) <= BUDGET_RATIO ? "met" : "missed";
            }
            report.rows.push(row);
            console.log(JSON.stringify(row));
          }
        }
      } finally {
        await raw.close();
        await server.stop();
        await uncachedServer.stop();
      }
    } finally {
      await database.drop();
    }
  }
  agent.destroy();
  console.log();
  printTable(report.rows);
  writeReport("api.bench", { ...report, problems });
  if (problems.length > 0) {
    console.error(`API BENCH FAILED:\n${problems.join("\n")}`);
    process.exitCode = 1;
  }
}

await main();
