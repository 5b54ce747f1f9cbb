// The notifications API (docs/spec/notifications-and-api.md): a page newest first for the caller
// only, marking read (someone else's ids change nothing), the channel per kind; new ones and reads
// down the user's event stream; the email of a kind set to email, with a link to the task.
import type { StreamMessage } from "@core/schemas/events";
import type {
  NotificationPreferencesDto,
  NotificationStreamMessage,
  NotificationsPageDto,
} from "@core/schemas/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMailer, type NotificationEmail } from "../lib/mailer";
import { createTask, expectStatus } from "../scheduling/scheduling-test-helpers";
import { openStream } from "../test/event-stream-reader";
import { createProjectFor, createTaskIn, shareProject } from "../test/factories";
import { type Client, loginAs, sendJson, setupTestApp } from "../test/test-app";
import { useNotificationMailer } from "./announce";
import { storeNotifications } from "./notification-store";

const PUBLIC_URL = "https://planner.example";
const testApp = setupTestApp({ listen: true, config: { publicUrl: PUBLIC_URL } });

const page = (client: Client, query = "") =>
  expectStatus<NotificationsPageDto>(client, "GET", `/api/notifications${query}`, 200);

/** A new user with `count` notifications about a task of their own project, oldest first. */
async function userWithNotifications(count: number) {
  const client = await loginAs(testApp);
  const project = await createProjectFor(testApp, client.user);
  const task = await createTaskIn(testApp, project, { name: "Pour foundation" });
  const created = await storeNotifications(
    testApp.database.db,
    Array.from({ length: count }, (_, index) => ({
      userId: client.user.id,
      kind: "task.assigned" as const,
      projectId: project.id,
      taskId: task.id,
      text: `Note ${index + 1}`,
      onceKey: `${index}`,
    })),
    { once: true },
  );
  return { client, project, task, ids: created.map((each) => each.notification.id) };
}

/** The ids of a page, newest first. */
const idsOf = (answer: NotificationsPageDto) => answer.notifications.map((each) => each.id);

