// What the server benchmarks share: a database per engine (PGlite in a temporary directory, or a
// PostgreSQL database of its own), the real server in a child process (as bench/load.ts runs it),
// a raw connection to the same rows for comparison, and the statistics and reports.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions";
import { type DatabaseHandle, openDatabase } from "../server/db/client";

export type EngineKind = "pglite" | "postgres";

export const args = new Set(process.argv.slice(2));
export const quick = args.has("--quick");

/** The engines to run: PGlite always; PostgreSQL when DATABASE_URL is set or --postgres is given. */
export function enginesToRun(): { kind: EngineKind; serverUrl?: string }[] {
  const engines: { kind: EngineKind; serverUrl?: string }[] = [];
  if (!args.has("--postgres-only")) engines.push({ kind: "pglite" });
  if (process.env.DATABASE_URL || args.has("--postgres") || args.has("--postgres-only")) {
    engines.push({
      kind: "postgres",
      serverUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    });
  }
  return engines;
}

/** A raw connection that sends SQL text with no Drizzle and no HTTP in between. */
export type RawDatabase = {
  query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
};

export type BenchDatabase = {
  kind: EngineKind;
  /** Opens the database through the app's own client (migrations applied) for seeding. */
  open: () => Promise<DatabaseHandle>;
  /** Environment for the server process. */
  serverEnv: Record<string, string>;
  /** Environment for a second server beside the first: for PGlite, on a copy of the seeded files. */
  copyServerEnv: () => Record<string, string>;
  /** Raw access to the same rows: a pg pool, or for PGlite an in-process copy of the seeded files. */
  openRaw: (poolSize: number) => Promise<RawDatabase>;
  drop: () => Promise<void>;
};

export async function createBenchDatabase(engine: { kind: EngineKind; serverUrl?: string }, label: string) {
  if (engine.kind === "pglite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), `planner-${label}-`));
    const copies: string[] = [];
    const database: BenchDatabase = {
      kind: "pglite",
      open: () => openDatabase({ dataDir }),
      serverEnv: { DATA_DIR: dataDir },
      copyServerEnv: () => {
        const copy = `${dataDir}-server${copies.length}`;
        cpSync(dataDir, copy, { recursive: true });
        copies.push(copy);
        return { DATA_DIR: copy };
      },
      openRaw: async () => {
        // PGlite is one process's database: the copy lets the raw queries run while the server
        // holds the original.
        const copy = `${dataDir}-raw${copies.length}`;
        cpSync(dataDir, copy, { recursive: true });
        copies.push(copy);
        const client = new PGlite(copy);
        await client.waitReady;
        return {
          query: async (text, params) => ({ rows: (await client.query(text, params)).rows }),
          close: () => client.close(),
        };
      },
      drop: async () => {
        for (const directory of [dataDir, ...copies]) rmSync(directory, { recursive: true, force: true });
      },
    };
    return database;
  }
  const serverUrl = engine.serverUrl as string;
  const name = `bench_${process.pid}_${label.replace(/\W/g, "_")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database: BenchDatabase = {
    kind: "postgres",
    open: () => openDatabase({ databaseUrl: url.href }),
    serverEnv: { DATABASE_URL: url.href },
    copyServerEnv: () => ({ DATABASE_URL: url.href }),
    openRaw: async (poolSize) => {
      const pool = new pg.Pool({ connectionString: url.href, max: poolSize });
      return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
    },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
  return database;
}

/** A session cookie for the user, as the browser would send it. */
export async function sessionCookie(handle: DatabaseHandle, userId: number) {
  const { token } = await createSession(handle.db, userId, 1);
  return `${SESSION_COOKIE}=${token}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = { base: string; pid: number; stop: () => Promise<void> };

/**
 * How `npm run serve` starts the server (package.json's script, V8's heap cap included), so the
 * benchmarks measure the process users run.
 */
export function serverCommand(): { command: string; args: string[] } {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const [program, ...args] = scripts.serve.trim().split(/\s+/);
  if (program !== "node") throw new Error(`npm run serve should start node, not ${program}`);
  return { command: process.execPath, args };
}

/** The real server (`npm run serve`) in a child process, rate limit lifted, on a free port. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { command, args: serverArgs } = serverCommand();
  const server: ChildProcess = spawn(command, serverArgs, {
    env: {
      ...process.env,
      DATABASE_URL: "",
      ...env,
      PORT: String(port),
      LOG_LEVEL: "error",
      API_RATE_LIMIT_PER_MINUTE: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  for (let waited = 0; ; waited += 200) {
    if (waited > 60_000 || server.exitCode !== null) {
      server.kill("SIGTERM");
      throw new Error("server did not start");
    }
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    pid: server.pid as number,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
  };
}

/** A process's resident memory now and its peak, in MB, from /proc (Linux); null elsewhere. */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    const rss = kb("VmRSS");
    const peak = kb("VmHWM");
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rssMb: rss / 1024, peakMb: peak / 1024 } : null;
  } catch {
    return null;
  }
}

