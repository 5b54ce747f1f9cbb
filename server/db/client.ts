// One SQL dialect everywhere: embedded PGlite by default, a PostgreSQL server when DATABASE_URL is
// set. Both get the committed migrations applied before the app answers a request.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The extensions the migrations create; PGlite loads each one's code only when it is named here. */
export const pgliteExtensions = { pg_trgm };

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 727_001;

export type DatabaseOptions = {
  databaseUrl?: string;
  /** Directory for PGlite's files; `undefined` keeps the database in memory (tests). */
  dataDir?: string;
  /**
   * An in-memory PGlite starts from this dump of a data directory (`dumpDataDir`) instead of a new
   * cluster. Tests pass one that is already migrated: creating a cluster costs seconds per file.
   */
  pgliteImage?: Blob;
  /**
   * Called with every SQL statement the app sends (Drizzle's logger). Only tests set it, to count
   * the statements a request runs; without it no logger is installed.
   */
  onQuery?: (query: string) => void;
};

const queryLogger = (onQuery: DatabaseOptions["onQuery"]) =>
  onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onQuery);
  return openPglite(options);
}

async function openPglite({ dataDir, pgliteImage, onQuery }: DatabaseOptions): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? new PGlite(path.resolve(dataDir), { extensions: pgliteExtensions })
    : new PGlite({ loadDataDir: pgliteImage, extensions: pgliteExtensions });
  await client.waitReady;
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  const db = drizzlePglite({ client, schema, logger: queryLogger(onQuery) });
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

async function openPostgres(
  databaseUrl: string,
  onQuery: DatabaseOptions["onQuery"],
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server drops (restart, failover, idle timeout) must not crash the
  // process: the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => {
    console.error(`PostgreSQL connection lost (${error.message}); it will be replaced.`);
  });
  // Several instances may start at once: the advisory lock lets one migrate while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzleNodePg({ client: pool, schema, logger: queryLogger(onQuery) });
  return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
}
