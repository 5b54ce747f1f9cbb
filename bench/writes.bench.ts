// Write benchmark (docs/performance.md): create task, create dependency (with its cycle check), a
// dependency
// refused as a cycle, and a position update in a project of N = 20,000 tasks, each next to a plain
// single-row insert: through the same HTTP server (POST /api/trial-signup) and straight through
// the driver. Budget: each write's p50 within 3 x the plain insert's.
//   npx tsx bench/writes.bench.ts [--quick] [--postgres]
// PGlite always; PostgreSQL too with DATABASE_URL or --postgres. Results: test-results/writes.bench.json.
import { type Row, writeColumns } from "./report";
import { seedProject } from "./seed";
import { benchOnEveryEngine, withSeededServer } from "./server-harness";
import { quick, runs, sizeSetting } from "./settings";
import { median, round, summarizeLatencies, type TimedOperation, timeInterleaved } from "./timing";

const size = sizeSetting(200, 20_000);
const perRun = quick ? 20 : 60;
const BUDGET_RATIO = 3;

await benchOnEveryEngine("writes", { runs, perRun }, (database, { rows, problems }) =>
  withSeededServer(
    database,
    (db) => seedProject(db, { tasks: size }),
    async ({ seeded, cookie, server, raw }) => {
      const send = async (method: string, url: string, body: unknown, expected: number) => {
        const response = await fetch(`${server.base}${url}`, {
          method,
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status !== expected) {
          problems.push(`${database.kind} ${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
        }
      };
      // Dependencies two or more levels apart were never seeded and never close a cycle.
      const used = new Set(seeded.dependencyPairs.map(([source, target]) => `${source}:${target}`));
      let pick = 0;
      const freshPair = () => {
        for (;;) {
          pick += 1;
          const source = (pick * 7919) % size;
          const target = (pick * 104_729 + 13) % size;
          const key = `${source}:${target}`;
          if (seeded.levelOf[target] - seeded.levelOf[source] >= 2 && !used.has(key)) {
            used.add(key);
            return [seeded.taskIds[source], seeded.taskIds[target]];
          }
        }
      };
      let counter = 0;
      const projectId = seeded.project.id;
      const operations: (TimedOperation & { baseline?: boolean })[] = [
        {
          name: "plain insert, raw driver",
          baseline: true,
          run: () =>
            raw.query("insert into trial_signups (email) values ($1)", [`raw${counter++}@example.com`]),
        },
        {
          name: "plain insert, HTTP (POST /api/trial-signup)",
          baseline: true,
          run: () => send("POST", "/api/trial-signup", { email: `http${counter++}@example.com` }, 201),
        },
        {
          name: "create task",
          run: () =>
            send(
              "POST",
              `/api/projects/${projectId}/tasks`,
              { name: `New ${counter++}`, categoryId: seeded.categoryIds[0] },
              201,
            ),
        },
        {
          name: "create dependency",
          run: () => {
            const [sourceTaskId, targetTaskId] = freshPair();
            return send("POST", "/api/dependencies", { sourceTaskId, targetTaskId }, 201);
          },
        },
        {
          name: "dependency refused (cycle)",
          run: () => {
            const [source, target] = seeded.dependencyPairs[counter++ % seeded.dependencyPairs.length];
            const body = { sourceTaskId: seeded.taskIds[target], targetTaskId: seeded.taskIds[source] };
            return send("POST", "/api/dependencies", body, 409);
          },
        },
        {
          name: "position update",
          run: () => {
            const taskId = seeded.taskIds[counter++ % size];
            const positions = [{ taskId, positionX: counter, positionY: counter * 2 }];
            return send("PUT", `/api/projects/${projectId}/tasks/positions`, { positions }, 200);
          },
        },
      ];
      const latencies = await timeInterleaved(operations, { runs, perRun });
      const rawP50 = summarizeLatencies(latencies, operations[0].name).runMedians;
      const httpP50 = summarizeLatencies(latencies, operations[1].name).runMedians;
      for (const operation of operations) {
        const latency = summarizeLatencies(latencies, operation.name);
        const vsRaw = median(latency.runMedians.map((p50, run) => p50 / rawP50[run]));
        const vsHttp = median(latency.runMedians.map((p50, run) => p50 / httpP50[run]));
        const row: Row = {
          ...writeColumns(database.kind, size, operation.name, latency),
          "x raw insert": round(vsRaw),
          "x HTTP insert": round(vsHttp),
          budget: operation.baseline ? "" : vsHttp <= BUDGET_RATIO ? "met" : "missed",
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    },
  ),
);
