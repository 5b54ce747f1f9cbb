// The outline through the API: tasks created under a parent, moves of whole subtrees (PUT parentId
// and order), indent and outdent (POST /api/projects/{id}/outline), their refusals, the read-only
// outline fields of every answer, summaries' own fields, links into and out of summaries, a
// summary deleted with its subtree and brought back by undo, and leaves as the only work.
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Project } from "../../db/schema";
import { activityEntries, dependencies, tasks } from "../../db/schema";
import { createDependencyIn, createProjectFor, createTaskIn } from "../../test/factories";
import { type Client, sendJson, setupClients, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const [owner, outsider] = setupClients(testApp, 2);
const db = () => testApp.database.db;

const create = async (client: Client, project: Project, body: Record<string, unknown>) => {
  const response = await sendJson(client, "POST", `/api/projects/${project.id}/tasks`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const put = (taskId: number, body: Record<string, unknown>) =>
  sendJson(owner, "PUT", `/api/tasks/${taskId}`, body);
const outlineAction = (project: Project, taskIds: number[], action: string) =>
  sendJson(owner, "POST", `/api/projects/${project.id}/outline`, { taskIds, action });

/** The project's outline as "wbs:name", in tree order, from a project answer. */
async function outlineOf(project: Project) {
  const response = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
  expect(response.statusCode).toBe(200);
  const listed = response.json().tasks as { name: string; wbs: string; outlineLevel: number }[];
  const byWbs = (a: { wbs: string }, b: { wbs: string }) => {
    const left = a.wbs.split(".").map(Number);
    const right = b.wbs.split(".").map(Number);
    for (let at = 0; at < Math.max(left.length, right.length); at++) {
      if ((left[at] ?? -1) !== (right[at] ?? -1)) return (left[at] ?? -1) - (right[at] ?? -1);
    }
    return 0;
  };
  return [...listed].sort(byWbs).map((task) => `${task.wbs}:${task.name}`);
}

/** Design (Sketch, Review), Build: made through the API. */
async function smallOutline() {
  const project = await createProjectFor(testApp, owner.user);
  const design = await create(owner, project, { name: "Design" });
  const sketch = await create(owner, project, { name: "Sketch", parentId: design.id });
  const review = await create(owner, project, { name: "Review", parentId: design.id });
  const build = await create(owner, project, { name: "Build" });
  return { project, design, sketch, review, build };
}

describe("the outline's fields and moves", () => {
  it("creates tasks under a parent, last among its children, and answers their place", async () => {
    const { project, design, review } = await smallOutline();
    expect(review).toMatchObject({ parentId: design.id, summary: false, outlineLevel: 2, wbs: "1.2" });
    expect(await outlineOf(project)).toEqual(["1:Design", "1.1:Sketch", "1.2:Review", "2:Build"]);
    const answer = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
    const designRow = answer.json().tasks.find((task: { id: number }) => task.id === design.id);
    expect(designRow).toMatchObject({ summary: true, outlineLevel: 1, wbs: "1" });
  });

  it("refuses a parent in another project, a move into its own subtree, and an outsider", async () => {
    const { project, design, sketch } = await smallOutline();
    const elsewhere = await createTaskIn(testApp, await createProjectFor(testApp, owner.user));
    const foreign = await sendJson(owner, "POST", `/api/projects/${project.id}/tasks`, {
      name: "Stray",
      parentId: elsewhere.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      field: "parentId",
      message: "parentId must be a task of this project.",
    });
    const intoOwn = await put(design.id, { parentId: sketch.id });
    expect(intoOwn.statusCode).toBe(400);
    expect(intoOwn.json().field).toBe("parentId");
    expect((await sendJson(outsider, "PUT", `/api/tasks/${sketch.id}`, { parentId: null })).statusCode).toBe(
      404,
    );
    expect(await outlineOf(project)).toEqual(["1:Design", "1.1:Sketch", "1.2:Review", "2:Build"]);
  });

  it("moves a task with its subtree to a place among its new siblings, in one entry", async () => {
    const { project, design, build } = await smallOutline();
    const moved = await put(design.id, { parentId: build.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ parentId: build.id, outlineLevel: 2, wbs: "1.1" });
    expect(await outlineOf(project)).toEqual(["1:Build", "1.1:Design", "1.1.1:Sketch", "1.1.2:Review"]);
    // Back to the top, first.
    const back = await put(design.id, { parentId: null, order: 0 });
    expect(back.statusCode).toBe(200);
    expect(await outlineOf(project)).toEqual(["1:Design", "1.1:Sketch", "1.2:Review", "2:Build"]);
    const entries = await db()
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.projectId, project.id))
      .orderBy(asc(activityEntries.id));
    expect(entries.filter((entry) => entry.action === "tasks.outlined")).toHaveLength(2);
  });

  it(`refuses a move past 20 levels`, async () => {
    const project = await createProjectFor(testApp, owner.user);
    let parent: number | null = null;
    const chain: number[] = [];
    for (let level = 1; level <= 20; level++) {
      const [row]: { id: number }[] = await db()
        .insert(tasks)
        .values({ projectId: project.id, name: `L${level}`, parentId: parent })
        .returning();
      chain.push(row.id);
      parent = row.id;
    }
    const tooDeep = await sendJson(owner, "POST", `/api/projects/${project.id}/tasks`, {
      name: "L21",
      parentId: parent,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({ field: "parentId" });
    expect(tooDeep.json().message).toContain("20 levels");
  });

  it("indents and outdents chosen tasks (Tab, Shift+Tab) as one undoable entry", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const [a, b, c] = [
      await create(owner, project, { name: "A" }),
      await create(owner, project, { name: "B" }),
      await create(owner, project, { name: "C" }),
    ];
    const indented = await outlineAction(project, [b.id, c.id], "indent");
    expect(indented.statusCode, indented.body).toBe(200);
    expect(
      indented
        .json()
        .tasks.map((task: { id: number }) => task.id)
        .sort(),
    ).toEqual([b.id, c.id].sort());
    expect(await outlineOf(project)).toEqual(["1:A", "1.1:B", "1.2:C"]);
    const [entry] = await db()
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.action, "tasks.outlined"))
      .orderBy(asc(activityEntries.id));
    expect(entry).toBeDefined();
    const outdented = await outlineAction(project, [c.id], "outdent");
    expect(outdented.statusCode).toBe(200);
    expect(await outlineOf(project)).toEqual(["1:A", "1.1:B", "2:C"]);
    // Undo the outdent, then the indent.
    const latest = await db()
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.projectId, project.id))
      .orderBy(asc(activityEntries.id));
    const outlined = latest.filter((each) => each.action === "tasks.outlined");
    for (const each of [...outlined].reverse()) {
      const undone = await sendJson(owner, "POST", `/api/activity/${each.id}/undo`);
      expect(undone.statusCode, undone.body).toBe(200);
    }
    expect(await outlineOf(project)).toEqual(["1:A", "2:B", "3:C"]);
    expect((await outlineAction(project, [a.id], "sideways")).statusCode).toBe(400);
  });
});

