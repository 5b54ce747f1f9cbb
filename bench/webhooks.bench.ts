// Webhook benchmark (docs/spec/notifications-and-api.md): N = 1,000 changes of one project
// delivered to a receiver on 127.0.0.1 by the real server in a child process.
// - burst: N task creations over HTTP, 8 writers at once, each writing its own in turn; timed from
//   the first write to the last delivery, with the lag after the last write;
// - kill: N creations queued first (in process, through the same write commands and outbox), the
//   server started, killed with SIGKILL while the receiver holds the answer to the N/2-th delivery,
//   and started again: every change must still arrive, in order. Repeats around the kill are
//   allowed (the receiver tells them apart by X-Planner-Delivery) and counted: the held one comes
//   again once the killed instance's claim runs out (outbox-claims.ts CLAIM_SECONDS), which the
//   wait after the restart shows.
// Judged in both modes by counting: none missing, none out of order (each writer's changes in the
// order written), no repeats without a kill. Times are for information.
//   npx tsx bench/webhooks.bench.ts [--quick] [--postgres | --postgres-only]
// --quick: N = 100. Results: test-results/webhooks.bench.json.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { runWrite } from "../server/commands/command";
import { projects, webhookOutbox, webhooks } from "../server/db/schema";
import type { ProjectEventHub } from "../server/realtime/project-event-hub";
import { createTask } from "../server/tasks/task-commands";
import type { Row } from "./report";
import { seedUser } from "./seed";
import {
  type BenchDatabase,
  benchOnEveryEngine,
  type Findings,
  sessionCookie,
  startServer,
} from "./server-harness";
import { sizeSetting } from "./settings";
import { round } from "./timing";

const size = sizeSetting(100, 1_000);
const WRITERS = 8;
const DELIVERY_TIMEOUT_MS = 180_000;
const SERVER_ENV = {
  WEBHOOKS_ALLOW_PRIVATE: "true",
  WEBHOOK_POLL_MS: "100",
  WEBHOOK_RETRY_BASE_SECONDS: "1",
};

/** Every request the receiver got, in arrival order: its delivery id, first task's name, time. */
type Arrival = { deliveryId: string; name: string; at: number };

/** With `holdAt`, the request that arrives as that one (from 1) is never answered. */
async function startReceiver({ holdAt }: { holdAt?: number } = {}) {
  const arrivals: Arrival[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        deliveryId: string;
        tasks?: { name: string }[];
      };
      arrivals.push({
        deliveryId: body.deliveryId,
        name: body.tasks?.[0]?.name ?? "",
        at: performance.now(),
      });
      if (arrivals.length !== holdAt) response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const distinct = () => new Set(arrivals.map((arrival) => arrival.deliveryId)).size;
  return {
    url,
    arrivals,
    distinct,
    waitForDistinct: async (count: number) => {
      const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
      while (distinct() < count && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A user, a project of theirs and a webhook of it to the receiver; the owner's session cookie. */
async function seedHooked(database: BenchDatabase, receiver: Receiver) {
  const handle = await database.open();
  const owner = await seedUser(handle.db, "webhooks");
  const [project] = await handle.db
    .insert(projects)
    .values({ name: "Webhooks", slug: `webhooks-${randomBytes(4).toString("hex")}`, userId: owner.id })
    .returning();
  await handle.db
    .insert(webhooks)
    .values({ projectId: project.id, url: receiver.url, events: ["task.created"], secret: "bench-secret" });
  const cookie = await sessionCookie(handle, owner.id);
  return { handle, owner, project, cookie };
}

/**
 * Counts over the arrivals, the names being `<writer>-<n>`: repeats, changes missing, and changes
 * that came before an earlier one of the same writer (each writer's are ordered: it waited for
 * each write before the next).
 */
function judge(arrivals: Arrival[], expected: number) {
  const seen = new Set<string>();
  const lastOf = new Map<string, number>();
  let duplicates = 0;
  let outOfOrder = 0;
  for (const arrival of arrivals) {
    if (seen.has(arrival.deliveryId)) {
      duplicates += 1;
      continue;
    }
    seen.add(arrival.deliveryId);
    const [writer, n] = arrival.name.split("-");
    if (Number(n) <= (lastOf.get(writer) ?? -1)) outOfOrder += 1;
    lastOf.set(writer, Number(n));
  }
  return { duplicates, missing: expected - seen.size, outOfOrder };
}

async function burst(database: BenchDatabase, { rows, problems }: Findings) {
  const receiver = await startReceiver();
  const { handle, project, cookie } = await seedHooked(database, receiver);
  await handle.close();
  const server = await startServer({ ...database.serverEnv, ...SERVER_ENV });
  try {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let n = writer; n < size; n += WRITERS) {
          const response = await fetch(`${server.base}/api/projects/${project.id}/tasks`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json" },
            body: JSON.stringify({ name: `w${writer}-${n}` }),
          });
          if (response.status !== 201) problems.push(`${database.kind} burst write: ${response.status}`);
        }
      }),
    );
    const written = performance.now();
    await receiver.waitForDistinct(size);
    // Anything sent twice would follow within a poll or two.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const last = Math.max(...receiver.arrivals.map((arrival) => arrival.at));
    const verdict = judge(receiver.arrivals, size);
    if (verdict.missing > 0)
      problems.push(`${database.kind} burst: ${verdict.missing} of ${size} never arrived`);
    if (verdict.outOfOrder > 0) problems.push(`${database.kind} burst: ${verdict.outOfOrder} out of order`);
    if (verdict.duplicates > 0) problems.push(`${database.kind} burst: ${verdict.duplicates} sent twice`);
    const row: Row = {
      engine: database.kind,
      run: `burst: ${size} writes over HTTP, ${WRITERS} writers`,
      deliveries: size,
      "writes s": round((written - started) / 1000),
      "all delivered s": round((last - started) / 1000),
      "per s": Math.round(size / ((last - started) / 1000)),
      "lag after writes ms": Math.round(Math.max(0, last - written)),
      "received before kill": "",
      "resumed after s": "",
      duplicates: verdict.duplicates,
      missing: verdict.missing,
      "out of order": verdict.outOfOrder,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  } finally {
    await server.stop();
    await receiver.close();
  }
}

