// Deliveries (docs/spec/notifications-and-api.md) to a receiver on 127.0.0.1, so this app allows
// private addresses, polls often and retries at once: a write's change POSTed with its content,
// headers and signature; in order; only the types subscribed; a failure retried with the same id
// and bytes; a paused webhook sent nothing; the live stream's versions left alone; the log kept short.
import { createHmac } from "node:crypto";
import type { ScheduledTaskDto } from "@core/schemas/projects";
import type { CreatedWebhookDto, WebhookDeliveryDto, WebhookDto } from "@core/schemas/webhooks";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { projects, webhookAttempts, webhookOutbox } from "../db/schema";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";
import { queueWebhookDeliveries } from "./outbox";
import { trimAttempts } from "./outbox-claims";
import { signatureOf } from "./send";
import { type Receiver, startReceiver } from "./webhook-test-helpers";

const testApp = setupTestApp({
  config: { webhooksAllowPrivate: true, webhookPollMilliseconds: 50, webhookRetryBaseSeconds: 0 },
});
const team = setupTeam(testApp);
const { owner, editor } = team;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** A new project with a webhook to a fresh path of the receiver; answers both and the secret. */
async function hooked(events: string[] = ["task.created", "task.updated", "task.deleted"]) {
  const project = await team.sharedProject();
  const path = `/hook/${project.id}`;
  const response = await sendJson(owner, "POST", `/api/projects/${project.id}/webhooks`, {
    url: receiver.url.replace("/hook", path),
    events,
  });
  expect(response.statusCode, response.body).toBe(201);
  const webhook = response.json<CreatedWebhookDto>();
  const arrived = () => receiver.received.filter((request) => request.json.projectId === project.id);
  const waitFor = async (count: number) => {
    await expect
      .poll(() => arrived().length, { timeout: 15_000, interval: 20 })
      .toBeGreaterThanOrEqual(count);
    return arrived();
  };
  return { project, webhook, arrived, waitFor };
}

