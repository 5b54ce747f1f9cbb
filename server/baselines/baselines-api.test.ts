// Baselines through the API (docs/spec/tracking.md, "Baselines"): a save holds exactly the
// schedule the project answer shows, the limit of 11, the name's rules, each role's rights, reading,
// renaming and deleting, and a deleted task's row kept. Entries, undo and events:
// baselines-undo.test.ts; statements: baseline-save-counts.test.ts.
import { BASELINE_LIMIT_MESSAGE, type BaselineDto, type BaselineSummaryDto } from "@core/schemas/baselines";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { baselines } from "../db/schema";
import {
  createTask,
  expectStatus,
  link,
  readProject,
  setupPlanningTeam,
  updateTask,
} from "../scheduling/scheduling-test-helpers";
import { type Client, sendJson } from "../test/test-app";

const { testApp, team, plannedProject } = setupPlanningTeam("Baselined");
const { owner, admin, editor, viewer, outsider } = team;

const listUrl = (project: { id: number }) => `/api/projects/${project.id}/baselines`;
const oneUrl = (project: { id: number }, baselineId: number) => `${listUrl(project)}/${baselineId}`;

const save = (client: Client, project: { id: number }, name: string) =>
  expectStatus<BaselineSummaryDto>(client, "POST", listUrl(project), 201, { name });

/** A plan with an auto chain, a summary over two tasks, a manual task and an unscheduled one. */
async function planWithEveryKind() {
  const project = await plannedProject();
  const design = await createTask(editor, project.id, { name: "Design", duration: 3 });
  const build = await createTask(editor, project.id, { name: "Build", duration: 4 });
  await link(editor, design, build);
  const phase = await createTask(editor, project.id, { name: "Phase" });
  await createTask(editor, project.id, { name: "Wire", duration: 2, parentId: phase.id });
  const paint = await createTask(editor, project.id, { name: "Paint", duration: 5, parentId: phase.id });
  await link(editor, build, paint);
  const fixed = await createTask(editor, project.id, {
    name: "Inspection",
    duration: 1,
    schedulingMode: "manual",
    startDate: "2026-03-18",
    dueDate: "2026-03-18",
  });
  const idea = await createTask(editor, project.id, { name: "Someday" });
  return { project, design, build, phase, paint, fixed, idea };
}

describe("saving a baseline", () => {
  it("keeps every task's scheduled start, finish and duration and the project's finish, as the project shows them", async () => {
    const { project, phase, idea } = await planWithEveryKind();
    const detail = await readProject(viewer, project.id);
    const saved = await save(editor, project, "  Baseline  ");
    expect(saved).toEqual({
      id: expect.any(Number),
      name: "Baseline",
      savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      savedBy: { id: editor.user.id, name: expect.any(String) },
      finish: detail.schedule.finish,
    });
    expect(saved.finish).not.toBeNull();

    const read = await expectStatus<BaselineDto>(viewer, "GET", oneUrl(project, saved.id), 200);
    expect(read).toEqual({ ...saved, tasks: expect.any(Array) });
    const expected = detail.tasks
      .map((task) => ({
        taskId: task.id,
        start: task.schedule?.start ?? null,
        finish: task.schedule?.finish ?? null,
        duration: task.id === phase.id ? null : task.duration,
      }))
      .sort((a, b) => a.taskId - b.taskId);
    expect(read.tasks).toEqual(expected);
    // The kinds are all there: a summary's roll-up, and a task the schedule leaves out.
    expect(read.tasks.find((task) => task.taskId === phase.id)?.start).not.toBeNull();
    expect(read.tasks.find((task) => task.taskId === idea.id)).toEqual({
      taskId: idea.id,
      start: null,
      finish: null,
      duration: null,
    });
  });

  it("keeps the plan as it stood: a later change moves the tasks, not the baseline", async () => {
    const { project, design, build } = await planWithEveryKind();
    const saved = await save(editor, project, "Before");
    const before = await expectStatus<BaselineDto>(viewer, "GET", oneUrl(project, saved.id), 200);
    await updateTask(editor, design.id, { duration: 10 });
    const after = await expectStatus<BaselineDto>(viewer, "GET", oneUrl(project, saved.id), 200);
    expect(after).toEqual(before);
    const moved = (await readProject(viewer, project.id)).tasks.find((task) => task.id === build.id);
    expect(moved?.schedule?.start).not.toBe(before.tasks.find((task) => task.taskId === build.id)?.start);
  });

  it("of a project with no scheduled task keeps its tasks without dates and no finish", async () => {
    const project = await plannedProject();
    const lone = await createTask(editor, project.id, { name: "Lone" });
    const saved = await save(editor, project, "Empty plan");
    expect(saved.finish).toBeNull();
    const read = await expectStatus<BaselineDto>(viewer, "GET", oneUrl(project, saved.id), 200);
    expect(read.tasks).toEqual([{ taskId: lone.id, start: null, finish: null, duration: null }]);
  });

  it("is at most 11 per project: the 12th is 409 naming the limit and saves nothing", async () => {
    const project = await plannedProject();
    await createTask(editor, project.id, { name: "Work", duration: 2 });
    for (let number = 0; number < 11; number++) await save(editor, project, `Baseline ${number}`);
    const refused = await sendJson(editor, "POST", listUrl(project), { name: "One too many" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: BASELINE_LIMIT_MESSAGE, code: "baseline_limit" });
    const list = await expectStatus<BaselineSummaryDto[]>(viewer, "GET", listUrl(project), 200);
    expect(list.map((baseline) => baseline.name)).toEqual(
      Array.from({ length: 11 }, (_, number) => `Baseline ${number}`),
    );
    // Another project keeps its own eleven.
    await save(editor, await plannedProject(), "Elsewhere");
  });

  it("needs a name of 1 to 100 characters after trimming, else 400 naming `name`", async () => {
    const project = await plannedProject();
    for (const body of [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(101) },
      { name: 7 },
      { name: "a\u0000b" },
    ]) {
      const response = await sendJson(editor, "POST", listUrl(project), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toMatch(/name/);
    }
    expect(await expectStatus(viewer, "GET", listUrl(project), 200)).toEqual([]);
    expect((await save(editor, project, "x".repeat(100))).name).toHaveLength(100);
  });
});