async function kill(database: BenchDatabase, { rows, problems }: Findings) {
  // The server is killed while the middle delivery waits for its answer: sent, not yet settled.
  const held = Math.floor(size / 2);
  const receiver = await startReceiver({ holdAt: held });
  const { handle, owner, project } = await seedHooked(database, receiver);
  // The writes' events go nowhere (no server runs yet); their deliveries wait in the outbox.
  const services = { db: handle.db, events: { publish: async () => {} } as unknown as ProjectEventHub };
  for (let n = 0; n < size; n++)
    await runWrite(services, owner, createTask, { project, fields: { name: `q-${n}` }, completion: {} });
  const queued = (await handle.db.select({ id: webhookOutbox.id }).from(webhookOutbox)).length;
  if (queued !== size) problems.push(`${database.kind} kill: ${queued} deliveries queued for ${size} writes`);
  await handle.close();

  const env = { ...database.serverEnv, ...SERVER_ENV };
  const first = await startServer(env);
  const started = performance.now();
  while (receiver.arrivals.length < held && performance.now() - started < DELIVERY_TIMEOUT_MS)
    await new Promise((resolve) => setTimeout(resolve, 2));
  process.kill(first.pid, "SIGKILL");
  const killedAt = performance.now();
  await first.stop();
  const beforeKill = receiver.distinct();
  const arrivedBeforeKill = receiver.arrivals.length;
  if (beforeKill >= size) problems.push(`${database.kind} kill: all ${size} arrived before the kill`);
  const second = await startServer(env);
  try {
    await receiver.waitForDistinct(size);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const resumed = receiver.arrivals[arrivedBeforeKill]?.at ?? Number.NaN;
    const last = Math.max(...receiver.arrivals.map((arrival) => arrival.at));
    const verdict = judge(receiver.arrivals, size);
    if (verdict.missing > 0)
      problems.push(`${database.kind} kill: ${verdict.missing} of ${size} never arrived`);
    if (verdict.outOfOrder > 0) problems.push(`${database.kind} kill: ${verdict.outOfOrder} out of order`);
    const beforeKillSeconds = (killedAt - started) / 1000;
    const row: Row = {
      engine: database.kind,
      run: `kill -9 midway through ${size} queued, restart`,
      deliveries: size,
      "writes s": "",
      "all delivered s": round((last - started) / 1000),
      "per s": Math.round(beforeKill / beforeKillSeconds),
      "lag after writes ms": "",
      "received before kill": beforeKill,
      "resumed after s": round((resumed - killedAt) / 1000),
      duplicates: verdict.duplicates,
      missing: verdict.missing,
      "out of order": verdict.outOfOrder,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  } finally {
    await second.stop();
    await receiver.close();
  }
}

await benchOnEveryEngine("webhooks", { size, writers: WRITERS }, async (database, findings) => {
  await burst(database, findings);
  await kill(database, findings);
});
