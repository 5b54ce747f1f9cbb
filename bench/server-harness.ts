// What the server benchmarks share: a database per engine (PGlite in a temporary directory, or a
// PostgreSQL database of its own), the real server in a child process (as bench/load.ts runs it),
// and a raw connection to the same rows for comparison. Their settings are in settings.ts, the
// timing and its statistics in timing.ts, the reports in report.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions";
import { type Database, type DatabaseHandle, openDatabase, pgliteExtensions } from "../server/db/client";
import { finishReport, type Row } from "./report";
import { args } from "./settings";

export type EngineKind = "pglite" | "postgres";

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
        const client = new PGlite(copy, { extensions: pgliteExtensions });
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

/**
 * Runs `measure` on every engine (enginesToRun) in turn, each time on a database of its own named
 * after `label`, dropped after it whatever happens.
 */
export async function onEveryEngine(label: string, measure: (database: BenchDatabase) => Promise<void>) {
  for (const engine of enginesToRun()) {
    const database = await createBenchDatabase(engine, label);
    try {
      await measure(database);
    } finally {
      await database.drop();
    }
  }
}

/** What a benchmark finds: rows of figures, and problems, any of which fails it. */
export type Findings = { rows: Row[]; problems: string[] };

/**
 * onEveryEngine, `measure` adding to one set of findings; then their report (finishReport) as
 * `${label}.bench`, with `details`.
 */
export async function benchOnEveryEngine(
  label: string,
  details: Record<string, unknown>,
  measure: (database: BenchDatabase, findings: Findings) => Promise<void>,
) {
  const findings: Findings = { rows: [], problems: [] };
  await onEveryEngine(label, (database) => measure(database, findings));
  finishReport(`${label}.bench`, findings.rows, findings.problems, details);
}

/** What withSeededServer hands the measurement: the seeded rows, the owner's session, the server. */
export type SeededServer<Seeded> = {
  seeded: Seeded;
  /** The session cookie of the seeded project's owner. */
  cookie: string;
  server: RunningServer;
  /** A raw connection (pool of one) to the same rows. */
  raw: RawDatabase;
};

/**
 * Seeds the database through the app's client, then starts the real server on it and opens a raw
 * connection beside it for `measure`; both are closed after it whatever happens.
 */
export async function withSeededServer<Seeded extends { owner: { id: number } }>(
  database: BenchDatabase,
  seed: (db: Database) => Promise<Seeded>,
  measure: (serving: SeededServer<Seeded>) => Promise<void>,
) {
  const handle = await database.open();
  const seeded = await seed(handle.db);
  const cookie = await sessionCookie(handle, seeded.owner.id);
  await handle.close();
  const server = await startServer(database.serverEnv);
  const raw = await database.openRaw(1);
  try {
    await measure({ seeded, cookie, server, raw });
  } finally {
    await raw.close();
    await server.stop();
  }
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
