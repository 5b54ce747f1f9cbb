// The project event stream on one instance (in-process bus): members and public viewers get each
// committed change at once, can resume with Last-Event-ID, and lose the stream with their access.
import type { StreamMessage } from "@core/schemas/events";
import { describe, expect, it } from "vitest";
import { openStream } from "../test/event-stream-reader";
import { createProjectFor, createTaskIn, publishProject, shareProject } from "../test/factories";
import { loginAs, setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp({ config: { eventKeepAliveSeconds: 1 }, listen: true });
const [owner, viewer] = setupClients(testApp, 2);

const isType = (type: string, taskId?: number) => (message: StreamMessage) =>
  message.type === type &&
  (taskId === undefined || ("taskIds" in message && message.taskIds?.includes(taskId)) === true);

const updateTask = (taskId: number, payload: unknown) =>
  owner.inject({
    method: "PUT",
    url: `/api/tasks/${taskId}`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("GET /api/projects/{id}/events", () => {
  it("streams each committed change to members within a second, with ids and keep-alives", async () => {
    const project = await createProjectFor(testApp, owner.user);
    await shareProject(testApp, project, viewer.user, "viewer");
    const task = await createTaskIn(testApp, project);
    const stream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: viewer.cookie,
    });
    expect(stream.status).toBe(200);
    const presence = await stream.waitFor((message) => message.type === "presence");
    expect(presence).toMatchObject({
      projectId: project.id,
      users: [expect.objectContaining({ id: viewer.user.id })],
    });

    const started = Date.now();
    expect((await updateTask(task.id, { completed: true })).statusCode).toBe(200);
    // Pushed as the write commits (a bound no busy machine reaches, not a speed verdict).
    const event = await stream.waitFor(isType("task.updated", task.id), 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(event).toMatchObject({
      type: "task.updated",
      projectId: project.id,
      taskIds: [task.id],
      actorId: owner.user.id,
    });
    expect((event as { eventId?: string }).eventId).toMatch(/^[\w-]+$/);

    // Sent every second here; polled, since a busy machine may send it late.
    await expect.poll(() => stream.comments, { timeout: 10_000 }).toContain("keep-alive");
    stream.close();
  });

  it("replays what a reconnecting client missed after its Last-Event-ID", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const task = await createTaskIn(testApp, project);
    const first = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
    });
    await updateTask(task.id, { name: "One" });
    const seen = (await first.waitFor(isType("task.updated", task.id))) as { eventId?: string };
    first.close();

    await updateTask(task.id, { name: "Two" });
    await createTaskIn(testApp, project); // not published: written by the factory, not the API
    const resumed = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
      "last-event-id": seen.eventId as string,
    });
    const replayed = await resumed.waitFor(isType("task.updated", task.id));
    expect(replayed).not.toMatchObject({ eventId: seen.eventId });
    // The replay carries the change it missed, with the next version after the one it saw.
    expect(replayed).toMatchObject({
      version: (seen as { version: number }).version + 1,
      tasks: [{ id: task.id, name: "Two" }],
    });
    resumed.close();

    const unknown = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
      "last-event-id": "not-an-id-we-know",
    });
    expect(await unknown.waitFor((message) => message.type === "resync")).toEqual({
      type: "resync",
      projectId: project.id,
      eventId: undefined,
    });
    unknown.close();
  });

  it("ends a member's stream as soon as they are removed", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const member = await loginAs(testApp);
    const share = await shareProject(testApp, project, member.user, "editor");
    const stream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: member.cookie,
    });
    await stream.waitFor((message) => message.type === "presence");
    const removed = await owner.inject({ method: "DELETE", url: `/api/project-shares/${share.id}` });
    expect(removed.statusCode).toBe(204);
    await expect(
      Promise.race([stream.ended, new Promise((_, reject) => setTimeout(reject, 2000))]),
    ).resolves.toBe(undefined);
  });

  it("shows who has the project open", async () => {
    const project = await createProjectFor(testApp, owner.user);
    await shareProject(testApp, project, viewer.user, "viewer");
    const ownerStream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
    });
    const viewerStream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: viewer.cookie,
    });
    const both = await ownerStream.waitFor(
      (message) => message.type === "presence" && message.users.length === 2,
    );
    expect((both as { users: { id: number }[] }).users.map((user) => user.id).sort()).toEqual(
      [owner.user.id, viewer.user.id].sort(),
    );
    viewerStream.close();
    await ownerStream.waitFor((message) => message.type === "presence" && message.users.length === 1);
    ownerStream.close();
  });
});

describe("GET /api/share/{token}/events", () => {
  it("streams changes to public viewers and ends when the link is revoked", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const task = await createTaskIn(testApp, project);
    const link = await publishProject(testApp, project);
    const stream = await openStream(`${testApp.baseUrl}/api/share/${link.token}/events`);
    expect(stream.status).toBe(200);
    await updateTask(task.id, { name: "Seen in public" });
    await stream.waitFor(isType("task.updated", task.id));

    const revoked = await owner.inject({ method: "DELETE", url: `/api/projects/${project.id}/share-token` });
    expect(revoked.statusCode).toBe(200);
    await expect(
      Promise.race([stream.ended, new Promise((_, reject) => setTimeout(reject, 2000))]),
    ).resolves.toBe(undefined);
    const again = await openStream(`${testApp.baseUrl}/api/share/${link.token}/events`);
    expect(again.status).toBe(404);
  });
});
