// The real entry point as `npm start` runs it: a child process on the embedded database, whose
// data must survive a restart.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./test/ports";

const dataDir = mkdtempSync(path.join(tmpdir(), "planner-data-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(port: number): Promise<ChildProcess> {
  // No DATABASE_URL: this test is about the embedded default.
  const { DATABASE_URL: _, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: "inherit" });
  for (let waited = 0; waited < 90_000; waited += 200) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/user`);
      if (response.status === 401) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error("server did not start within 90 s");
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

describe("npm start on the embedded database", () => {
  it("keeps accounts across a restart", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const account = { email: "restart@example.com", password: "survives restarts", username: "restart" };

    const first = await startServer(port);
    const signUp = await fetch(`${base}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(201);
    await stop(first);

    const second = await startServer(port);
    try {
      const login = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(login.status).toBe(200);
      expect((await login.json()).username).toBe("restart");
    } finally {
      await stop(second);
    }
  }, 180_000);

  it("finishes the requests in flight on SIGTERM, then exits cleanly", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(port);
    const inFlight = Array.from({ length: 8 }, (_, index) =>
      fetch(`${base}/api/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `drain${index}@example.com`,
          password: "long enough password",
          username: `drain${index}`,
        }),
      }).then((response) => response.status),
    );
    // Long enough for every request to be accepted; hashing ten passwords keeps them in flight.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stoppedAt = Date.now();
    const exited = stop(server);
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(201));
    expect(await exited).toBe(0);
    // Idle keep-alive sockets must not hold the exit for Fastify's 72 s keep-alive timeout.
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  }, 180_000);
});
