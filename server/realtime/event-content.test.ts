// Events carry the change (docs/decisions/029-events-carry-the-change.md): the rows a write created
// or updated as the
// project answer shows them, the ids it deleted, the tasks it moved; applied in version order to a
// copy read before, they leave it equal to a fresh read, schedules and floats included.
import { applyProjectEvent } from "@core/events/apply-event";
import type { ProjectEvent } from "@core/schemas/events";
import type { ProjectDetailDto } from "@core/schemas/projects";
import type { PublicProjectDto } from "@core/schemas/sharing";
import { describe, expect, it } from "vitest";
import { openStream, type StreamReader } from "../test/event-stream-reader";
import { createCategoryIn, createProjectFor, createTaskIn, publishProject } from "../test/factories";
import { sendJson, setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp({ listen: true });
const [owner] = setupClients(testApp, 1);

const send = (method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH", url: string, payload?: unknown) =>
  sendJson(owner, method, url, payload);

const changesOf = (stream: StreamReader) =>
  stream.messages.filter((message): message is ProjectEvent & { id: string } => "id" in message);

/** The events up to `version`, once they all arrived, in version order. */
async function eventsUpTo(stream: StreamReader, version: number) {
  await expect
    .poll(() => changesOf(stream).filter((event) => (event.version ?? 0) <= version).length, {
      timeout: 5000,
    })
    .toBe(version - (stream.messages.find((m) => m.type === "version") as { version: number }).version);
  return changesOf(stream).sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
}

/** The answer without the reader's own last visit, which every read records. */
const comparable = (detail: ProjectDetailDto) => ({
  ...detail,
  project: { ...detail.project, lastViewedAt: null },
});

describe("what an event carries", () => {
  it("a rename carries the whole task with its schedule, and the next version", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const task = await createTaskIn(testApp, project, { name: "Draft", duration: 3 });
    const stream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
    });
    await stream.waitFor((message) => message.type === "version");
    expect((await send("PUT", `/api/tasks/${task.id}`, { name: "Final draft" })).statusCode).toBe(200);
    const event = (await stream.waitFor((message) => message.type === "task.updated")) as ProjectEvent;
    const detail = (await send("GET", `/api/projects/${project.id}`)).json() as ProjectDetailDto;
    expect(event.version).toBe(1);
    expect(event.tasks).toEqual([detail.tasks[0]]);
    expect(event.tasks?.[0]).toMatchObject({
      name: "Final draft",
      schedule: { totalFloat: 0, critical: true },
    });
    expect(event.finish).toBe(detail.schedule.finish);
    expect(event.deletedTaskIds).toBeUndefined();
    stream.close();
  });

  it("applied in order, a run of writes leaves a copy equal to a fresh read", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const other = await createProjectFor(testApp, owner.user, { name: "Elsewhere" });
    const design = await createCategoryIn(testApp, project, "Design");
    const a = await createTaskIn(testApp, project, { name: "A", duration: 3, order: 1 });
    const b = await createTaskIn(testApp, project, { name: "B", duration: 2, order: 2 });
    const c = await createTaskIn(testApp, project, { name: "C", order: 3, categoryId: design.id });
    const d = await createTaskIn(testApp, project, { name: "D", duration: 4, order: 4 });
    // Never written: only its float moves, with the project's finish.
    await createTaskIn(testApp, project, { name: "F", duration: 1, order: 9 });
    let copy = (await send("GET", `/api/projects/${project.id}`)).json() as ProjectDetailDto;
    const stream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: owner.cookie,
    });
    await stream.waitFor((message) => message.type === "version");

    const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
      const answered = await response;
      expect(answered.statusCode, answered.body).toBeLessThan(300);
      return answered;
    };
    await ok(send("PUT", `/api/tasks/${a.id}`, { name: "A renamed" }));
    const ab = (await ok(send("POST", "/api/dependencies", { sourceTaskId: a.id, targetTaskId: b.id }))) as {
      body: string;
    };
    await ok(send("POST", "/api/dependencies", { sourceTaskId: b.id, targetTaskId: d.id }));
    await ok(send("PUT", `/api/tasks/${a.id}`, { duration: 5 })); // moves B and D
    const created = JSON.parse(
      (await ok(send("POST", `/api/projects/${project.id}/tasks`, { name: "E", duration: 1 }))).body,
    ) as { id: number };
    await ok(
      send("PUT", `/api/projects/${project.id}/tasks/positions`, {
        positions: [{ taskId: b.id, positionX: 40, positionY: 80 }],
      }),
    );
    await ok(
      send("PUT", `/api/projects/${project.id}/tasks/reorder`, {
        taskOrders: [
          { taskId: d.id, order: 0 },
          { taskId: a.id, order: 7 },
        ],
      }),
    );
    await ok(send("DELETE", `/api/categories/${design.id}`)); // C loses its category
    await ok(send("PATCH", `/api/projects/${project.id}`, { holidays: [copy.project.startDate] })); // moves all
    await ok(send("PUT", `/api/dependencies/${JSON.parse(ab.body).id}`, { lag: 2 }));
    await ok(send("PUT", `/api/tasks/${c.id}`, { projectId: other.id })); // leaves the project
    await ok(send("PUT", `/api/tasks/${b.id}`, { completed: true, completedAt: new Date().toISOString() }));
    await ok(send("DELETE", `/api/tasks/${a.id}`)); // takes A→B with it; B and D start earlier
    await ok(send("PUT", `/api/tasks/${created.id}`, { duration: null }));

    const fresh = (await send("GET", `/api/projects/${project.id}`)).json() as ProjectDetailDto;
    for (const event of await eventsUpTo(stream, fresh.project.version))
      copy = applyProjectEvent(copy, event);
    expect(comparable(copy)).toEqual(comparable(fresh));
    expect(fresh.tasks.map((task) => task.name)).toEqual(["D", "B", "F", "E"]);
    // F's float moved after the last event that carried F: the copy computed it.
    const carriedF = changesOf(stream)
      .flatMap((event) => event.tasks ?? [])
      .filter((task) => task.name === "F")
      .at(-1);
    expect(carriedF?.schedule?.totalFloat).not.toBe(
      fresh.tasks.find((task) => task.name === "F")?.schedule?.totalFloat,
    );
    expect(fresh.tasks.find((task) => task.id === d.id)?.schedule?.totalFloat).toBe(0);
    stream.close();
  });

  it("a public viewer's copy follows too, categories included, without the project's private fields", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const link = await publishProject(testApp, project);
    const task = await createTaskIn(testApp, project, { name: "Public", duration: 2 });
    const url = `${testApp.baseUrl}/api/share/${link.token}`;
    let copy = (await (await fetch(url)).json()) as PublicProjectDto;
    const stream = await openStream(`${url}/events`);
    await stream.waitFor((message) => message.type === "version");

    const category = JSON.parse(
      (await send("POST", `/api/projects/${project.id}/categories`, { name: "Build", color: "#112233" }))
        .body,
    ) as { id: number };
    await send("PUT", `/api/tasks/${task.id}`, { categoryId: category.id, duration: 4 });
    await send("PUT", `/api/projects/${project.id}`, { name: "Renamed in public" });
    const updated = (await stream.waitFor((message) => message.type === "project.updated")) as ProjectEvent;
    expect(Object.keys(updated.project ?? {}).sort()).toEqual(
      [
        "createdAt",
        "description",
        "holidays",
        "id",
        "name",
        "startDate",
        "statusDate",
        "updatedAt",
        "version",
        "workingDays",
      ].sort(),
    );

    const fresh = (await (await fetch(url)).json()) as PublicProjectDto;
    for (const event of await eventsUpTo(stream, fresh.project.version))
      copy = applyProjectEvent(copy, event);
    expect(copy).toEqual(fresh);
    expect(fresh.categories.map((each) => each.name)).toEqual(["Build"]);
    stream.close();
  });

  it("an edit that moves nothing computes no schedule once one is kept", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const task = await createTaskIn(testApp, project, { name: "One", duration: 2 });
    await send("PUT", `/api/tasks/${task.id}`, { name: "Warm" });
    const before = testApp.app.projectSchedules.computed;
    await send("PUT", `/api/tasks/${task.id}`, { name: "Again" });
    // (Completing it would not do: its actual dates then hold its schedule.)
    await send("PUT", `/api/tasks/${task.id}`, { description: "Poured on site" });
    expect(testApp.app.projectSchedules.computed).toBe(before);
    await send("PUT", `/api/tasks/${task.id}`, { duration: 5 });
    expect(testApp.app.projectSchedules.computed).toBe(before + 1);
  });
});