const createTask = async (client: Client, projectId: number, name: string) => {
  const response = await sendJson(client, "POST", `/api/projects/${projectId}/tasks`, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ScheduledTaskDto>();
};

const deliveriesOf = async (projectId: number, webhookId: number) =>
  (await sendJson(owner, "GET", `/api/projects/${projectId}/webhooks/${webhookId}/deliveries`)).json<
    WebhookDeliveryDto[]
  >();

describe("a write's delivery", () => {
  it("POSTs task.created with the task as the live event carries it, signed with the webhook's secret", async () => {
    const { project, webhook, waitFor } = await hooked();
    const task = await createTask(editor, project.id, "Pour the foundations");
    const [delivery] = await waitFor(1);
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["user-agent"]).toMatch(/^Planner-Webhooks\//);
    expect(delivery.headers["x-planner-event"]).toBe("task.created");
    const deliveryId = delivery.headers["x-planner-delivery"];
    expect(deliveryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const expected = `sha256=${createHmac("sha256", webhook.secret).update(delivery.body).digest("hex")}`;
    expect(delivery.headers["x-planner-signature"]).toBe(expected);
    expect(signatureOf(webhook.secret, delivery.body)).toBe(expected);

    expect(delivery.json).toMatchObject({
      type: "task.created",
      projectId: project.id,
      taskIds: [task.id],
      actorId: editor.user.id,
      activityId: expect.any(Number),
      tasks: [expect.objectContaining({ id: task.id, name: "Pour the foundations", schedule: null })],
      activity: expect.objectContaining({ action: "task.created" }),
      deliveryId,
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    // Its place in the live stream's numbering is the stream's own.
    expect(delivery.json).not.toHaveProperty("version");

    await expect
      .poll(() => deliveriesOf(project.id, webhook.id))
      .toEqual([
        expect.objectContaining({
          deliveryId,
          event: "task.created",
          status: "delivered",
          responseCode: 200,
        }),
      ]);
    const left = await testApp.database.db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.webhookId, webhook.id));
    expect(left).toEqual([]);
  });

  it("sends a project's changes in the order they were made, sequential or concurrent", async () => {
    const { project, waitFor } = await hooked(["task.created"]);
    const names = Array.from({ length: 6 }, (_, index) => `Step ${index + 1}`);
    for (const name of names) await createTask(editor, project.id, name);
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => createTask(owner, project.id, `Burst ${index}`)),
    );
    const arrived = await waitFor(12);
    expect(arrived).toHaveLength(12);
    const sent = arrived.map((request) => (request.json.tasks as ScheduledTaskDto[])[0].name);
    expect(sent.slice(0, 6)).toEqual(names);
    expect(new Set(sent.slice(6))).toEqual(
      new Set(Array.from({ length: 6 }, (_, index) => `Burst ${index}`)),
    );
    expect(new Set(arrived.map((request) => request.json.deliveryId)).size).toBe(12);
  });

  it("sends only the event types the webhook chose, updates and deletions with their content", async () => {
    const { project, waitFor, arrived } = await hooked(["task.updated", "task.deleted"]);
    const task = await createTask(editor, project.id, "Draft");
    const renamed = await sendJson(editor, "PUT", `/api/tasks/${task.id}`, { name: "Final" });
    expect(renamed.statusCode).toBe(200);
    expect((await sendJson(editor, "DELETE", `/api/tasks/${task.id}`)).statusCode).toBe(204);
    await waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [updated, deleted] = arrived();
    expect(arrived()).toHaveLength(2);
    expect(updated.headers["x-planner-event"]).toBe("task.updated");
    // Read when first attempted: the task may already be gone, as a late live event finds it.
    expect(updated.json.taskIds).toEqual([task.id]);
    expect(deleted.json).toMatchObject({
      type: "task.deleted",
      taskIds: [task.id],
      deletedTaskIds: [task.id],
    });
  });

  it("sends task.unblocked with the tasks it names", async () => {
    const { project, waitFor } = await hooked(["task.unblocked"]);
    const task = await createTask(editor, project.id, "Ready now");
    const queued = await testApp.database.db.transaction((tx) =>
      queueWebhookDeliveries(tx as unknown as Database, [
        { type: "task.unblocked", projectId: project.id, taskIds: [task.id], actorId: editor.user.id },
      ]),
    );
    expect(queued).toBe(1);
    testApp.app.webhookDeliverer.wake();
    const [delivery] = await waitFor(1);
    expect(delivery.headers["x-planner-event"]).toBe("task.unblocked");
    expect(delivery.json).toMatchObject({
      type: "task.unblocked",
      projectId: project.id,
      taskIds: [task.id],
      actorId: editor.user.id,
      tasks: [expect.objectContaining({ id: task.id, name: "Ready now" })],
    });
  });

  it("leaves the project's version to the live stream: one write, one version", async () => {
    const { project, waitFor } = await hooked(["task.created"]);
    const versionOf = async () =>
      (await testApp.database.db.select().from(projects).where(eq(projects.id, project.id)))[0].version;
    const before = await versionOf();
    await createTask(editor, project.id, "Counted once");
    await waitFor(1);
    expect(await versionOf()).toBe(before + 1);
  });
});

