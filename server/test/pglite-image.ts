// Vitest global setup: one migrated PGlite data directory, dumped to a file once per run, from which
// each test file's in-memory database starts (openTestDatabase). A new cluster costs each file about
// 1.5 s of CPU (initdb inside WebAssembly); loading the dump skips it. The migrations still run on
// every open, and find nothing left to apply.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder, pgliteExtensions } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dump's file, or "" where the tests run on a PostgreSQL server (DATABASE_URL). */
    pgliteImagePath: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteImagePath", "");
    return;
  }
  const client = new PGlite({ extensions: pgliteExtensions });
  await client.waitReady;
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const folder = mkdtempSync(path.join(tmpdir(), "planner-pglite-image-"));
  const file = path.join(folder, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteImagePath", file);
  return () => rmSync(folder, { recursive: true, force: true });
}
