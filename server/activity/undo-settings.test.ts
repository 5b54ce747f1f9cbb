// Undo and redo of the writes around the tasks through the API
// (docs/decisions/030-history-activity-and-undo.md):
// categories (a deleted one comes back, same id, to the tasks that had it), the project's fields
// and calendar (the scheduler run again), reorders and moved cards. Each: the entry recorded, its
// undo (what the database holds, the undo's own entry), a stale undo refused naming the field,
// and redo. Members, links, imports and live events: undo-sharing.test.ts.
import type { ActivityEntryDto } from "@core/schemas/activity";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries, categories, type Project, projects, tasks } from "../db/schema";
import { createSharedProject } from "../test/factories";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";

const testApp = setupTestApp();
const { owner, admin, editor, viewer, sharedProject } = setupTeam(testApp);
const db = () => testApp.database.db;

async function activityOf(client: Client, project: Project): Promise<ActivityEntryDto[]> {
  const response = await sendJson(client, "GET", `/api/projects/${project.id}/activity`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const latestOf = async (project: Project) => (await activityOf(viewer, project))[0];

/** Undoes the entry as the client, expecting 200; answers the undo's own entry. */
async function undoOk(client: Client, entryId: number): Promise<ActivityEntryDto> {
  const response = await sendJson(client, "POST", `/api/activity/${entryId}/undo`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const undo = (client: Client, entryId: number) => sendJson(client, "POST", `/api/activity/${entryId}/undo`);

async function createTask(project: Project, body: Record<string, unknown>) {
  const response = await sendJson(editor, "POST", `/api/projects/${project.id}/tasks`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

async function createCategory(project: Project, name: string, color = "#3357FF") {
  const response = await sendJson(editor, "POST", `/api/projects/${project.id}/categories`, { name, color });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string; color: string };
}

const taskRow = async (id: number) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0];
const categoryRow = async (id: number) =>
  (await db().select().from(categories).where(eq(categories.id, id)))[0];
const projectRow = async (id: number) => (await db().select().from(projects).where(eq(projects.id, id)))[0];
const undoneByOf = async (entryId: number) =>
  (await db().select().from(activityEntries).where(eq(activityEntries.id, entryId)))[0].undoneBy;
const day = (date: Date | null | undefined) => date?.toISOString().slice(0, 10);

describe("category entries", () => {
  it("records a creation; its undo deletes the category, redo brings it back with its id", async () => {
    const project = await sharedProject();
    const design = await createCategory(project, "Design", "#ff5733");
    const created = await latestOf(project);
    expect(created).toMatchObject({
      action: "category.created",
      actor: { id: editor.user.id },
      subject: "Design",
      taskId: null,
      undoOf: null,
      isUndo: false,
      undoable: true,
    });

    // A task took it meanwhile: the undo takes it from the task, the redo gives it back.
    const task = await createTask(project, { name: "Sketch", categoryId: design.id });
    const undone = await undoOk(admin, created.id);
    expect(undone).toMatchObject({
      action: "category.deleted",
      actor: { id: admin.user.id },
      undoOf: created.id,
      isUndo: true,
    });
    expect(await categoryRow(design.id)).toBeUndefined();
    expect((await taskRow(task.id)).categoryId).toBeNull();
    expect(await undoneByOf(created.id)).toBe(undone.id);

    const redone = await undoOk(editor, undone.id);
    expect(redone).toMatchObject({ action: "category.created", undoOf: undone.id, isUndo: false });
    expect(await categoryRow(design.id)).toMatchObject({ name: "Design", color: "#FF5733" });
    expect((await taskRow(task.id)).categoryId).toBe(design.id);
  });

  it("refuses to undo a creation when the colour changed since, naming it", async () => {
    const project = await sharedProject();
    const design = await createCategory(project, "Design");
    const created = await latestOf(project);
    const recolour = await sendJson(owner, "PUT", `/api/categories/${design.id}`, {
      name: "Design",
      color: "#33FF57",
    });
    expect(recolour.statusCode).toBe(200);
    const refused = await undo(editor, created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "color" });
    expect(await categoryRow(design.id)).toBeDefined();
    expect(await undoneByOf(created.id)).toBeNull();
  });

  it("records an update's changes; its undo puts them back; stale when renamed since; redo", async () => {
    const project = await sharedProject();
    const design = await createCategory(project, "Design", "#3357FF");
    const put = await sendJson(editor, "PUT", `/api/categories/${design.id}`, {
      name: "Build",
      color: "#FF33F1",
    });
    expect(put.statusCode, put.body).toBe(200);
    const updated = await latestOf(project);
    expect(updated).toMatchObject({ action: "category.updated", actor: { id: editor.user.id } });
    expect(updated.subject).toBe("Build");
    expect(updated.changes).toEqual({ name: ["Design", "Build"], color: ["#3357FF", "#FF33F1"] });

    const undone = await undoOk(editor, updated.id);
    expect(undone).toMatchObject({ action: "category.updated", undoOf: updated.id, isUndo: true });
    expect(undone.changes).toEqual({ name: ["Build", "Design"], color: ["#FF33F1", "#3357FF"] });
    expect(await categoryRow(design.id)).toMatchObject({ name: "Design", color: "#3357FF" });

    const redone = await undoOk(editor, undone.id);
    expect(redone).toMatchObject({ undoOf: undone.id, isUndo: false });
    expect(await categoryRow(design.id)).toMatchObject({ name: "Build", color: "#FF33F1" });

    // Someone renames it after the redo: the redo's undo meets another name.
    await sendJson(owner, "PUT", `/api/categories/${design.id}`, { name: "Ship", color: "#FF33F1" });
    const refused = await undo(editor, redone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "name" });
    expect(refused.json().message).toContain("name");
    expect(await categoryRow(design.id)).toMatchObject({ name: "Ship" });

    // Undoing a rename whose old name another category took since: 409 naming that name.
    await sendJson(owner, "PUT", `/api/categories/${design.id}`, { name: "Test", color: "#FF33F1" });
    const renamed = await latestOf(project);
    await createCategory(project, "Ship");
    const clash = await undo(editor, renamed.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: "stale" });
    expect(clash.json().message).toContain("Ship");
    expect(await categoryRow(design.id)).toMatchObject({ name: "Test" });
  });

  it("gives a deleted category back, same id, to the tasks that had it; redo clears them again", async () => {
    const project = await sharedProject();
    const design = await createCategory(project, "Design", "#8C33FF");
    const other = await createCategory(project, "Other");
    const a = await createTask(project, { name: "A", categoryId: design.id });
    const b = await createTask(project, { name: "B", categoryId: design.id });
    const c = await createTask(project, { name: "C" });
    const removed = await sendJson(editor, "DELETE", `/api/categories/${design.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await taskRow(a.id)).categoryId).toBeNull();
    const deleted = await latestOf(project);
    expect(deleted).toMatchObject({
      action: "category.deleted",
      actor: { id: editor.user.id },
      subject: "Design",
      undoOf: null,
      isUndo: false,
    });

    // B took another category meanwhile: it keeps that one.
    await sendJson(owner, "PUT", `/api/tasks/${b.id}`, { categoryId: other.id });
    const undone = await undoOk(editor, deleted.id);
    expect(undone).toMatchObject({ action: "category.created", undoOf: deleted.id, isUndo: true });
    expect(await categoryRow(design.id)).toMatchObject({
      id: design.id,
      name: "Design",
      color: "#8C33FF",
      projectId: project.id,
    });
    expect((await taskRow(a.id)).categoryId).toBe(design.id);
    expect((await taskRow(b.id)).categoryId).toBe(other.id);
    expect((await taskRow(c.id)).categoryId).toBeNull();
    const listed = await sendJson(viewer, "GET", `/api/projects/${project.id}/categories`);
    expect(listed.json().map((category: { id: number }) => category.id)).toContain(design.id);

    const redone = await undoOk(editor, undone.id);
    expect(redone).toMatchObject({ action: "category.deleted", undoOf: undone.id, isUndo: false });
    expect(await categoryRow(design.id)).toBeUndefined();
    expect((await taskRow(a.id)).categoryId).toBeNull();

    // Undoing the redo gives it back to A again.
    await undoOk(editor, redone.id);
    expect((await taskRow(a.id)).categoryId).toBe(design.id);
  });

  it("refuses to bring a deleted category back when its name is taken now", async () => {
    const project = await sharedProject();
    const design = await createCategory(project, "Design");
    await sendJson(editor, "DELETE", `/api/categories/${design.id}`);
    const deleted = await latestOf(project);
    const again = await createCategory(project, "Design", "#FF5733");
    const refused = await undo(editor, deleted.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale" });
    expect(refused.json().message).toContain("Design");
    expect(await categoryRow(design.id)).toBeUndefined();
    expect(await categoryRow(again.id)).toMatchObject({ name: "Design" });
  });
});

describe("project.updated", () => {
  it("records a rename; an admin undoes it, an editor may not (403); stale when renamed since; redo", async () => {
    const project = await sharedProject("Plan");
    const patch = await sendJson(admin, "PATCH", `/api/projects/${project.id}`, { name: "Plan v2" });
    expect(patch.statusCode, patch.body).toBe(200);
    const renamed = await latestOf(project);
    expect(renamed).toMatchObject({
      action: "project.updated",
      actor: { id: admin.user.id },
      subject: "Plan v2",
      changes: { name: ["Plan", "Plan v2"] },
      undoOf: null,
    });

    expect((await undo(editor, renamed.id)).statusCode).toBe(403);
    expect((await undo(viewer, renamed.id)).statusCode).toBe(403);
    expect((await projectRow(project.id)).name).toBe("Plan v2");

    const undone = await undoOk(admin, renamed.id);
    expect(undone).toMatchObject({ action: "project.updated", undoOf: renamed.id, isUndo: true });
    expect(undone.changes).toEqual({ name: ["Plan v2", "Plan"] });
    expect((await projectRow(project.id)).name).toBe("Plan");

    const redone = await undoOk(owner, undone.id);
    expect(redone).toMatchObject({ undoOf: undone.id, isUndo: false });
    expect((await projectRow(project.id)).name).toBe("Plan v2");

    await sendJson(owner, "PATCH", `/api/projects/${project.id}`, { name: "Plan v3" });
    const refused = await undo(admin, redone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "name" });
    expect((await projectRow(project.id)).name).toBe("Plan v3");
  });

  it.each([
    ["startDate", "2030-01-14", "2030-01-14"],
    ["workingDays", [2, 3, 4, 5], "2030-01-08"],
    ["holidays", ["2030-01-07"], "2030-01-08"],
  ])(
    "undoes a calendar change (%s): the auto task goes back to its start; redo moves it again",
    async (field, value, movedTo) => {
      // Monday 7 January 2030.
      const project = await createSharedProject(
        testApp,
        owner.user,
        { admin: admin.user, editor: editor.user, viewer: viewer.user },
        { name: "Calendar", startDate: "2030-01-07" },
      );
      const task = await createTask(project, { name: "Pour", duration: 3 });
      expect(day((await taskRow(task.id)).startDate)).toBe("2030-01-07");
      const before = (await projectRow(project.id))[field as "holidays"];

      const patch = await sendJson(owner, "PATCH", `/api/projects/${project.id}`, { [field]: value });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(day((await taskRow(task.id)).startDate)).toBe(movedTo);
      const changed = await latestOf(project);
      expect(changed).toMatchObject({ action: "project.updated", actor: { id: owner.user.id } });
      expect(changed.changes).toEqual({ [field]: [before, value] });
      expect(changed.moved).toEqual([
        expect.objectContaining({
          id: task.id,
          name: "Pour",
          to: expect.objectContaining({ start: movedTo }),
        }),
      ]);

      const undone = await undoOk(admin, changed.id);
      expect(undone).toMatchObject({ undoOf: changed.id, isUndo: true });
      expect(undone.changes).toEqual({ [field]: [value, before] });
      expect((await projectRow(project.id))[field as "holidays"]).toEqual(before);
      expect(day((await taskRow(task.id)).startDate)).toBe("2030-01-07");
      expect(undone.moved.map((move) => move.id)).toEqual([task.id]);

      await undoOk(admin, undone.id);
      expect(day((await taskRow(task.id)).startDate)).toBe(movedTo);
    },
  );
});

describe("tasks.reordered and tasks.positioned", () => {
  it("records each task's order; the undo puts them back; stale when an order changed since; redo", async () => {
    const project = await sharedProject();
    const a = await createTask(project, { name: "A" });
    const b = await createTask(project, { name: "B" });
    const c = await createTask(project, { name: "C" });
    const orders = () => Promise.all([a, b, c].map(async (task) => (await taskRow(task.id)).order));
    const before = await orders();
    const reorder = await sendJson(editor, "PUT", `/api/projects/${project.id}/tasks/reorder`, {
      taskOrders: [
        { taskId: c.id, order: before[0] },
        { taskId: a.id, order: before[2] },
        { taskId: b.id, order: before[1] },
      ],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const reordered = await latestOf(project);
    expect(reordered).toMatchObject({ action: "tasks.reordered", actor: { id: editor.user.id } });
    // B kept its place: it is not among the items.
    expect(reordered.items).toEqual([
      { taskId: a.id, name: "A", changes: { order: [before[0], before[2]] } },
      { taskId: c.id, name: "C", changes: { order: [before[2], before[0]] } },
    ]);

    const undone = await undoOk(editor, reordered.id);
    expect(undone).toMatchObject({ action: "tasks.reordered", undoOf: reordered.id, isUndo: true });
    expect(await orders()).toEqual(before);

    const redone = await undoOk(editor, undone.id);
    expect(redone).toMatchObject({ undoOf: undone.id, isUndo: false });
    expect(await orders()).toEqual([before[2], before[1], before[0]]);

    await sendJson(owner, "PUT", `/api/projects/${project.id}/tasks/reorder`, {
      taskOrders: [{ taskId: c.id, order: 42 }],
    });
    const refused = await undo(editor, redone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "order" });
    expect((await taskRow(a.id)).order).toBe(before[2]);
  });

  it("records moved cards' positions; the undo puts them back; stale when a card moved since; redo", async () => {
    const project = await sharedProject();
    const a = await createTask(project, { name: "A" });
    const b = await createTask(project, { name: "B" });
    const place = (client: Client, positions: { taskId: number; positionX: number; positionY: number }[]) =>
      sendJson(client, "PUT", `/api/projects/${project.id}/tasks/positions`, { positions });
    expect((await place(editor, [{ taskId: a.id, positionX: 10, positionY: 20 }])).statusCode).toBe(200);
    const first = await latestOf(project);
    const start = await taskRow(b.id);
    const moved = await place(editor, [
      { taskId: a.id, positionX: 100, positionY: 200 },
      { taskId: b.id, positionX: 300, positionY: 400 },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    const positioned = await latestOf(project);
    expect(positioned).toMatchObject({ action: "tasks.positioned", actor: { id: editor.user.id } });
    expect(positioned.items).toEqual([
      { taskId: a.id, name: "A", changes: { positionX: [10, 100], positionY: [20, 200] } },
      {
        taskId: b.id,
        name: "B",
        changes: { positionX: [start.positionX, 300], positionY: [start.positionY, 400] },
      },
    ]);

    const undone = await undoOk(editor, positioned.id);
    expect(undone).toMatchObject({ action: "tasks.positioned", undoOf: positioned.id, isUndo: true });
    expect(await taskRow(a.id)).toMatchObject({ positionX: 10, positionY: 20 });
    expect(await taskRow(b.id)).toMatchObject({ positionX: start.positionX, positionY: start.positionY });

    const redone = await undoOk(editor, undone.id);
    expect(redone).toMatchObject({ undoOf: undone.id, isUndo: false });
    expect(await taskRow(b.id)).toMatchObject({ positionX: 300, positionY: 400 });

    // A card moved since: neither the redo nor the first move can be undone.
    await place(owner, [{ taskId: a.id, positionX: 5, positionY: 200 }]);
    const refused = await undo(editor, redone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "positionX" });
    expect(await taskRow(b.id)).toMatchObject({ positionX: 300, positionY: 400 });
    expect((await undo(editor, first.id)).json()).toMatchObject({ code: "stale", field: "positionX" });
  });
});
