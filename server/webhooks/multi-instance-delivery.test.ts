// Two app instances on one database, each with its deliverer: a burst of writes made through both
// reaches the receiver exactly once per change, in the order the changes were made. With
// DATABASE_URL the two have connection pools of their own on one PostgreSQL database (as two
// servers would); without it they share one in-process PGlite, which still runs both deliverers'
// claims against each other. Live events are not what is tested, so no Redis is needed.
import { randomBytes } from "node:crypto";
import type { ScheduledTaskDto } from "@core/schemas/projects";
import type { CreatedWebhookDto } from "@core/schemas/webhooks";
import { inArray } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { createUser } from "../auth/users";
import { loadConfig } from "../config";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client";
import { webhookOutbox, webhooks } from "../db/schema";
import { createProjectFor } from "../test/factories";
import { jsonRequest, openTestDatabase } from "../test/test-app";
import { queueWebhookDeliveries } from "./outbox";
import { claimDeliveries, settleAttempt } from "./outbox-claims";
import { type Receiver, startReceiver } from "./webhook-test-helpers";

const serverUrl = process.env.DATABASE_URL;
const WRITES_PER_INSTANCE = 15;
const ROWS_PER_WEBHOOK = 40;

describe("deliveries with two instances on one database", () => {
  const databaseName = `planner_webhooks_${randomBytes(4).toString("hex")}`;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database "${databaseName}"`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      for (let index = 0; index < 2; index++) handles.push(await openDatabase({ databaseUrl: url.href }));
    } else {
      const shared = await openTestDatabase();
      handles.push(shared, shared);
    }
    const config = {
      ...loadConfig({}),
      clientDir: "./none",
      webhooksAllowPrivate: true,
      webhookPollMilliseconds: 50,
      webhookRetryBaseSeconds: 0,
    };
    for (const handle of handles) {
      const app = await buildApp({ config, db: handle.db });
      await app.ready();
      apps.push(app);
    }
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of new Set(handles)) await handle.close();
    await receiver?.close();
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    }
  });

  it("sends every change exactly once and in order, whichever instance made it", async () => {
    const owner = await createUser(handles[0].db, {
      email: `${databaseName}@example.com`,
      username: databaseName,
      firstName: "Two",
      lastName: "Instances",
      passwordHash: null,
    });
    const project = await createProjectFor({ database: handles[0] }, owner, { name: "Two instances" });
    const { token } = await createSession(handles[0].db, owner.id, 1);
    const send = (app: FastifyInstance, options: InjectOptions) =>
      app.inject({ ...options, headers: { ...options.headers, cookie: `${SESSION_COOKIE}=${token}` } });

    const created = await send(
      apps[0],
      jsonRequest("POST", `/api/projects/${project.id}/webhooks`, {
        url: receiver.url,
        events: ["task.created"],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<CreatedWebhookDto>().secret).toMatch(/^[0-9a-f]{64}$/);

    // Each instance writes in turn, both at once.
    const names: string[] = [];
    await Promise.all(
      apps.map(async (app, instance) => {
        for (let index = 0; index < WRITES_PER_INSTANCE; index++) {
          const name = `Instance ${instance} task ${index}`;
          names.push(name);
          const response = await send(
            app,
            jsonRequest("POST", `/api/projects/${project.id}/tasks`, { name }),
          );
          expect(response.statusCode, response.body).toBe(201);
        }
      }),
    );
    const total = WRITES_PER_INSTANCE * apps.length;
    await receiver.waitFor(total, 30_000);
    // Any repeat would have arrived by now: the outbox is empty and nothing more comes.
    await expect
      .poll(async () => (await handles[0].db.select().from(webhookOutbox)).length, { timeout: 10_000 })
      .toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const settled = apps.map((app) => app.webhookDeliverer.attempts);
    expect(settled.reduce((sum, attempts) => sum + attempts.delivered, 0)).toBe(total);
    expect(settled.every((attempts) => attempts.failed === 0 && attempts.givenUp === 0)).toBe(true);
    const deliveryIds = receiver.received.map((request) => request.json.deliveryId);
    expect(receiver.received).toHaveLength(total);
    expect(new Set(deliveryIds).size).toBe(total);
    const sent = receiver.received.map((request) => (request.json.tasks as ScheduledTaskDto[])[0]?.name);
    expect(new Set(sent)).toEqual(new Set(names));
    // Each instance's writes, made one after the other, arrive in the order made (the two
    // instances' writes interleave as they committed).
    for (let instance = 0; instance < apps.length; instance++) {
      const own = sent.filter((name) => name?.startsWith(`Instance ${instance} `));
      expect(own).toEqual(names.filter((name) => name.startsWith(`Instance ${instance} `)));
    }
  }, 60_000);

  it("claims each queued row once, a webhook's rows one after the other in order, under racing claims", async () => {
    const owner = await createUser(handles[0].db, {
      email: `racer-${databaseName}@example.com`,
      username: `racer_${databaseName}`,
      firstName: "Racing",
      lastName: "Claims",
      passwordHash: null,
    });
    // Only the racers below claim: the app's deliverers are stopped.
    for (const app of apps) await app.webhookDeliverer.stop();
    const webhookIds: number[] = [];
    for (let index = 0; index < 3; index++) {
      const project = await createProjectFor({ database: handles[0] }, owner, { name: `Raced ${index}` });
      const [webhook] = await handles[0].db
        .insert(webhooks)
        .values({ projectId: project.id, url: receiver.url, events: ["task.created"], secret: "s" })
        .returning();
      webhookIds.push(webhook.id);
      await handles[0].db.transaction((tx) =>
        queueWebhookDeliveries(
          tx as unknown as Database,
          Array.from({ length: ROWS_PER_WEBHOOK }, () => ({
            type: "task.created" as const,
            projectId: project.id,
            actorId: owner.id,
          })),
        ),
      );
    }
    const queued = await handles[0].db
      .select()
      .from(webhookOutbox)
      .where(inArray(webhookOutbox.webhookId, webhookIds));
    expect(queued).toHaveLength(3 * ROWS_PER_WEBHOOK);
    const claims: { id: number; webhookId: number }[] = [];
    const racer = async (handle: DatabaseHandle) => {
      for (let idle = 0; idle < 20; ) {
        const claimed = await claimDeliveries(handle.db, { limit: 2, retryHours: 24 });
        if (claimed.length === 0) {
          idle += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        idle = 0;
        for (const delivery of claimed) {
          claims.push({ id: delivery.id, webhookId: delivery.webhookId });
          await settleAttempt(
            handle.db,
            delivery,
            { status: "delivered", responseCode: 200, durationMs: 0, error: null },
            0,
          );
        }
      }
    };
    await Promise.all(
      handles.flatMap((handle) => [racer(handle), racer(handle), racer(handle), racer(handle)]),
    );

    expect(claims.map((claim) => claim.id).sort((a, b) => a - b)).toEqual(
      queued.map((row) => row.id).sort((a, b) => a - b),
    );
    for (const webhookId of webhookIds) {
      const order = claims.filter((claim) => claim.webhookId === webhookId).map((claim) => claim.id);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  }, 60_000);
});
