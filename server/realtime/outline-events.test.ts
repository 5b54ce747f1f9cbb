// Events of the outline's writes (tasks made under a parent, moves, indent and outdent, a summary
// deleted with its subtree and brought back, a summary's start-no-earlier-than, progress under a
// summary), applied in version order to a copy read before, leave it equal to a fresh read: the
// outline fields of tasks no event carried and the summaries' rolled-up schedules, progress,
// completion and status included.
import { applyProjectEvent } from "@core/events/apply-event";
import type { ProjectEvent } from "@core/schemas/events";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries } from "../db/schema";
import { openStream, type StreamReader } from "../test/event-stream-reader";
import { createProjectFor } from "../test/factories";
import { sendJson, setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp({ listen: true });
const [owner] = setupClients(testApp, 1);

const send = async (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: unknown) => {
  const response = await sendJson(owner, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.body ? response.json() : undefined;
};

const changesOf = (stream: StreamReader) =>
  stream.messages.filter((message): message is ProjectEvent & { id: string } => "id" in message);

const comparable = (detail: ProjectDetailDto) => ({
  ...detail,
  project: { ...detail.project, lastViewedAt: null },
});

describe("the outline's events", () => {
  it("applied in order, leave a copy equal to a fresh read", async () => {
    const project = await createProjectFor(testApp, owner.user, { startDate: "2026-03-02" });
    const tasksUrl = `/api/projects/${project.id}/tasks`;
    const prep = await send("POST", tasksUrl, { name: "Prep", duration: 3 });
    const design = await send("POST", tasksUrl, { name: "Design" });
    let copy = (await send("GET", `/api/projects/${project.id}`)) as ProjectDetailDto;
    const stream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
    });
    await stream.waitFor((message) => message.type === "version");

    const sketch = await send("POST", tasksUrl, { name: "Sketch", duration: 2, parentId: design.id });
    const review = await send("POST", tasksUrl, { name: "Review", duration: 1 });
    const build = await send("POST", tasksUrl, { name: "Build", duration: 2 });
    await send("POST", "/api/dependencies", { sourceTaskId: prep.id, targetTaskId: design.id });
    await send("POST", `/api/projects/${project.id}/outline`, { taskIds: [review.id], action: "indent" });
    await send("PUT", `/api/tasks/${build.id}`, { parentId: design.id, order: 0 });
    await send("PUT", `/api/tasks/${design.id}`, { startNoEarlierThan: "2026-03-16" });
    await send("POST", `/api/projects/${project.id}/outline`, { taskIds: [sketch.id], action: "outdent" });
    await send("DELETE", `/api/tasks/${design.id}`);
    const [deleted] = await testApp.database.db
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.action, "task.deleted"))
      .orderBy(asc(activityEntries.id));
    await send("POST", `/api/activity/${deleted.id}/undo`);
    // Progress under Design: it rolls up, in the events' copy as in a fresh read.
    await send("PUT", `/api/tasks/${build.id}`, { percentComplete: 50 });
    await send("PUT", `/api/tasks/${review.id}`, { completed: true });

    const fresh = (await send("GET", `/api/projects/${project.id}`)) as ProjectDetailDto;
    await expect
      .poll(() => Math.max(0, ...changesOf(stream).map((event) => event.version ?? 0)), { timeout: 5000 })
      .toBe(fresh.project.version);
    for (const event of changesOf(stream).sort((a, b) => (a.version ?? 0) - (b.version ?? 0)))
      copy = applyProjectEvent(copy, event);
    expect(comparable(copy)).toEqual(comparable(fresh));
    const byName = new Map(fresh.tasks.map((task) => [task.name, task]));
    // (2 days x 50 + 1 day x 100) / 3 days; started, not every leaf done.
    expect(byName.get("Design")).toMatchObject({
      summary: true,
      wbs: "2",
      percentComplete: 66,
      completed: false,
      status: "in-progress",
    });
    expect(byName.get("Build")).toMatchObject({ parentId: design.id, wbs: "2.1" });
    expect(byName.get("Sketch")).toMatchObject({ parentId: null, wbs: "3" });

    // Its last leaf done, Design is completed.
    await send("PUT", `/api/tasks/${build.id}`, { completed: true });
    const done = (await send("GET", `/api/projects/${project.id}`)) as ProjectDetailDto;
    await expect
      .poll(() => Math.max(0, ...changesOf(stream).map((event) => event.version ?? 0)), { timeout: 5000 })
      .toBe(done.project.version);
    const last = changesOf(stream).find((event) => event.version === done.project.version);
    copy = applyProjectEvent(copy, last as ProjectEvent);
    expect(comparable(copy)).toEqual(comparable(done));
    expect(done.tasks.find((task) => task.id === design.id)).toMatchObject({
      percentComplete: 100,
      completed: true,
      status: "completed",
    });
    stream.close();
  });
});
