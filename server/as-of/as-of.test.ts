// The plan on a past day (docs/spec/tracking.md): the project answer read after each write equals
// the as-of answer at that write's moment, through creates, updates, deletions with links, undos,
// outline moves, layout, categories, calendar changes and an import; and its refusals.
import { beforeTheLogMessage } from "@core/schemas/as-of";
import type { ProjectDto } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import {
  createPlannedProject,
  createTask,
  expectStatus,
  link,
  patchProject,
  updateTask,
} from "../scheduling/scheduling-test-helpers";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";
import { newestMoment, readPlan, readPlanAsOf, tick } from "./as-of-test-helpers";

const testApp = setupTestApp();
const team = setupTeam(testApp);
const { editor, owner, viewer } = team;

type Plan = Awaited<ReturnType<typeof readPlan>>;

/** Records the plan after each write: the moment of its entry and what the project answered then. */
function recorder(client: Client, projectId: number) {
  const seen: { at: string; plan: Plan; what: string }[] = [];
  return {
    seen,
    async after(what: string) {
      seen.push({ at: await newestMoment(client, projectId), plan: await readPlan(client, projectId), what });
      await tick();
    },
  };
}

async function expectEveryMoment(
  client: Client,
  projectId: number,
  seen: { at: string; plan: Plan; what: string }[],
) {
  for (const { at, plan, what } of seen)
    expect(await readPlanAsOf(client, projectId, at), what).toEqual(plan);
}