describe("GET /api/notifications", () => {
  it("answers the caller's own, newest first, a page at a time, with the unread count", async () => {
    const { client, ids } = await userWithNotifications(5);
    const newest = [...ids].reverse();
    const first = await page(client, "?limit=2");
    expect(first).toMatchObject({ unreadCount: 5, hasMore: true });
    expect(idsOf(first)).toEqual(newest.slice(0, 2));
    expect(first.notifications[0]).toEqual({
      id: newest[0],
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      kind: "task.assigned",
      projectId: expect.any(Number),
      taskId: expect.any(Number),
      text: "Note 5",
      read: false,
    });
    const second = await page(client, `?limit=2&before=${newest[1]}`);
    expect(idsOf(second)).toEqual(newest.slice(2, 4));
    const last = await page(client, `?limit=2&before=${newest[3]}`);
    expect(last).toMatchObject({ hasMore: false });
    expect(idsOf(last)).toEqual(newest.slice(4));

    // Someone else sees none of them.
    const stranger = await loginAs(testApp);
    expect(await page(stranger)).toEqual({ notifications: [], unreadCount: 0, hasMore: false });
  });

  it("answers only the unread with unread=true", async () => {
    const { client, ids } = await userWithNotifications(3);
    expect(await sendJson(client, "POST", "/api/notifications/read", { ids: [ids[1]] })).toMatchObject({
      statusCode: 204,
    });
    const unread = await page(client, "?unread=true");
    expect(idsOf(unread)).toEqual([ids[2], ids[0]]);
    expect(unread.unreadCount).toBe(2);
    expect((await page(client)).notifications.find((each) => each.id === ids[1])?.read).toBe(true);
  });

  it.each([
    ["?limit=0", "limit must be an integer from 1 to 100"],
    ["?limit=101", "limit must be an integer from 1 to 100"],
    ["?before=-1", "before must be a positive integer"],
  ])("refuses %s with 400", async (query, message) => {
    const { client } = await userWithNotifications(0);
    const response = await sendJson(client, "GET", `/api/notifications${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("answers 401 without a session", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/notifications" });
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /api/notifications/read", () => {
  it("marks the caller's ids or all of them; someone else's ids change nothing and still answer 204", async () => {
    const mine = await userWithNotifications(3);
    const theirs = await userWithNotifications(2);
    const response = await sendJson(mine.client, "POST", "/api/notifications/read", {
      ids: [mine.ids[0], ...theirs.ids],
    });
    expect(response.statusCode).toBe(204);
    expect((await page(mine.client)).unreadCount).toBe(2);
    expect((await page(theirs.client)).unreadCount).toBe(2);

    await expectStatus(mine.client, "POST", "/api/notifications/read", 204, { all: true });
    expect((await page(mine.client)).unreadCount).toBe(0);
    expect((await page(theirs.client)).unreadCount).toBe(2);
  });

  it.each([[{}], [{ ids: [] }], [{ all: false }], [{ ids: [1], all: true }], [{ ids: ["x"] }]])(
    "refuses %j with 400",
    async (body) => {
      const { client } = await userWithNotifications(0);
      expect((await sendJson(client, "POST", "/api/notifications/read", body)).statusCode).toBe(400);
    },
  );
});

describe("/api/notifications/preferences", () => {
  it("answers in-app for every kind at first; PUT changes the kinds sent and keeps the others", async () => {
    const client = await loginAs(testApp);
    const everyKind = {
      "task.unblocked": "in-app",
      "task.assigned": "in-app",
      "deadline.near": "in-app",
      "deadline.missed": "in-app",
    };
    expect(await expectStatus(client, "GET", "/api/notifications/preferences", 200)).toEqual(everyKind);
    const changed = await expectStatus<NotificationPreferencesDto>(
      client,
      "PUT",
      "/api/notifications/preferences",
      200,
      { "task.assigned": "email", "deadline.near": "off" },
    );
    expect(changed).toEqual({ ...everyKind, "task.assigned": "email", "deadline.near": "off" });
    await expectStatus(client, "PUT", "/api/notifications/preferences", 200, { "task.assigned": "in-app" });
    expect(await expectStatus(client, "GET", "/api/notifications/preferences", 200)).toEqual({
      ...everyKind,
      "deadline.near": "off",
    });
    // Another user's are their own.
    expect(await expectStatus(await loginAs(testApp), "GET", "/api/notifications/preferences", 200)).toEqual(
      everyKind,
    );
  });

  it.each([[{ "task.assigned": "sms" }], [{ "task.done": "email" }]])("refuses %j with 400", async (body) => {
    const client = await loginAs(testApp);
    expect((await sendJson(client, "PUT", "/api/notifications/preferences", body)).statusCode).toBe(400);
  });
});

const isNotification = (message: StreamMessage) =>
  (message as unknown as NotificationStreamMessage).type === "notification";
const isRead = (message: StreamMessage) =>
  (message as unknown as NotificationStreamMessage).type === "notifications.read";

describe("the user's event stream", () => {
  it("carries a new notification to its user only, and which were marked read", async () => {
    const owner = await loginAs(testApp);
    const member = await loginAs(testApp);
    const project = await createProjectFor(testApp, owner.user);
    await shareProject(testApp, project, member.user, "editor");
    const stream = await openStream(`${testApp.baseUrl}/api/my-tasks/events`, { cookie: member.cookie });
    const ownersStream = await openStream(`${testApp.baseUrl}/api/my-tasks/events`, { cookie: owner.cookie });
    await stream.waitFor((message) => (message as { type: string }).type === "ready");
    await ownersStream.waitFor((message) => (message as { type: string }).type === "ready");

    const task = await createTask(owner, project.id, { name: "Pour foundation", assigneeId: member.user.id });
    const message = (await stream.waitFor(isNotification, 5000)) as unknown as NotificationStreamMessage;
    const [stored] = (await page(member)).notifications;
    expect(message).toEqual({ type: "notification", notification: stored, eventId: undefined });
    expect(stored).toMatchObject({ kind: "task.assigned", taskId: task.id });

    await expectStatus(member, "POST", "/api/notifications/read", 204, { ids: [stored.id] });
    expect(await stream.waitFor(isRead, 5000)).toMatchObject({
      type: "notifications.read",
      ids: [stored.id],
    });
    await createTask(owner, project.id, { name: "Frame walls", assigneeId: member.user.id });
    await stream.waitFor(
      (each) => isNotification(each) && stream.messages.filter(isNotification).length === 2,
      5000,
    );
    await expectStatus(member, "POST", "/api/notifications/read", 204, { all: true });
    await stream.waitFor((each) => isRead(each) && (each as unknown as { ids: unknown }).ids === "all", 5000);
    expect(ownersStream.messages.filter((each) => isNotification(each) || isRead(each))).toEqual([]);
    stream.close();
    ownersStream.close();
  });
});

describe("email", () => {
  afterEach(() => useNotificationMailer(testApp.app, createMailer(undefined, testApp.app.log)));

  it("emails a kind set to email, naming the task, the project and what happened, with a link to the task", async () => {
    const sent: NotificationEmail[] = [];
    useNotificationMailer(testApp.app, {
      sendInvitation: async () => {},
      sendNotification: async (email) => {
        sent.push(email);
      },
    });
    const owner = await loginAs(testApp);
    const member = await loginAs(testApp);
    const project = await createProjectFor(testApp, owner.user, { name: "House" });
    await shareProject(testApp, project, member.user, "editor");
    await expectStatus(member, "PUT", "/api/notifications/preferences", 200, { "task.assigned": "email" });
    const task = await createTask(owner, project.id, { name: "Pour foundation", assigneeId: member.user.id });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      to: member.user.email,
      text: expect.stringMatching(/ assigned Pour foundation to you\.$/),
      taskName: "Pour foundation",
      projectName: "House",
      taskUrl: `${PUBLIC_URL}/projects/${project.slug}/list?task=${task.id}`,
    });
    // Email is as well as in the app, not instead.
    expect((await page(member)).notifications.map((each) => each.taskId)).toEqual([task.id]);
    // In-app only (the default) sends none.
    await createTask(member, project.id, { name: "Frame walls", assigneeId: owner.user.id });
    expect((await page(owner)).notifications).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("keeps the write and the notification when the mail fails", async () => {
    let tried = 0;
    useNotificationMailer(testApp.app, {
      sendInvitation: async () => {},
      sendNotification: async () => {
        tried += 1;
        throw new Error("mail server down");
      },
    });
    const owner = await loginAs(testApp);
    const member = await loginAs(testApp);
    const project = await createProjectFor(testApp, owner.user);
    await shareProject(testApp, project, member.user, "editor");
    await expectStatus(member, "PUT", "/api/notifications/preferences", 200, { "task.assigned": "email" });
    await createTask(owner, project.id, { name: "Pour foundation", assigneeId: member.user.id });
    await vi.waitFor(() => expect(tried).toBe(1));
    expect((await page(member)).unreadCount).toBe(1);
  });
});
