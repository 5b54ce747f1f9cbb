// Webhooks through the API (docs/spec/notifications-and-api.md), with private addresses refused as
// in production: create, list, read, change and delete; the secret shown once; the limit per
// project; each role's rights; the delivery log's length; a URL reaching a private address refused
// when saved and again when delivered. Deliveries themselves: webhook-delivery.test.ts.
import {
  type CreatedWebhookDto,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOKS_PER_PROJECT,
  type WebhookDeliveryDto,
  type WebhookDto,
} from "@core/schemas/webhooks";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookAttempts, webhookOutbox, webhooks } from "../db/schema";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";
import { PRIVATE_ADDRESS_MESSAGE } from "./address-guard";
import { WEBHOOK_LIMIT_MESSAGE, WEBHOOK_NOT_FOUND } from "./webhook-store";
import { startReceiver } from "./webhook-test-helpers";

const testApp = setupTestApp({ config: { webhooksAllowPrivate: false, webhookPollMilliseconds: 50 } });
const team = setupTeam(testApp);
const { owner, admin, editor, viewer, outsider } = team;

// Public addresses written as addresses, so saving one asks no DNS server. No test here writes to a
// project with such a webhook: nothing is sent to them.
const PUBLIC_URL = "https://203.0.113.7/hooks/planner";
const OTHER_PUBLIC_URL = "https://198.51.100.20/other";

const listUrl = (projectId: number) => `/api/projects/${projectId}/webhooks`;
const oneUrl = (projectId: number, webhookId: number) => `${listUrl(projectId)}/${webhookId}`;

async function create(client: Client, projectId: number, body: unknown = {}) {
  return sendJson(client, "POST", listUrl(projectId), {
    url: PUBLIC_URL,
    events: ["task.created"],
    ...(body as object),
  });
}