export const median = (values: readonly number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs `operation` `concurrency` at a time for `durationMs`; returns each call's latency in ms. */
export async function timeConcurrently(
  operation: () => Promise<unknown>,
  concurrency: number,
  durationMs: number,
) {
  const latencies: number[] = [];
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const begin = performance.now();
        await operation();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies, perSecond: latencies.length / seconds };
}

/** A timed operation of a write benchmark: `run` gets the number of the call within its run. */
export type TimedOperation = { name: string; run: (call: number) => Promise<unknown> };

/**
 * Calls every operation `perRun` times in each of `runs` runs, one call of each in turn, so every
 * operation sees the same moments of the machine; `after` runs untimed after each call. Answers
 * each operation's latencies in ms, one array per run.
 */
export async function timeInterleaved<O extends TimedOperation>(
  operations: readonly O[],
  {
    runs,
    perRun,
    after,
  }: { runs: number; perRun: number; after?: (operation: O, answer: unknown) => Promise<void> },
): Promise<Map<string, number[][]>> {
  const latencies = new Map<string, number[][]>(operations.map((operation) => [operation.name, []]));
  for (let run = 0; run < runs; run++) {
    const samples = new Map<string, number[]>(operations.map((operation) => [operation.name, []]));
    for (let call = 1; call <= perRun; call++) {
      for (const operation of operations) {
        const begin = performance.now();
        const answer = await operation.run(call);
        samples.get(operation.name)?.push(performance.now() - begin);
        await after?.(operation, answer);
      }
    }
    for (const [name, values] of samples) latencies.get(name)?.push(values);
  }
  return latencies;
}

/** Prints the rows, writes test-results/{name}.json, and fails the process on any problem. */
export function finishReport(
  name: string,
  rows: Record<string, string | number | boolean | null>[],
  problems: string[],
  details: Record<string, unknown>,
) {
  console.log();
  printTable(rows);
  writeReport(name, { machine: machine(), quick, ...details, rows, problems });
  if (problems.length > 0) {
    console.error(`${name.toUpperCase()} FAILED:\n${problems.slice(0, 10).join("\n")}`);
    process.exitCode = 1;
  }
}

export function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
  };
}

export function writeReport(name: string, report: unknown) {
  mkdirSync("test-results", { recursive: true });
  const file = path.join("test-results", `${name}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

/** A plain text table of rows of equal keys. */
export function printTable(rows: Record<string, string | number | boolean | null>[]) {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  const cells = rows.map((row) => keys.map((key) => String(row[key] ?? "")));
  const widths = keys.map((key, column) => Math.max(key.length, ...cells.map((cell) => cell[column].length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column])).join("  ");
  console.log(line(keys));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const cell of cells) console.log(line(cell));
}
