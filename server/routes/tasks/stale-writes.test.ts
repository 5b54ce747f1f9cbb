// PUT /api/tasks/{id} with baseUpdatedAt: a write made on an older version of the task is refused
// with 409 `stale` and the task as it is, and nothing changes; without it, writes apply as before.
import { STALE_TASK_MESSAGE } from "@core/schemas/tasks";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dependencies, tasks } from "../../db/schema";
import { createDependencyIn, createProjectFor, createTaskIn } from "../../test/factories";
import { jsonRequest as json, setupTeam, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const team = setupTeam(testApp);
const { owner, editor, sharedProject } = team;

const storedTask = async (id: number) => {
  const [row] = await testApp.database.db.select().from(tasks).where(eq(tasks.id, id));
  return row;
};

describe("PUT /api/tasks/{id} with baseUpdatedAt", () => {
  it("applies a write made on the task's current version, and answers the new updatedAt", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, { name: "Survey" });
    const response = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, {
        name: "Site survey",
        baseUpdatedAt: task.updatedAt.toISOString(),
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe("Site survey");
    const stored = await storedTask(task.id);
    expect(stored.name).toBe("Site survey");
    expect(response.json().updatedAt).toBe(stored.updatedAt.toISOString());
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(task.updatedAt.getTime());
  });

  it("refuses a second write on the same version with 409 stale and the other's values, changing nothing", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, { name: "Demolition", description: "Walls" });
    // Stored a millisecond apart at least, so the two versions differ.
    await testApp.database.db
      .update(tasks)
      .set({ updatedAt: new Date(task.updatedAt.getTime() - 5_000) })
      .where(eq(tasks.id, task.id));
    const opened = await storedTask(task.id);
    const base = opened.updatedAt.toISOString();

    const first = await owner.inject(
      json("PUT", `/api/tasks/${task.id}`, { name: "Strip out", baseUpdatedAt: base }),
    );
    expect(first.statusCode).toBe(200);

    const second = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, {
        name: "Knock through",
        description: "Mine",
        baseUpdatedAt: base,
      }),
    );
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body).toEqual({ message: STALE_TASK_MESSAGE, code: "stale", task: first.json() });
    const stored = await storedTask(task.id);
    expect(stored.name).toBe("Strip out");
    expect(stored.description).toBe("Walls");

    // Sent again on the version the 409 showed, it applies.
    const again = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { name: "Knock through", baseUpdatedAt: body.task.updatedAt }),
    );
    expect(again.statusCode).toBe(200);
    expect((await storedTask(task.id)).name).toBe("Knock through");
  });

  it("compares to the millisecond a version stored with microseconds (a reorder's or a drag's now())", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project);
    await testApp.database.db.execute(
      sql`update ${tasks} set updated_at = '2026-03-04T05:06:07.123456Z' where id = ${task.id}`,
    );
    const stored = await storedTask(task.id);
    expect(stored.updatedAt.toISOString()).toBe("2026-03-04T05:06:07.123Z");
    const response = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { name: "Renamed", baseUpdatedAt: "2026-03-04T05:06:07.123Z" }),
    );
    expect(response.statusCode).toBe(200);
    const stale = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { name: "Again", baseUpdatedAt: "2026-03-04T05:06:07.123Z" }),
    );
    expect(stale.statusCode).toBe(409);
  });

  it("rolls back a refused move: the task keeps its project and its dependencies", async () => {
    const project = await sharedProject();
    const target = await createProjectFor(testApp, editor.user);
    const prerequisite = await createTaskIn(testApp, project);
    const task = await createTaskIn(testApp, project);
    await createDependencyIn(testApp, prerequisite, task);
    const old = new Date(task.updatedAt.getTime() - 60_000).toISOString();
    const response = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { projectId: target.id, baseUpdatedAt: old }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().task.projectId).toBe(project.id);
    expect((await storedTask(task.id)).projectId).toBe(project.id);
    const edges = await testApp.database.db
      .select()
      .from(dependencies)
      .where(eq(dependencies.targetTaskId, task.id));
    expect(edges).toHaveLength(1);
  });

  it("applies a write without baseUpdatedAt whatever changed before (API callers, position drags)", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project);
    await owner.inject(json("PUT", `/api/tasks/${task.id}`, { name: "First" }));
    const response = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { positionX: 40, positionY: 80 }),
    );
    expect(response.statusCode).toBe(200);
    expect(await storedTask(task.id)).toMatchObject({ name: "First", positionX: 40, positionY: 80 });
  });

  it.each([
    ["not a date", "yesterday"],
    ["a date without a time", "2026-03-04"],
    ["a number", 1_700_000_000_000],
    ["null", null],
  ])("refuses a baseUpdatedAt that is %s with 400, naming the field", async (_case, value) => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project, { name: "Untouched" });
    const response = await editor.inject(
      json("PUT", `/api/tasks/${task.id}`, { name: "Changed", baseUpdatedAt: value }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("baseUpdatedAt");
    expect((await storedTask(task.id)).name).toBe("Untouched");
  });

  it("checks access before the version: a stale write by a viewer is 403, by a stranger 404", async () => {
    const project = await sharedProject();
    const task = await createTaskIn(testApp, project);
    const { viewer, outsider } = team;
    const old = new Date(0).toISOString();
    expect(
      (await viewer.inject(json("PUT", `/api/tasks/${task.id}`, { name: "x", baseUpdatedAt: old })))
        .statusCode,
    ).toBe(403);
    expect(
      (await outsider.inject(json("PUT", `/api/tasks/${task.id}`, { name: "x", baseUpdatedAt: old })))
        .statusCode,
    ).toBe(404);
  });
});