async function created(client: Client, projectId: number, body: unknown = {}) {
  const response = await create(client, projectId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedWebhookDto>();
}

describe("managing a project's webhooks", () => {
  it("creates a webhook answering its signing secret once, then lists, reads, changes and deletes it", async () => {
    const project = await team.sharedProject();
    const made = await created(admin, project.id, {
      events: ["task.created", "task.updated", "task.created"],
    });
    expect(made).toEqual({
      id: expect.any(Number),
      projectId: project.id,
      url: PUBLIC_URL,
      events: ["task.created", "task.updated"],
      active: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      pending: 0,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [stored] = await testApp.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(stored.secret).toBe(made.secret);
    expect(stored.createdBy).toBe(admin.user.id);

    const { secret: _secret, ...shown } = made;
    const list = await sendJson(owner, "GET", listUrl(project.id));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([shown]);
    expect(list.body).not.toContain(made.secret);
    const one = await sendJson(owner, "GET", oneUrl(project.id, made.id));
    expect(one.json()).toEqual(shown);
    expect(one.body).not.toContain(made.secret);

    const patched = await sendJson(owner, "PATCH", oneUrl(project.id, made.id), {
      url: OTHER_PUBLIC_URL,
      events: ["dependency.created"],
      active: false,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<WebhookDto>()).toEqual({
      ...shown,
      url: OTHER_PUBLIC_URL,
      events: ["dependency.created"],
      active: false,
    });
    // A part alone changes that part.
    const reactivated = await sendJson(admin, "PATCH", oneUrl(project.id, made.id), { active: true });
    expect(reactivated.json<WebhookDto>()).toMatchObject({ url: OTHER_PUBLIC_URL, active: true });
    const secretAfter = await testApp.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(secretAfter[0].secret).toBe(made.secret);

    const deleted = await sendJson(admin, "DELETE", oneUrl(project.id, made.id));
    expect(deleted.statusCode).toBe(204);
    expect((await sendJson(owner, "GET", listUrl(project.id))).json()).toEqual([]);
    expect((await sendJson(owner, "GET", oneUrl(project.id, made.id))).statusCode).toBe(404);
  });

  it("gives each webhook a secret of its own", async () => {
    const project = await team.sharedProject();
    const first = await created(owner, project.id);
    const second = await created(owner, project.id);
    expect(first.secret).not.toBe(second.secret);
  });

  it("refuses a URL or events the schema does not allow, naming the field", async () => {
    const project = await team.sharedProject();
    for (const body of [
      { url: "ftp://203.0.113.7/", events: ["task.created"] },
      { url: "https://user:pass@203.0.113.7/", events: ["task.created"] },
      { url: "not a url", events: ["task.created"] },
      { url: PUBLIC_URL, events: [] },
      { url: PUBLIC_URL, events: ["task.exploded"] },
      { url: PUBLIC_URL },
      { url: PUBLIC_URL, events: ["task.created"], secret: "mine" },
    ]) {
      const response = await sendJson(owner, "POST", listUrl(project.id), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/url|events|secret|key/i);
    }
    expect((await sendJson(owner, "GET", listUrl(project.id))).json()).toEqual([]);
  });

  it(`allows at most ${WEBHOOKS_PER_PROJECT} webhooks per project (409)`, async () => {
    const project = await team.sharedProject();
    await Promise.all(Array.from({ length: WEBHOOKS_PER_PROJECT }, () => created(owner, project.id)));
    const refused = await create(owner, project.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: WEBHOOK_LIMIT_MESSAGE, code: "webhook_limit" });
    expect((await sendJson(owner, "GET", listUrl(project.id))).json<WebhookDto[]>()).toHaveLength(
      WEBHOOKS_PER_PROJECT,
    );
  });
});

describe("who may manage webhooks", () => {
  it("lets owners and admins, refuses editors and viewers (403) and hides the project from others (404)", async () => {
    const project = await team.sharedProject();
    const made = await created(owner, project.id);
    for (const client of [editor, viewer]) {
      const calls = [
        create(client, project.id),
        sendJson(client, "GET", listUrl(project.id)),
        sendJson(client, "GET", oneUrl(project.id, made.id)),
        sendJson(client, "PATCH", oneUrl(project.id, made.id), { active: false }),
        sendJson(client, "DELETE", oneUrl(project.id, made.id)),
        sendJson(client, "GET", `${oneUrl(project.id, made.id)}/deliveries`),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: expect.any(String), code: "forbidden" });
      }
    }
    for (const response of await Promise.all([
      create(outsider, project.id),
      sendJson(outsider, "GET", oneUrl(project.id, made.id)),
      sendJson(outsider, "DELETE", oneUrl(project.id, made.id)),
    ]))
      expect(response.statusCode).toBe(404);
    const [still] = await testApp.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(still.active).toBe(true);
  });

  it("does not find a webhook through another project, even one the caller manages", async () => {
    const project = await team.sharedProject();
    const other = await team.sharedProject("Other plan");
    const made = await created(owner, project.id);
    for (const [method, suffix] of [
      ["GET", ""],
      ["PATCH", ""],
      ["DELETE", ""],
      ["GET", "/deliveries"],
    ] as const) {
      const response = await sendJson(
        owner,
        method,
        `${oneUrl(other.id, made.id)}${suffix}`,
        method === "PATCH" ? { active: false } : undefined,
      );
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(WEBHOOK_NOT_FOUND);
    }
    expect((await sendJson(owner, "GET", oneUrl(project.id, made.id))).json<WebhookDto>().active).toBe(true);
  });
});

describe("private and loopback addresses", () => {
  const refusedUrls = [
    "http://127.0.0.1:9/",
    "http://10.0.0.1/",
    "http://localhost:8080/hook",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://2130706433/",
  ];

  it("refuses to save a webhook whose host is or resolves to one (400 naming url)", async () => {
    const project = await team.sharedProject();
    for (const url of refusedUrls) {
      const response = await create(owner, project.id, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(PRIVATE_ADDRESS_MESSAGE);
    }
    const made = await created(owner, project.id);
    const patched = await sendJson(owner, "PATCH", oneUrl(project.id, made.id), {
      url: "http://127.0.0.1:9/",
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json<{ message: string }>().message).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect((await sendJson(owner, "GET", listUrl(project.id))).json<WebhookDto[]>()).toEqual([
      expect.objectContaining({ id: made.id, url: PUBLIC_URL }),
    ]);
  });

  it("refuses again when delivering: an address that became private is a failed attempt, nothing sent", async () => {
    const receiver = await startReceiver();
    try {
      const project = await team.sharedProject();
      // As if its name resolved to a public address when it was saved.
      const [webhook] = await testApp.database.db
        .insert(webhooks)
        .values({ projectId: project.id, url: receiver.url, events: ["task.created"], secret: "s" })
        .returning();
      const write = await sendJson(editor, "POST", `/api/projects/${project.id}/tasks`, { name: "Quiet" });
      expect(write.statusCode).toBe(201);
      const log = async () =>
        (await sendJson(owner, "GET", `${oneUrl(project.id, webhook.id)}/deliveries`)).json<
          WebhookDeliveryDto[]
        >();
      await expect.poll(async () => (await log()).length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect((await log())[0]).toMatchObject({
        event: "task.created",
        status: "failed",
        responseCode: null,
        error: PRIVATE_ADDRESS_MESSAGE,
      });
      expect(receiver.received).toEqual([]);
      const [waiting] = await testApp.database.db
        .select()
        .from(webhookOutbox)
        .where(eq(webhookOutbox.webhookId, webhook.id));
      expect(waiting.attempts).toBe(1);
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect((await sendJson(owner, "GET", oneUrl(project.id, webhook.id))).json<WebhookDto>().pending).toBe(
        1,
      );
    } finally {
      await receiver.close();
    }
  });
});

describe("the delivery log", () => {
  it(`answers the last ${WEBHOOK_DELIVERIES_SHOWN} attempts, newest first`, async () => {
    const project = await team.sharedProject();
    const made = await created(owner, project.id);
    await testApp.database.db.insert(webhookAttempts).values(
      Array.from({ length: 150 }, (_, index) => ({
        webhookId: made.id,
        deliveryId: `delivery-${index}`,
        eventType: "task.created",
        status: index % 2 === 0 ? "delivered" : "failed",
        responseCode: index % 2 === 0 ? 200 : 503,
        durationMs: index,
        error: index % 2 === 0 ? null : "answered 503",
      })),
    );
    const response = await sendJson(admin, "GET", `${oneUrl(project.id, made.id)}/deliveries`);
    expect(response.statusCode).toBe(200);
    const log = response.json<WebhookDeliveryDto[]>();
    expect(log).toHaveLength(WEBHOOK_DELIVERIES_SHOWN);
    expect(log[0]).toEqual({
      id: expect.any(Number),
      deliveryId: "delivery-149",
      event: "task.created",
      at: expect.stringMatching(/Z$/),
      status: "failed",
      responseCode: 503,
      durationMs: 149,
      error: "answered 503",
    });
    expect(log.at(-1)?.deliveryId).toBe("delivery-50");
    expect(log.map((entry) => entry.id)).toEqual([...log.map((entry) => entry.id)].sort((a, b) => b - a));
  });
});
