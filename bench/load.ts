// Load run (issue 11): the real server in its own process, 50 connections for LOAD_SECONDS (30 by
// default; CI runs 5) over a mix of reads and writes. Fails on any 5xx, connection error or
// timeout, and reports the server's memory before and after.
//   npx tsx bench/load.ts                    (embedded PGlite in a temporary directory)
//   DATABASE_URL=postgres://... npx tsx bench/load.ts
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const seconds = Number(process.env.LOAD_SECONDS ?? 30);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const rssMiB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "planner-load-"));
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      API_RATE_LIMIT_PER_MINUTE: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (let waited = 0; ; waited += 200) {
      if (waited > 30_000) throw new Error("server did not start");
      if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signUp = await fetch(`${base}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `load${Date.now()}@example.com`,
        username: `load${Date.now()}`,
        password: "long enough password",
      }),
    });
    const cookie = (signUp.headers.get("set-cookie") ?? "").split(";")[0];
    const api = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return response.json();
    };
    const project = await api("POST", "/api/projects", { name: "Load" });
    const taskIds: number[] = [];
    for (let index = 0; index < 50; index++) {
      taskIds.push((await api("POST", `/api/projects/${project.id}/tasks`, { name: `Task ${index}` })).id);
      if (index > 0)
        await api("POST", "/api/dependencies", {
          sourceTaskId: taskIds[index - 1],
          targetTaskId: taskIds[index],
        });
    }

    const before = rssMiB(server.pid as number);
    let counter = 0;
    let shown = 0;
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          onResponse: (status: number, body: string) => {
            if (status >= 400 && shown < 3) {
              shown += 1;
              console.error("non-2xx answer:", status, body.slice(0, 200));
            }
          },
          setupRequest: (request) => {
            counter += 1;
            const task = taskIds[counter % taskIds.length];
            const read = (url: string) => ({
              ...request,
              method: "GET" as const,
              path: url,
              headers: { cookie },
            });
            const write = (method: "PUT" | "POST", url: string, body: unknown) => ({
              ...request,
              method,
              path: url,
              headers: { cookie, "content-type": "application/json" },
              body: JSON.stringify(body),
            });
            switch (counter % 5) {
              case 0:
                return write("PUT", `/api/tasks/${task}`, { name: `Renamed ${counter}` });
              case 1:
                return write("POST", `/api/projects/${project.id}/tasks`, { name: `Load ${counter}` });
              case 2:
                return read("/api/my-tasks");
              default:
                return read(`/api/projects/${project.id}`);
            }
          },
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = rssMiB(server.pid as number);

    const serverErrors = result["5xx"];
    const summary = {
      seconds,
      connections,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      "2xx": result["2xx"],
      non2xx: result.non2xx,
      "5xx": serverErrors,
      errors: result.errors,
      timeouts: result.timeouts,
      rssMiB: { before: Math.round(before), after: Math.round(after) },
      statusCodes: result.statusCodeStats,
    };
    console.log(JSON.stringify(summary, null, 2));
    // Memory must settle back, not keep what the run used: a leak shows as growth here.
    const grew = after > before * 1.5 + 50;
    if (grew) console.error(`memory grew from ${Math.round(before)} MiB to ${Math.round(after)} MiB`);
    const failed = serverErrors > 0 || result.errors > 0 || result.timeouts > 0 || result.non2xx > 0 || grew;
    if (failed) {
      console.error("LOAD RUN FAILED: server errors, non-2xx answers, connection errors or timeouts");
      process.exitCode = 1;
    } else {
      console.log(`load run passed: ${result.requests.total} requests, no errors`);
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
