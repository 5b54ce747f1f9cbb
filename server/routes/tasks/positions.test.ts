import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tasks } from "../../db/schema";
import { createProjectFor, createTaskIn, shareProject } from "../../test/factories";
import { type Client, setupClients, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const [owner, viewer, outsider] = setupClients(testApp, 3);

const put = (client: Client, projectId: number, payload: unknown) =>
  client.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/tasks/positions`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

const positionOf = async (id: number) => {
  const [task] = await testApp.database.db.select().from(tasks).where(eq(tasks.id, id));
  return { x: task.positionX, y: task.positionY };
};

describe("PUT /api/projects/{id}/tasks/positions", () => {
  it("saves every position in one request", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const first = await createTaskIn(testApp, project);
    const second = await createTaskIn(testApp, project);
    const response = await put(owner, project.id, {
      positions: [
        { taskId: first.id, positionX: 0, positionY: 0 },
        { taskId: second.id, positionX: 380.5, positionY: -140 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    expect(await positionOf(first.id)).toEqual({ x: 0, y: 0 });
    expect(await positionOf(second.id)).toEqual({ x: 380.5, y: -140 });
  });

  it("saves nothing when one task belongs to another project", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const mine = await createTaskIn(testApp, project, { positionX: 1, positionY: 1 });
    const elsewhere = await createTaskIn(testApp, await createProjectFor(testApp, owner.user));
    const response = await put(owner, project.id, {
      positions: [
        { taskId: mine.id, positionX: 500, positionY: 500 },
        { taskId: elsewhere.id, positionX: 9, positionY: 9 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Some of these tasks are not in this project; no position was saved.",
    );
    expect(await positionOf(mine.id)).toEqual({ x: 1, y: 1 });
    expect(await positionOf(elsewhere.id)).toEqual({ x: null, y: null });
  });

  it("refuses duplicates, bad numbers, viewers and outsiders", async () => {
    const project = await createProjectFor(testApp, owner.user);
    await shareProject(testApp, project, viewer.user, "viewer");
    const task = await createTaskIn(testApp, project);
    const entry = { taskId: task.id, positionX: 1, positionY: 2 };
    expect((await put(owner, project.id, { positions: [entry, entry] })).statusCode).toBe(400);
    const notNumber = await put(owner, project.id, { positions: [{ ...entry, positionX: "1" }] });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().field).toBe("positions.0.positionX");
    expect((await put(owner, project.id, { positions: [] })).json().message).toBe(
      "positions must not be empty.",
    );
    expect((await put(viewer, project.id, { positions: [entry] })).statusCode).toBe(403);
    expect((await put(outsider, project.id, { positions: [entry] })).statusCode).toBe(404);
    expect(await positionOf(task.id)).toEqual({ x: null, y: null });
  });

  it("places 25,000 tasks in one request, past a statement's 65,535 parameters", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const created = await testApp.database.db
      .insert(tasks)
      .values(
        Array.from({ length: 25_000 }, (_, index) => ({ projectId: project.id, name: `Task ${index}` })),
      )
      .returning({ id: tasks.id });
    const positions = created.map(({ id }, index) => ({
      taskId: id,
      positionX: index * 380,
      positionY: -index / 2,
    }));
    const response = await put(owner, project.id, { positions });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 25_000 });
    expect(await positionOf(created[0].id)).toEqual({ x: 0, y: 0 });
    expect(await positionOf(created[24_999].id)).toEqual({ x: 24_999 * 380, y: -24_999 / 2 });
    const tooMany = await put(owner, project.id, {
      positions: Array.from({ length: 50_001 }, (_, index) => ({
        taskId: index + 1,
        positionX: 0,
        positionY: 0,
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("positions may hold at most 50000 entries.");
    const tooLarge = await owner.inject({
      method: "PUT",
      url: `/api/projects/${project.id}/tasks/positions`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ positions: [], padding: "x".repeat(5 * 1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe("Request body is larger than 4 MiB.");
  });
});