describe("summaries and their links", () => {
  it("refuses a summary's own duration and dates, and takes its start-no-earlier-than", async () => {
    const { design } = await smallOutline();
    const duration = await put(design.id, { duration: 3 });
    expect(duration.statusCode).toBe(400);
    expect(duration.json()).toMatchObject({ field: "duration" });
    const start = await put(design.id, { startDate: "2026-05-04" });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ field: "startDate" });
    const constraint = await put(design.id, { startNoEarlierThan: "2026-05-04" });
    expect(constraint.statusCode, constraint.body).toBe(200);
  });

  it("refuses a link between a task and its own summary (409 naming both) and a cycle through one", async () => {
    const { project, design, sketch, build } = await smallOutline();
    const ancestor = await sendJson(owner, "POST", "/api/dependencies", {
      sourceTaskId: design.id,
      targetTaskId: sketch.id,
    });
    expect(ancestor.statusCode).toBe(409);
    expect(ancestor.json().message).toContain("“Design” holds “Sketch”");
    const into = await sendJson(owner, "POST", "/api/dependencies", {
      sourceTaskId: design.id,
      targetTaskId: build.id,
    });
    expect(into.statusCode, into.body).toBe(201);
    const back = await sendJson(owner, "POST", "/api/dependencies", {
      sourceTaskId: build.id,
      targetTaskId: sketch.id,
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe("dependency_cycle");
    expect(back.json().message).toContain("Build");
    const stored = await db().select().from(dependencies).where(eq(dependencies.projectId, project.id));
    expect(stored).toHaveLength(1);
  });

  it("refuses a move that would close a cycle through a summary", async () => {
    const { design, sketch, build } = await smallOutline();
    await createDependencyIn(testApp, { ...design, projectId: design.projectId }, { ...build });
    const moved = await put(build.id, { parentId: design.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().field).toBe("parentId");
    expect((await db().select().from(tasks).where(eq(tasks.id, build.id)))[0].parentId).toBeNull();
    expect(sketch.parentId).toBe(design.id);
  });
});

describe("a summary deleted with its subtree", () => {
  it("deletes the subtree and its links; undo brings every task and link back with their ids", async () => {
    const { project, design, sketch, review, build } = await smallOutline();
    await createDependencyIn(testApp, sketch, review);
    await createDependencyIn(testApp, review, build);
    const deleted = await owner.inject({ method: "DELETE", url: `/api/tasks/${design.id}` });
    expect(deleted.statusCode).toBe(204);
    const ids = [design.id, sketch.id, review.id];
    expect(await db().select().from(tasks).where(inArray(tasks.id, ids))).toEqual([]);
    expect(await db().select().from(dependencies).where(eq(dependencies.projectId, project.id))).toEqual([]);
    const [entry] = await db()
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.action, "task.deleted"))
      .orderBy(asc(activityEntries.id));
    const undone = await sendJson(owner, "POST", `/api/activity/${entry.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await outlineOf(project)).toEqual(["1:Design", "1.1:Sketch", "1.2:Review", "2:Build"]);
    expect(await db().select().from(dependencies).where(eq(dependencies.projectId, project.id))).toHaveLength(
      2,
    );
  });
});

describe("leaves are the work", () => {
  it("lists leaves only in My Tasks, and a link into a summary holds its leaves", async () => {
    const { project, design, sketch, review, build } = await smallOutline();
    await createDependencyIn(testApp, build, design);
    const response = await owner.inject({ method: "GET", url: "/api/my-tasks" });
    expect(response.statusCode).toBe(200);
    const group = response.json().find((each: { project: { id: number } }) => each.project.id === project.id);
    const listed = group.tasks.map((task: { id: number }) => task.id);
    expect(listed).toEqual([build.id]);
    expect(listed).not.toContain(design.id);
    expect(listed).not.toContain(sketch.id);
    expect(listed).not.toContain(review.id);
  });

  it("rolls a summary's progress, completion and status up from its leaves, in every answer", async () => {
    const { project, design, sketch, review } = await smallOutline();
    const summaryInProject = async () => {
      const response = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
      return response.json().tasks.find((task: { id: number }) => task.id === design.id);
    };
    expect(await summaryInProject()).toMatchObject({
      percentComplete: 0,
      completed: false,
      status: "not-started",
    });
    expect((await put(sketch.id, { completed: true })).statusCode).toBe(200);
    const started = { percentComplete: 50, completed: false, status: "in-progress" };
    expect(await summaryInProject()).toMatchObject(started);
    // A write to the summary itself answers the roll-up, not what its row holds.
    const renamed = await put(design.id, { name: "Design phase" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Design phase", ...started });
    expect((await put(review.id, { completed: true })).statusCode).toBe(200);
    const done = { percentComplete: 100, completed: true, status: "completed" };
    expect(await summaryInProject()).toMatchObject(done);
    expect((await put(design.id, { name: "Design" })).json()).toMatchObject(done);
    // Reopening a leaf reopens the summary.
    expect((await put(review.id, { completed: false })).statusCode).toBe(200);
    expect(await summaryInProject()).toMatchObject(started);
  });
});
