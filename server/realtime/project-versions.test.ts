// A project's version (docs/decisions/029-events-carry-the-change.md): every published change takes
// the next one, the
// stream tells it when it opens, and the project answer's ETag names it, with 304 for a copy that
// is still current.
import type { StreamMessage } from "@core/schemas/events";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projects, tasks } from "../db/schema";
import { openStream } from "../test/event-stream-reader";
import { createProjectFor, createTaskIn, shareProject } from "../test/factories";
import { setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp({ listen: true });
const [owner, viewer] = setupClients(testApp, 2);

const send = (method: "PUT" | "POST" | "DELETE", url: string, payload?: unknown) =>
  owner.inject({
    method,
    url,
    ...(payload === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) }),
  });

const storedVersion = async (projectId: number) =>
  (
    await testApp.database.db
      .select({ version: projects.version })
      .from(projects)
      .where(eq(projects.id, projectId))
  )[0].version;

describe("the project's version", () => {
  it("grows by one with each published change, and each event carries it", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const first = await createTaskIn(testApp, project);
    const stream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
    });
    const hello = await stream.waitFor((message) => message.type === "version");
    expect(hello).toEqual({ type: "version", projectId: project.id, version: 0 });

    expect((await send("PUT", `/api/tasks/${first.id}`, { name: "Renamed" })).statusCode).toBe(200);
    const created = await send("POST", `/api/projects/${project.id}/tasks`, { name: "Second" });
    expect(created.statusCode).toBe(201);
    const second = created.json() as { id: number };
    expect(
      (
        await send("POST", "/api/dependencies", {
          sourceTaskId: first.id,
          targetTaskId: second.id,
        })
      ).statusCode,
    ).toBe(201);
    expect((await send("DELETE", `/api/tasks/${second.id}`)).statusCode).toBe(204);

    const isChange = (message: StreamMessage) => "version" in message && message.type !== "version";
    await expect.poll(() => stream.messages.filter(isChange).length).toBe(4);
    const changes = stream.messages.filter(isChange) as { type: string; version?: number }[];
    expect(changes.map((change) => [change.type, change.version])).toEqual([
      ["task.updated", 1],
      ["task.created", 2],
      ["dependency.created", 3],
      ["task.deleted", 4],
    ]);
    expect(await storedVersion(project.id)).toBe(4);
    stream.close();

    // A stream opened now says 4: a client holding version 4 has nothing to fetch.
    const again = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
    });
    expect(await again.waitFor((message) => message.type === "version")).toMatchObject({ version: 4 });
    again.close();
  });

  it("is in the project answer", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const task = await createTaskIn(testApp, project);
    await send("PUT", `/api/tasks/${task.id}`, { name: "Renamed" });
    const answer = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
    expect(answer.json().project.version).toBe(1);
  });
});

describe("ETag of GET /api/projects/{id}", () => {
  const read = (client: typeof owner, projectId: number, etag?: string) =>
    client.inject({
      method: "GET",
      url: `/api/projects/${projectId}`,
      headers: etag ? { "if-none-match": etag } : {},
    });

  it("answers 304 with no body to a copy that is current, and 200 once anything it shows changed", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const task = await createTaskIn(testApp, project);
    const first = await read(owner, project.id);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");

    const unchanged = await read(owner, project.id, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);
    // A list of tags, and the strong form of the same tag, match too.
    expect((await read(owner, project.id, `"other", ${etag.slice(2)}`)).statusCode).toBe(304);

    // An edit through the API: a new version, a new tag.
    await send("PUT", `/api/tasks/${task.id}`, { name: "Renamed" });
    const edited = await read(owner, project.id, etag);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().tasks[0].name).toBe("Renamed");
    const editedTag = edited.headers.etag as string;
    expect(editedTag).not.toBe(etag);

    // A change no event announced (written straight to the table) still changes the tag: the
    // tasks' version moves with the row.
    await testApp.database.db
      .update(tasks)
      .set({ name: sql`'Changed underneath'` })
      .where(eq(tasks.id, task.id));
    const underneath = await read(owner, project.id, editedTag);
    expect(underneath.statusCode).toBe(200);
    expect(underneath.json().tasks[0].name).toBe("Changed underneath");

    // The caller's own preferred view is in the answer, so in the tag.
    const beforeView = underneath.headers.etag as string;
    expect(
      (await send("PUT", `/api/projects/${project.id}/preferred-view`, { view: "gantt" })).statusCode,
    ).toBeLessThan(300);
    expect((await read(owner, project.id, beforeView)).statusCode).toBe(200);
  });

  it("differs between members of different roles", async () => {
    const project = await createProjectFor(testApp, owner.user);
    await shareProject(testApp, project, viewer.user, "viewer");
    const ownerTag = (await read(owner, project.id)).headers.etag as string;
    const viewerAnswer = await read(viewer, project.id, ownerTag);
    expect(viewerAnswer.statusCode).toBe(200);
    expect(viewerAnswer.json().accessLevel).toBe("viewer");
  });
});
