// The database goes away while requests are running and comes back: the server answers 503 (not a
// crash, not a 500), /api/health says the database is down, and afterwards it serves again by
// itself with no half-written change. PostgreSQL is reached through a TCP relay that the test cuts
// and restores, which looks to the app exactly like the server stopping and starting, without
// stopping the PostgreSQL the other test files use. Runs in the PostgreSQL pass (DATABASE_URL).
import { randomBytes } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { tasks } from "../../db/schema";

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) console.warn("database fault test skipped: it needs DATABASE_URL (PostgreSQL)");

/** A TCP relay to PostgreSQL that can be cut (every connection reset, new ones refused) and restored. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  start(port = 0): Promise<void> {
    return new Promise((resolve) => {
      this.server = createServer((client) => {
        const upstream = connect(this.target.port, this.target.host);
        for (const socket of [client, upstream]) {
          this.sockets.add(socket);
          socket.on("close", () => this.sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      this.server.listen(port, "127.0.0.1", () => {
        this.port = ((this.server as Server).address() as { port: number }).port;
        resolve();
      });
    });
  }

  cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe.runIf(Boolean(serverUrl))("PostgreSQL going away and coming back", () => {
  const databaseName = `planner_faults_${randomBytes(4).toString("hex")}`;
  // Built lazily: the describe body also runs (to collect tests) when the suite is skipped.
  const target = new URL(serverUrl ?? "postgres://127.0.0.1:5432/postgres");
  const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let cookie = "";
  let projectId = 0;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    await relay.start();
    const relayed = new URL(serverUrl as string);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(relay.port);
    relayed.pathname = `/${databaseName}`;
    handle = await openDatabase({ databaseUrl: relayed.href });
    app = await buildApp({ config: { ...loadConfig({}), clientDir: "./none" }, db: handle.db });
    await app.ready();
    const signUp = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        email: "faults@example.com",
        username: "faults",
        password: "long enough password",
      }),
    });
    cookie = String(signUp.headers["set-cookie"]).split(";")[0];
    const project = await app.inject({
      method: "POST",
      url: "/api/projects",
      headers: { "content-type": "application/json", cookie },
      payload: JSON.stringify({ name: "Faults" }),
    });
    projectId = project.json().id;
  }, 60_000);

  afterAll(async () => {
    if (!app) return;
    await app.close();
    await handle?.close().catch(() => {});
    await relay.cut();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
  });

  const createTask = (name: string) =>
    app.inject({
      method: "POST",
      url: `/api/projects/${projectId}/tasks`,
      headers: { "content-type": "application/json", cookie },
      payload: JSON.stringify({ name }),
    });

  it("answers 503 while the database is away and serves again when it is back", async () => {
    const relayPort = relay.port;
    // Requests in flight when the database disappears.
    const inFlight = Array.from({ length: 20 }, (_, index) => createTask(`In flight ${index}`));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await relay.cut();
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect([201, 503]).toContain(answer.statusCode);
      expect(answer.body).not.toMatch(/stack|select |insert |at \//i);
    }

    const whileDown = await createTask("While down");
    expect(whileDown.statusCode).toBe(503);
    expect(whileDown.json()).toEqual({
      message: "The database is unavailable. Please try again shortly.",
      code: "database_unavailable",
    });
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "degraded", database: "down" });

    await relay.start(relayPort);
    let healthy = false;
    for (let attempt = 0; attempt < 50 && !healthy; attempt++) {
      healthy = (await app.inject({ method: "GET", url: "/api/health" })).statusCode === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy).toBe(true);
    expect((await createTask("After the return")).statusCode).toBe(201);

    // Every task the server said it created exists, and no other: nothing half-written.
    const created = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().name);
    const stored = await handle.db
      .select({ name: tasks.name })
      .from(tasks)
      .where(eq(tasks.projectId, projectId));
    expect(stored.map((row) => row.name).sort()).toEqual([...created, "After the return"].sort());
  }, 60_000);
});
