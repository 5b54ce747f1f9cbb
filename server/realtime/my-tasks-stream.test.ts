// GET /api/my-tasks/events: a user's My Tasks hears of every change to a project they can reach,
// on any of them, including one just shared with them; nothing of other people's projects.
import type { StreamMessage } from "@core/schemas/events";
import { describe, expect, it } from "vitest";
import { openStream } from "../test/event-stream-reader";
import { createProjectFor, createTaskIn, shareProject } from "../test/factories";
import { setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp({ config: { eventKeepAliveSeconds: 1 }, listen: true });
const [owner, member, stranger] = setupClients(testApp, 3);

const changed = (projectId: number) => (message: StreamMessage) =>
  (message as { type: string }).type === "changed" && message.projectId === projectId;

const put = (client: typeof owner, url: string, payload: unknown) =>
  client.inject({
    method: "PUT",
    url,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("GET /api/my-tasks/events", () => {
  it("tells a member that a shared project changed, and tells nothing of a project they cannot reach", async () => {
    const project = await createProjectFor(testApp, owner.user);
    await shareProject(testApp, project, member.user, "editor");
    const task = await createTaskIn(testApp, project);
    const theirs = await createProjectFor(testApp, stranger.user);
    const strangersTask = await createTaskIn(testApp, theirs);

    const stream = await openStream(`${testApp.baseUrl}/api/my-tasks/events`, { cookie: member.cookie });
    expect(stream.status).toBe(200);
    await stream.waitFor((message) => (message as { type: string }).type === "ready");

    expect((await put(stranger, `/api/tasks/${strangersTask.id}`, { name: "Theirs" })).statusCode).toBe(200);
    // The owner takes the member's task: the member's My Tasks must drop it.
    expect((await put(owner, `/api/tasks/${task.id}`, { assigneeId: owner.user.id })).statusCode).toBe(200);
    await stream.waitFor(changed(project.id), 5000);
    expect(stream.messages.some(changed(theirs.id))).toBe(false);
    stream.close();
  });

  it("follows a project shared after the stream opened", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const stream = await openStream(`${testApp.baseUrl}/api/my-tasks/events`, { cookie: member.cookie });
    await stream.waitFor((message) => (message as { type: string }).type === "ready");
    const invited = await owner.inject({
      method: "POST",
      url: `/api/projects/${project.id}/share`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: member.user.email, role: "editor" }),
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    await stream.waitFor(changed(project.id), 5000);
    stream.close();
  });

  it("is refused without a session", async () => {
    const response = await fetch(`${testApp.baseUrl}/api/my-tasks/events`);
    expect(response.status).toBe(401);
    await response.body?.cancel();
  });
});
