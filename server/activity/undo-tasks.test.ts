// Undo and redo of task and dependency writes through the API
// (docs/decisions/030-history-activity-and-undo.md): what the
// database holds after each, the entries recorded, stale undos refused naming the field, the
// scheduler run again, and who may undo.
import type { ActivityEntryDto } from "@core/schemas/activity";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries, dependencies, type Project, tasks } from "../db/schema";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";

const testApp = setupTestApp();
const { owner, editor, viewer, outsider, sharedProject } = setupTeam(testApp);
const db = () => testApp.database.db;

async function activityOf(client: Client, project: Project, query = ""): Promise<ActivityEntryDto[]> {
  const response = await sendJson(client, "GET", `/api/projects/${project.id}/activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const undo = (client: Client, entryId: number) => sendJson(client, "POST", `/api/activity/${entryId}/undo`);

async function createTask(client: Client, project: Project, body: Record<string, unknown>) {
  const response = await sendJson(client, "POST", `/api/projects/${project.id}/tasks`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

async function link(client: Client, sourceTaskId: number, targetTaskId: number, extra = {}) {
  const response = await sendJson(client, "POST", "/api/dependencies", {
    sourceTaskId,
    targetTaskId,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

const taskRow = async (id: number) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0];

describe("task entries", () => {
  it("records create, update and delete with the actor, the changes and the scheduler's moves", async () => {
    const project = await sharedProject();
    const design = await createTask(editor, project, { name: "Design", duration: 2 });
    const build = await createTask(editor, project, { name: "Build", duration: 3 });
    await link(editor, design.id, build.id);
    const update = await sendJson(editor, "PUT", `/api/tasks/${design.id}`, {
      duration: 4,
      name: "Design v2",
    });
    expect(update.statusCode).toBe(200);

    const [latest] = await activityOf(viewer, project);
    expect(latest).toMatchObject({
      action: "task.updated",
      actor: { id: editor.user.id, name: expect.any(String) },
      taskId: design.id,
      subject: "Design v2",
      undoOf: null,
      undoneBy: null,
      isUndo: false,
      undoable: true,
    });
    expect(latest.changes.duration).toEqual([2, 4]);
    expect(latest.changes.name).toEqual(["Design", "Design v2"]);
    expect(latest.changes.updatedAt).toBeUndefined();
    // Build starts after Design: two more days of Design move it, through the link from Design.
    expect(latest.moved).toEqual([
      { id: build.id, name: "Build", from: expect.any(Object), to: expect.any(Object), by: design.id },
    ]);
    expect(latest.moved[0].to.start > latest.moved[0].from!.start).toBe(true);

    const actions = (await activityOf(owner, project)).map((entry) => entry.action);
    expect(actions).toEqual(["task.updated", "dependency.created", "task.created", "task.created"]);
  });

  it("undoes an update: fields back, the scheduler run again, the undo an entry of its own; then redo", async () => {
    const project = await sharedProject();
    const design = await createTask(editor, project, { name: "Design", duration: 2 });
    const build = await createTask(editor, project, { name: "Build", duration: 3 });
    await link(editor, design.id, build.id);
    const buildBefore = await taskRow(build.id);
    await sendJson(editor, "PUT", `/api/tasks/${design.id}`, { duration: 5 });
    const [change] = await activityOf(editor, project);

    const response = await undo(editor, change.id);
    expect(response.statusCode, response.body).toBe(200);
    const undoEntry = response.json() as ActivityEntryDto;
    expect(undoEntry).toMatchObject({
      action: "task.updated",
      undoOf: change.id,
      isUndo: true,
      taskId: design.id,
    });
    expect(undoEntry.changes.duration).toEqual([5, 2]);
    expect((await taskRow(design.id)).duration).toBe(2);
    expect((await taskRow(build.id)).startDate).toEqual(buildBefore.startDate);
    const [stored] = await db().select().from(activityEntries).where(eq(activityEntries.id, change.id));
    expect(stored.undoneBy).toBe(undoEntry.id);

    // The second undo of the same entry is refused.
    const twice = await undo(editor, change.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("already_undone");

    // Undoing the undo is redo.
    const redo = await undo(editor, undoEntry.id);
    expect(redo.statusCode, redo.body).toBe(200);
    expect(redo.json()).toMatchObject({ undoOf: undoEntry.id, isUndo: false });
    expect((await taskRow(design.id)).duration).toBe(5);
    expect((await taskRow(build.id)).startDate?.getTime()).toBeGreaterThan(buildBefore.startDate!.getTime());
  });

  it("restores a constraint to none, and the scheduler's dates with it", async () => {
    const project = await sharedProject();
    const task = await createTask(editor, project, { name: "Pour", duration: 2 });
    const before = await taskRow(task.id);
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await sendJson(editor, "PUT", `/api/tasks/${task.id}`, { startNoEarlierThan: later });
    const [pinned] = await activityOf(editor, project);
    expect(pinned.changes.startNoEarlierThan).toEqual([null, later]);
    expect((await taskRow(task.id)).startDate!.getTime()).toBeGreaterThan(before.startDate!.getTime());
    expect((await undo(editor, pinned.id)).statusCode).toBe(200);
    const after = await taskRow(task.id);
    expect(after.startNoEarlierThan).toBeNull();
    expect(after.startDate).toEqual(before.startDate);
    expect(after.dueDate).toEqual(before.dueDate);
  });

  it("refuses an undo with 409 naming the field someone changed since, and changes nothing", async () => {
    const project = await sharedProject();
    const task = await createTask(editor, project, { name: "Draft" });
    await sendJson(editor, "PUT", `/api/tasks/${task.id}`, { name: "Second draft" });
    const [rename] = await activityOf(editor, project);
    await sendJson(owner, "PUT", `/api/tasks/${task.id}`, { name: "Final" });
    const response = await undo(editor, rename.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "stale", field: "name" });
    expect(response.json().message).toContain("name");
    expect((await taskRow(task.id)).name).toBe("Final");
    const [stored] = await db().select().from(activityEntries).where(eq(activityEntries.id, rename.id));
    expect(stored.undoneBy).toBeNull();
  });

  it("brings a deleted task back with its id, fields and dependencies, rescheduled; redo deletes it again", async () => {
    const project = await sharedProject();
    const a = await createTask(editor, project, { name: "A", duration: 2, description: "The first" });
    const b = await createTask(editor, project, { name: "B", duration: 2 });
    const c = await createTask(editor, project, { name: "C", duration: 1 });
    const ab = await link(editor, a.id, b.id, { type: "SS", lag: 1 });
    const bc = await link(editor, b.id, c.id);
    const cBefore = await taskRow(c.id);
    expect((await sendJson(editor, "DELETE", `/api/tasks/${b.id}`)).statusCode).toBe(204);
    const [deletion] = await activityOf(editor, project);
    expect(deletion).toMatchObject({ action: "task.deleted", taskId: b.id, subject: "B" });
    // C no longer waits for B.
    expect((await taskRow(c.id)).startDate!.getTime()).toBeLessThan(cBefore.startDate!.getTime());

    const response = await undo(editor, deletion.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ action: "task.created", taskId: b.id, undoOf: deletion.id });
    const restored = await taskRow(b.id);
    expect(restored).toMatchObject({ name: "B", duration: 2, projectId: project.id });
    const links = await db().select().from(dependencies).where(eq(dependencies.projectId, project.id));
    expect(links.map((d) => [d.id, d.type, d.lag]).sort()).toEqual(
      [
        [ab.id, "SS", 1],
        [bc.id, "FS", 0],
      ].sort(),
    );
    expect((await taskRow(c.id)).startDate).toEqual(cBefore.startDate);
    expect((await taskRow(a.id)).description).toBe("The first");

    const redo = await undo(editor, response.json().id);
    expect(redo.statusCode, redo.body).toBe(200);
    expect(await taskRow(b.id)).toBeUndefined();
  });

  it("undoes a task's creation by deleting it, unless someone changed it since", async () => {
    const project = await sharedProject();
    const kept = await createTask(editor, project, { name: "Kept" });
    const [created] = await activityOf(editor, project);
    await sendJson(owner, "PUT", `/api/tasks/${kept.id}`, { description: "Notes" });
    const refused = await undo(editor, created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "description" });
    expect(await taskRow(kept.id)).toBeDefined();

    const gone = await createTask(editor, project, { name: "Gone" });
    const [made] = await activityOf(editor, project, "?mine=true");
    expect(made.taskId).toBe(gone.id);
    expect((await undo(editor, made.id)).statusCode).toBe(200);
    expect(await taskRow(gone.id)).toBeUndefined();
  });
});

describe("what the review of undo found", () => {
  it("puts back a card dragged by mistake (a single drag is a task update of its position)", async () => {
    const project = await sharedProject();
    const card = await createTask(editor, project, { name: "Card", positionX: 10, positionY: 20 });
    await sendJson(editor, "PUT", `/api/tasks/${card.id}`, { positionX: 300, positionY: 40 });
    const [drag] = await activityOf(editor, project);
    expect(drag.changes).toMatchObject({ positionX: [10, 300], positionY: [20, 40] });
    expect((await undo(editor, drag.id)).statusCode).toBe(200);
    expect(await taskRow(card.id)).toMatchObject({ positionX: 10, positionY: 20 });
  });

  it("refuses an undo that would break the date rules since someone moved another date (409 naming it)", async () => {
    const project = await sharedProject();
    const task = await createTask(editor, project, {
      name: "Tiles",
      startDate: "2030-03-01T00:00:00.000Z",
      dueDate: "2030-04-01T00:00:00.000Z",
    });
    await sendJson(editor, "PUT", `/api/tasks/${task.id}`, { startDate: "2030-01-01T00:00:00.000Z" });
    const [moved] = await activityOf(editor, project);
    expect(
      (await sendJson(owner, "PUT", `/api/tasks/${task.id}`, { dueDate: "2030-02-01T00:00:00.000Z" }))
        .statusCode,
    ).toBe(200);
    const response = await undo(editor, moved.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "stale", field: "dueDate" });
    expect((await taskRow(task.id)).startDate?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });

  it("does not delete, from another project, a task moved there since its creation", async () => {
    const project = await sharedProject();
    const elsewhere = await sharedProject("Elsewhere");
    const task = await createTask(editor, project, { name: "Wanderer" });
    const [created] = await activityOf(editor, project);
    expect(
      (await sendJson(owner, "PUT", `/api/tasks/${task.id}`, { projectId: elsewhere.id })).statusCode,
    ).toBe(200);
    const response = await undo(editor, created.id);
    expect(response.statusCode).toBe(409);
    expect(await taskRow(task.id)).toMatchObject({ projectId: elsewhere.id });
  });

  it("records no entry for a write that changes nothing", async () => {
    const project = await sharedProject();
    const task = await createTask(editor, project, { name: "Same" });
    const [created] = await activityOf(editor, project);
    expect((await sendJson(editor, "PUT", `/api/tasks/${task.id}`, { name: "Same" })).statusCode).toBe(200);
    const reorder = { taskOrders: [{ taskId: task.id, order: (await taskRow(task.id)).order }] };
    expect(
      (await sendJson(editor, "PUT", `/api/projects/${project.id}/tasks/reorder`, reorder)).statusCode,
    ).toBe(200);
    const [latest] = await activityOf(editor, project);
    expect(latest.id).toBe(created.id);
  });
});

describe("dependency entries", () => {
  it("undoes a dependency's creation, type change and deletion", async () => {
    const project = await sharedProject();
    const a = await createTask(editor, project, { name: "A", duration: 1 });
    const b = await createTask(editor, project, { name: "B", duration: 1 });
    const dependency = await link(editor, a.id, b.id);
    const [created] = await activityOf(editor, project);
    expect(created).toMatchObject({
      action: "dependency.created",
      dependencyId: dependency.id,
      subject: "A → B",
    });

    await sendJson(editor, "PUT", `/api/dependencies/${dependency.id}`, { type: "SS", lag: 2 });
    const [changed] = await activityOf(editor, project);
    expect(changed.changes).toEqual({ type: ["FS", "SS"], lag: [0, 2] });
    expect((await undo(editor, changed.id)).statusCode).toBe(200);
    const [row] = await db().select().from(dependencies).where(eq(dependencies.id, dependency.id));
    expect([row.type, row.lag]).toEqual(["FS", 0]);

    // The creation's undo meets the type it left (FS 0 again), so it deletes the dependency.
    expect((await undo(editor, created.id)).statusCode).toBe(200);
    expect(await db().select().from(dependencies).where(eq(dependencies.id, dependency.id))).toHaveLength(0);

    // A deletion comes back with the same id; a second undo is 409.
    const again = await link(editor, a.id, b.id);
    await sendJson(editor, "DELETE", `/api/dependencies/${again.id}`);
    const [deleted] = await activityOf(editor, project);
    expect((await undo(editor, deleted.id)).statusCode).toBe(200);
    expect(await db().select().from(dependencies).where(eq(dependencies.id, again.id))).toHaveLength(1);
  });

  it("refuses to bring back a dependency that would now close a cycle", async () => {
    const project = await sharedProject();
    const a = await createTask(editor, project, { name: "A" });
    const b = await createTask(editor, project, { name: "B" });
    const ab = await link(editor, a.id, b.id);
    await sendJson(editor, "DELETE", `/api/dependencies/${ab.id}`);
    const [deleted] = await activityOf(editor, project);
    await link(editor, b.id, a.id);
    const response = await undo(editor, deleted.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain("cycle");
  });
});

describe("who may undo", () => {
  it("lets a viewer read the activity but not undo (403); a stranger gets 404; a deleted project's entries 404", async () => {
    const project = await sharedProject();
    await createTask(editor, project, { name: "Mine" });
    const [entry] = await activityOf(viewer, project);
    expect((await undo(viewer, entry.id)).statusCode).toBe(403);
    expect((await undo(outsider, entry.id)).statusCode).toBe(404);
    expect((await sendJson(outsider, "GET", `/api/projects/${project.id}/activity`)).statusCode).toBe(404);
    expect(await taskRow(entry.taskId!)).toBeDefined();

    expect((await sendJson(owner, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(204);
    const gone = await undo(owner, entry.id);
    expect(gone.statusCode).toBe(404);
    expect(
      await db().select().from(activityEntries).where(eq(activityEntries.projectId, project.id)),
    ).toHaveLength(0);
  });

  it("refuses an undo of what cannot be reverted (the project's creation) with 409", async () => {
    const created = await sendJson(owner, "POST", "/api/projects", { name: "Fresh" });
    const project = created.json() as Project;
    const [entry] = await activityOf(owner, project);
    expect(entry).toMatchObject({ action: "project.created", undoable: false });
    const response = await undo(owner, entry.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("not_undoable");
  });
});

describe("paging", () => {
  it("answers newest first, `limit` at a time, older ones `before` an id, and refuses a bad limit", async () => {
    const project = await sharedProject();
    for (let index = 0; index < 5; index++) await createTask(editor, project, { name: `T${index}` });
    const first = await activityOf(viewer, project, "?limit=2");
    expect(first.map((entry) => entry.subject)).toEqual(["T4", "T3"]);
    const next = await activityOf(viewer, project, `?limit=2&before=${first[1].id}`);
    expect(next.map((entry) => entry.subject)).toEqual(["T2", "T1"]);
    const history = await activityOf(viewer, project, `?taskId=${first[0].taskId}`);
    expect(history.map((entry) => entry.id)).toEqual([first[0].id]);
    const bad = await sendJson(viewer, "GET", `/api/projects/${project.id}/activity?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("limit");
  });
});