describe("failures and retries", () => {
  it("retries a delivery the receiver refused with the same id and the same bytes; the log shows both", async () => {
    const { project, webhook, waitFor, arrived } = await hooked(["task.created"]);
    const answered = new Map<string, number>();
    const previous = receiver.answer;
    receiver.answer = (index, request) => {
      if (request.json.projectId !== project.id) return previous(index, request);
      const seen = answered.get(request.json.deliveryId) ?? 0;
      answered.set(request.json.deliveryId, seen + 1);
      return seen === 0 ? 500 : 200;
    };
    try {
      await createTask(editor, project.id, "Try twice");
      await createTask(editor, project.id, "After it");
      await waitFor(4);
      const [first, retry, second, secondRetry] = arrived();
      expect(retry.headers["x-planner-delivery"]).toBe(first.headers["x-planner-delivery"]);
      expect(retry.body).toBe(first.body);
      expect(retry.headers["x-planner-signature"]).toBe(first.headers["x-planner-signature"]);
      // The second change waited for the first to be delivered.
      expect((second.json.tasks as ScheduledTaskDto[])[0].name).toBe("After it");
      expect(secondRetry.json.deliveryId).toBe(second.json.deliveryId);
      await expect
        .poll(async () => (await deliveriesOf(project.id, webhook.id)).map((entry) => entry.status))
        .toEqual(["delivered", "failed", "delivered", "failed"]);
      const log = await deliveriesOf(project.id, webhook.id);
      expect(log[3]).toMatchObject({
        deliveryId: first.json.deliveryId,
        status: "failed",
        responseCode: 500,
        error: "answered 500",
        durationMs: expect.any(Number),
      });
      expect(log[2]).toMatchObject({
        deliveryId: first.json.deliveryId,
        status: "delivered",
        responseCode: 200,
      });
    } finally {
      receiver.answer = previous;
    }
  });

  it("logs a receiver that does not answer as a failure in words", async () => {
    const project = await team.sharedProject();
    const made = (
      await sendJson(owner, "POST", `/api/projects/${project.id}/webhooks`, {
        url: "http://127.0.0.1:9/nobody",
        events: ["task.created"],
      })
    ).json<CreatedWebhookDto>();
    await createTask(editor, project.id, "Unheard");
    await expect
      .poll(async () => (await deliveriesOf(project.id, made.id))[0]?.error, { timeout: 10_000 })
      .toBe("connection refused");
    const pending = await sendJson(owner, "GET", `/api/projects/${project.id}/webhooks/${made.id}`);
    expect(pending.json<WebhookDto>().pending).toBe(1);
    // Turning it off drops what waits; while off, nothing is queued for it.
    const paused = await sendJson(owner, "PATCH", `/api/projects/${project.id}/webhooks/${made.id}`, {
      active: false,
    });
    expect(paused.json<WebhookDto>()).toMatchObject({ active: false, pending: 0 });
    await createTask(editor, project.id, "While paused");
    const rows = await testApp.database.db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.webhookId, made.id));
    expect(rows).toEqual([]);
  });

  it("gives up a delivery whose retries have run past the retry window", async () => {
    const { project, webhook, arrived } = await hooked(["task.created"]);
    const previous = receiver.answer;
    receiver.answer = (index, request) =>
      request.json.projectId === project.id ? 503 : previous(index, request);
    try {
      // Queued as if a day and more ago: its next failure is its last.
      await testApp.database.db.transaction(async (tx) => {
        await queueWebhookDeliveries(tx as unknown as Database, [
          { type: "task.created", projectId: project.id, taskIds: [], actorId: owner.user.id },
        ]);
        await tx.execute(
          sql`update webhook_outbox set created_at = now() - interval '25 hours' where webhook_id = ${webhook.id}`,
        );
      });
      testApp.app.webhookDeliverer.wake();
      await expect.poll(async () => (await deliveriesOf(project.id, webhook.id))[0]?.status).toBe("given-up");
      expect(arrived()).toHaveLength(1);
      const rows = await testApp.database.db
        .select()
        .from(webhookOutbox)
        .where(eq(webhookOutbox.webhookId, webhook.id));
      expect(rows).toEqual([]);
    } finally {
      receiver.answer = previous;
    }
  });
});

describe("the log's length", () => {
  it("is cut back to the newest attempts shown", async () => {
    const { webhook } = await hooked();
    const db = testApp.database.db;
    await db.insert(webhookAttempts).values(
      Array.from({ length: 150 }, (_, index) => ({
        webhookId: webhook.id,
        deliveryId: `d-${index}`,
        eventType: "task.created",
        status: "delivered",
        durationMs: 1,
      })),
    );
    await trimAttempts(db, webhook.id, 100);
    const kept = await db
      .select({ deliveryId: webhookAttempts.deliveryId })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.webhookId, webhook.id))
      .orderBy(webhookAttempts.id);
    expect(kept.map((row) => row.deliveryId)).toEqual(
      Array.from({ length: 100 }, (_, index) => `d-${index + 50}`),
    );
  });
});