describe("rights", () => {
  it("editors and up save, rename and delete; viewers read and get 403 on writes; strangers 404", async () => {
    const project = await plannedProject();
    for (const client of [owner, admin, editor]) await save(client, project, `By ${client.user.id}`);
    const [first] = await expectStatus<BaselineSummaryDto[]>(viewer, "GET", listUrl(project), 200);
    await expectStatus(viewer, "GET", oneUrl(project, first.id), 200);
    await expectStatus(viewer, "POST", listUrl(project), 403, { name: "No" });
    await expectStatus(viewer, "PATCH", oneUrl(project, first.id), 403, { name: "No" });
    await expectStatus(viewer, "DELETE", oneUrl(project, first.id), 403);
    for (const [method, url] of [
      ["GET", listUrl(project)],
      ["POST", listUrl(project)],
      ["GET", oneUrl(project, first.id)],
      ["PATCH", oneUrl(project, first.id)],
      ["DELETE", oneUrl(project, first.id)],
    ] as const) {
      await expectStatus(outsider, method, url, 404, method === "GET" ? undefined : { name: "Peek" });
    }
    expect(await expectStatus<unknown[]>(owner, "GET", listUrl(project), 200)).toHaveLength(3);
  });
});

describe("reading, renaming and deleting", () => {
  it("lists oldest first; renames; deletes with 204; another project's or an unknown id is 404", async () => {
    const project = await plannedProject();
    const other = await plannedProject();
    const a = await save(editor, project, "A");
    const b = await save(editor, project, "B");
    const foreign = await save(editor, other, "Foreign");
    expect(await expectStatus(viewer, "GET", listUrl(project), 200)).toEqual([a, b]);

    const renamed = await expectStatus<BaselineSummaryDto>(editor, "PATCH", oneUrl(project, a.id), 200, {
      name: " Agreed plan ",
    });
    expect(renamed).toEqual({ ...a, name: "Agreed plan" });
    await expectStatus(editor, "PATCH", oneUrl(project, a.id), 400, { name: "" });

    for (const id of [foreign.id, 2_000_000_000]) {
      await expectStatus(viewer, "GET", oneUrl(project, id), 404);
      await expectStatus(editor, "PATCH", oneUrl(project, id), 404, { name: "Taken" });
      await expectStatus(editor, "DELETE", oneUrl(project, id), 404);
    }
    expect((await expectStatus<BaselineDto>(viewer, "GET", oneUrl(other, foreign.id), 200)).name).toBe(
      "Foreign",
    );

    await expectStatus(editor, "DELETE", oneUrl(project, b.id), 204);
    expect(await expectStatus(viewer, "GET", listUrl(project), 200)).toEqual([renamed]);
    await expectStatus(viewer, "GET", oneUrl(project, b.id), 404);
  });

  it("a deleted task keeps its row in the baseline", async () => {
    const { project, build } = await planWithEveryKind();
    const saved = await save(editor, project, "Kept");
    const kept = (await expectStatus<BaselineDto>(viewer, "GET", oneUrl(project, saved.id), 200)).tasks.find(
      (task) => task.taskId === build.id,
    );
    expect(kept?.start).not.toBeNull();
    await expectStatus(editor, "DELETE", `/api/tasks/${build.id}`, 204);
    const after = await expectStatus<BaselineDto>(viewer, "GET", oneUrl(project, saved.id), 200);
    expect(after.tasks.find((task) => task.taskId === build.id)).toEqual(kept);
  });

  it("deleting the project deletes its baselines", async () => {
    const project = await plannedProject();
    const saved = await save(owner, project, "Gone with it");
    await expectStatus(owner, "DELETE", `/api/projects/${project.id}`, 204);
    await expectStatus(owner, "GET", oneUrl(project, saved.id), 404);
    const [row] = await testApp.database.db.select().from(baselines).where(eq(baselines.id, saved.id));
    expect(row).toBeUndefined();
  });
});