describe("GET /api/projects/{id}/as-of", () => {
  it("answers at each moment what the project answered then", async () => {
    const project = await createPlannedProject(testApp, team);
    const moments = recorder(editor, project.id);
    const design = await createTask(editor, project.id, { name: "Design", duration: 3 });
    await moments.after("design created");
    const build = await createTask(editor, project.id, { name: "Build", duration: 4 });
    const test = await createTask(editor, project.id, { name: "Test", duration: 2 });
    const review = await createTask(editor, project.id, { name: "Review", duration: 1 });
    await moments.after("build, test and review created");
    await link(editor, design, build);
    const buildToTest = await link(editor, build, test, { type: "SS", lag: 1 });
    await moments.after("linked");
    await updateTask(editor, design.id, { duration: 5, name: "Design, longer" });
    await moments.after("design longer");
    await expectStatus(editor, "PUT", `/api/dependencies/${buildToTest.id}`, 200, { type: "FS", lag: 2 });
    await moments.after("retyped");
    const category = await expectStatus<{ id: number }>(
      editor,
      "POST",
      `/api/projects/${project.id}/categories`,
      201,
      { name: "Ops", color: "#336699" },
    );
    await updateTask(editor, test.id, { categoryId: category.id, percentComplete: 50 });
    await moments.after("categorised");
    await patchProject(owner, project.id, { workingDays: [1, 2, 3, 4], holidays: ["2026-03-10"] });
    await moments.after("calendar");
    await patchProject(owner, project.id, { statusDate: "2026-03-12", startDate: "2026-03-03" });
    await moments.after("status date");
    // An outline move: Review goes under Test (Test becomes a summary).
    await expectStatus(editor, "POST", `/api/projects/${project.id}/outline`, 200, {
      taskIds: [review.id],
      action: "indent",
    });
    await moments.after("indented");
    await expectStatus(editor, "PUT", `/api/projects/${project.id}/tasks/positions`, 200, {
      positions: [{ taskId: design.id, positionX: 40, positionY: 80 }],
    });
    await moments.after("positioned");
    // A summary's deletion takes its subtree and their links; its undo brings them all back.
    await expectStatus(editor, "DELETE", `/api/tasks/${test.id}`, 204);
    await moments.after("test deleted with review and its link");
    const deletion = (
      await sendJson(editor, "GET", `/api/projects/${project.id}/activity?limit=1`)
    ).json()[0] as { id: number };
    await expectStatus(editor, "POST", `/api/activity/${deletion.id}/undo`, 200);
    await moments.after("deletion undone");
    await expectStatus(editor, "DELETE", `/api/categories/${category.id}`, 204);
    await moments.after("category deleted");
    await expectStatus(editor, "DELETE", `/api/tasks/${design.id}`, 204);
    await moments.after("design deleted");

    expect(moments.seen[0].plan.tasks.map((task) => task.name)).toEqual(["Design"]);
    await expectEveryMoment(viewer, project.id, moments.seen);
    // A moment to come answers the plan as it stands.
    const now = await readPlanAsOf(viewer, project.id, "2999-01-01T00:00:00Z");
    expect(now).toEqual(await readPlan(viewer, project.id));
  });

  it("shows a task moved to another project in the past of both: in the one it left, with its links", async () => {
    const left = await createPlannedProject(testApp, team, "Left");
    const arrived = await createPlannedProject(testApp, team, "Arrived");
    const leftMoments = recorder(editor, left.id);
    const arrivedMoments = recorder(editor, arrived.id);
    const a = await createTask(editor, left.id, { name: "A", duration: 2 });
    const b = await createTask(editor, left.id, { name: "B", duration: 3 });
    const c = await createTask(editor, left.id, { name: "C", duration: 1 });
    await link(editor, a, b);
    await link(editor, b, c, { type: "SS", lag: 1 });
    await leftMoments.after("A, B and C linked");
    await createTask(editor, arrived.id, { name: "Already there", duration: 2 });
    await arrivedMoments.after("a task of its own");

    await updateTask(editor, b.id, { projectId: arrived.id, name: "B, moved" });
    // The move took B's links and moved C (no longer after B) in the project it left.
    const afterLeft = await readPlan(editor, left.id);
    expect(afterLeft.tasks.map((task) => task.name)).toEqual(["A", "C"]);
    expect(afterLeft.dependencies).toEqual([]);
    await leftMoments.after("B moved away");
    await arrivedMoments.after("B arrived");
    await updateTask(editor, c.id, { duration: 4 });
    await leftMoments.after("C longer");

    expect(leftMoments.seen[0].plan.dependencies).toHaveLength(2);
    await expectEveryMoment(viewer, left.id, leftMoments.seen);
    await expectEveryMoment(viewer, arrived.id, arrivedMoments.seen);
    const before = await readPlanAsOf(viewer, arrived.id, arrivedMoments.seen[0].at);
    expect(before.tasks.map((task) => task.name)).toEqual(["Already there"]);
  });

  it("shows an imported plan from its import on", async () => {
    const imported = await editor.inject({
      method: "POST",
      url: "/api/projects/import?format=csv",
      headers: { "content-type": "text/csv" },
      payload: "Name,Duration\nSurvey,2\nDig,3\n",
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const body = imported.json() as { project?: ProjectDto; id?: number };
    const projectId = body.project?.id ?? (body.id as number);
    const moments = recorder(editor, projectId);
    await moments.after("imported");
    const plan = await readPlan(editor, projectId);
    const [survey, dig] = plan.tasks;
    await link(editor, survey, dig);
    await moments.after("linked");
    await updateTask(editor, dig.id, { name: "Dig deeper", duration: 6 });
    await moments.after("renamed");
    await expectEveryMoment(editor, projectId, moments.seen);
    // Before the import, there was no plan to show.
    const first = moments.seen[0].at;
    const before = new Date(Date.parse(first) - 1000).toISOString();
    const refused = await sendJson(editor, "GET", `/api/projects/${projectId}/as-of?at=${before}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: beforeTheLogMessage(first), firstMoment: first });
  });

  it("refuses a moment before the project was made, naming the first one it can show", async () => {
    const made = await expectStatus<ProjectDto>(owner, "POST", "/api/projects", 201, { name: "Young" });
    const first = await newestMoment(owner, made.id);
    const response = await sendJson(owner, "GET", `/api/projects/${made.id}/as-of?at=2020-01-01`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: `The history of this project begins at ${first}; pick a later moment.`,
      firstMoment: first,
    });
    // Its creation itself is a moment it can show: the empty project.
    const empty = await readPlanAsOf(owner, made.id, first);
    expect(empty.tasks).toEqual([]);
  });

  it("reads a day as the end of that UTC day", async () => {
    const project = await createPlannedProject(testApp, team);
    await createTask(editor, project.id, { name: "Today", duration: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await readPlanAsOf(viewer, project.id, today)).tasks.map((task) => task.name)).toEqual(["Today"]);
  });

  it("answers 400 naming at for what is not a moment", async () => {
    const project = await createPlannedProject(testApp, team);
    for (const at of ["", "yesterday", "2026-02-30", "2026-03-02T10:00", "2026-03-02T25:00Z", "1e12"]) {
      const response = await sendJson(
        viewer,
        "GET",
        `/api/projects/${project.id}/as-of?at=${encodeURIComponent(at)}`,
      );
      expect(response.statusCode, at).toBe(400);
      expect(response.body, at).toMatch(/\bat\b/);
    }
    const missing = await sendJson(viewer, "GET", `/api/projects/${project.id}/as-of`);
    expect(missing.statusCode).toBe(400);
  });

  it("is for the project's members: a stranger is told it does not exist", async () => {
    const project = await createPlannedProject(testApp, team);
    const response = await sendJson(team.outsider, "GET", `/api/projects/${project.id}/as-of?at=2999-01-01`);
    expect(response.statusCode).toBe(404);
  });
});
