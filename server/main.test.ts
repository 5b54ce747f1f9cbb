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

type Server = ChildProcess & {
  /** Sign-ups the server has received so far (read from its request log). */
  signUpsReceived: () => number;
};

async function startServer(port: number): Promise<Server> {
  // No DATABASE_URL: this test is about the embedded default.
  const { DATABASE_URL: _, ...inherited } = process.env;
  // At info the server logs each request as it arrives, which tells the test when one is in flight.
  const env = { ...inherited, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info" };
  const spawned = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let signUps = 0;
  let partial = "";
  spawned.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.includes('"incoming request"') && line.includes('"url":"/api/signup"')) signUps += 1;
      else if (!line.includes('"level":30')) console.log(line);
    }
  });
  const child = Object.assign(spawned, { signUpsReceived: () => signUps });
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
    // Stop once the server has received every one (hashing the passwords keeps them in flight); a
    // fixed wait was too short on a busy machine, and a request not yet received is refused with 503.
    for (let waited = 0; server.signUpsReceived() < 8 && waited < 60_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.signUpsReceived()).toBe(8);
    const stoppedAt = Date.now();
    const exited = stop(server);
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(201));
    expect(await exited).toBe(0);
    // Idle keep-alive sockets must not hold the exit for Fastify's 72 s keep-alive timeout.
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  }, 180_000);
});
