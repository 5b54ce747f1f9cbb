// Progress and actual dates through the API (docs/spec/tracking.md): percentComplete and the
// completion as one fact, actual dates' defaults and refusals, actuals driving the dependents, a
// summary's progress rolled up, the status date and who may set it, and late tasks.

import { todayUtc } from "@core/scheduling/status-date";
import type { ProjectDto, TaskDto } from "@core/schemas/projects";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tasks } from "../db/schema";
import { sendJson } from "../test/test-app";
import {
  createTask,
  expectStatus,
  link,
  scheduledTasks,
  setupPlanningTeam,
  storedSpan,
  updateTask,
} from "./scheduling-test-helpers";

// Working days from Monday 2026-03-02: 0..4 are 03-02..06, 5..9 are 03-09..13.
const { testApp, team, plannedProject } = setupPlanningTeam("Tracking");
const { admin, editor } = team;

const stored = async (id: number) => {
  const [row] = await testApp.database.db.select().from(tasks).where(eq(tasks.id, id));
  return {
    percentComplete: row.percentComplete,
    actualStart: row.actualStart,
    actualFinish: row.actualFinish,
    completed: row.completed,
    status: row.status,
  };
};

/** Pour foundation (3 days) then Frame walls (2 days), finish to start. */
async function chain() {
  const project = await plannedProject();
  const a = await createTask(editor, project.id, { name: "Pour foundation", duration: 3 });
  const b = await createTask(editor, project.id, { name: "Frame walls", duration: 2 });
  await link(editor, a, b);
  return { project, a, b };
}

describe("progress and completion", () => {
  it("gives progress an actual start (its scheduled start), and makes 100 % and completed one fact", async () => {
    const { a } = await chain();
    // Work under way: the task not started moves to In Progress.
    expect(await updateTask(editor, a.id, { percentComplete: 40 })).toMatchObject({
      percentComplete: 40,
      actualStart: "2026-03-02",
      actualFinish: null,
      completed: false,
      status: "in-progress",
    } satisfies Partial<TaskDto>);
    expect(await updateTask(editor, a.id, { percentComplete: 100 })).toMatchObject({
      percentComplete: 100,
      completed: true,
      status: "completed",
      actualStart: "2026-03-02",
      actualFinish: todayUtc(),
    });
    // Reopened: back to 0 %, no finish, the start kept (work did begin).
    await updateTask(editor, a.id, { completed: false });
    expect(await stored(a.id)).toEqual({
      percentComplete: 0,
      actualStart: "2026-03-02",
      actualFinish: null,
      completed: false,
      status: "not-started",
    });
    // Moved to the Completed column (status) it is 100 % too, finishing on the day sent.
    await updateTask(editor, a.id, { status: "completed", actualFinish: "2026-03-04" });
    expect(await stored(a.id)).toMatchObject({ percentComplete: 100, actualFinish: "2026-03-04" });
  });

  it("creates a task with its progress settled the same way", async () => {
    const project = await plannedProject();
    const done = await createTask(editor, project.id, { name: "Done", completed: true });
    expect(done).toMatchObject({ percentComplete: 100, actualStart: todayUtc(), actualFinish: todayUtc() });
    const half = await createTask(editor, project.id, { name: "Half", percentComplete: 50 });
    expect(half).toMatchObject({ completed: false, actualStart: todayUtc() });
  });

  it("refuses what cannot agree with 400 naming the field, and stores nothing", async () => {
    const { project, a } = await chain();
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ percentComplete: 101 }, "percentComplete", /whole number from 0 to 100/],
      [{ percentComplete: 2.5 }, "percentComplete", /whole number from 0 to 100/],
      [
        { percentComplete: 50, actualFinish: "2026-03-04" },
        "actualFinish",
        /only be set on a completed task/,
      ],
      [
        { completed: true, actualStart: "2026-03-05", actualFinish: "2026-03-04" },
        "actualFinish",
        /on or after actualStart/,
      ],
      [{ completed: true, percentComplete: 50 }, "percentComplete", /exactly when the task is completed/],
      [{ actualStart: "March" }, "actualStart", /YYYY-MM-DD/],
    ];
    for (const [body, field, message] of refusals) {
      const response = await sendJson(editor, "PUT", `/api/tasks/${a.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatch(message);
      expect(response.body).toContain(field);
    }
    expect(await stored(a.id)).toMatchObject({ percentComplete: 0, actualStart: null, completed: false });
    // A summary's progress rolls up from its leaves, weighted by duration: it cannot be set.
    const phase = await createTask(editor, project.id, { name: "Phase" });
    await updateTask(editor, a.id, { parentId: phase.id });
    const child = await createTask(editor, project.id, { name: "Child", duration: 1, parentId: phase.id });
    const refused = await sendJson(editor, "PUT", `/api/tasks/${phase.id}`, { percentComplete: 50 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "percentComplete cannot be set on a summary task: it rolls up from the tasks under it.",
    });
    await updateTask(editor, a.id, { percentComplete: 50 });
    await updateTask(editor, child.id, { percentComplete: 100 });
    // (3 days x 50 + 1 day x 100) / 4 days.
    expect((await scheduledTasks(editor, project.id)).get(phase.id)?.percentComplete).toBe(62);
  });
});

describe("actual dates drive the schedule", () => {
  it("starts a task on its actual start and ends it on its actual finish; its dependents follow", async () => {
    const { project, a, b } = await chain();
    await updateTask(editor, a.id, { percentComplete: 10, actualStart: "2026-03-04" });
    expect((await scheduledTasks(editor, project.id)).get(a.id)?.schedule).toMatchObject({
      start: "2026-03-04",
      finish: "2026-03-06",
      drivenBy: { kind: "actual" },
      conflict: false,
    });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-09..2026-03-10");
    // Finished early, on its second day: the walls start the day after.
    await updateTask(editor, a.id, { percentComplete: 100, actualFinish: "2026-03-05" });
    expect(await storedSpan(testApp, a.id)).toBe("2026-03-04..2026-03-05");
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-06..2026-03-09");
  });
});

describe("the status date and late tasks", () => {
  it("is set by an admin, not an editor, and judges each task's progress at its end", async () => {
    const { project, a, b } = await chain();
    const refused = await sendJson(editor, "PATCH", `/api/projects/${project.id}`, {
      statusDate: "2026-03-04",
    });
    expect(refused.statusCode).toBe(403);
    const patched = await expectStatus<ProjectDto>(admin, "PATCH", `/api/projects/${project.id}`, 200, {
      statusDate: "2026-03-04",
    });
    expect(patched.statusDate).toBe("2026-03-04");
    // By the end of Wednesday the foundation (Mon..Wed) should be done; the walls not begun.
    let byId = await scheduledTasks(editor, project.id);
    expect(byId.get(a.id)?.schedule?.late).toBe(true);
    expect(byId.get(b.id)?.schedule?.late).toBe(false);
    await updateTask(editor, a.id, { percentComplete: 100, actualFinish: "2026-03-04" });
    byId = await scheduledTasks(editor, project.id);
    expect(byId.get(a.id)?.schedule?.late).toBe(false);
    // On Tuesday, two thirds of the way, a third done is behind; 66 % is on plan.
    await expectStatus(admin, "PATCH", `/api/projects/${project.id}`, 200, { statusDate: "2026-03-03" });
    await updateTask(editor, a.id, { percentComplete: 33 });
    expect((await scheduledTasks(editor, project.id)).get(a.id)?.schedule?.late).toBe(true);
    await updateTask(editor, a.id, { percentComplete: 66 });
    expect((await scheduledTasks(editor, project.id)).get(a.id)?.schedule?.late).toBe(false);
    // Without a status date, today: everything planned in March and not done is late.
    await expectStatus(admin, "PATCH", `/api/projects/${project.id}`, 200, { statusDate: null });
    expect((await scheduledTasks(editor, project.id)).get(b.id)?.schedule?.late).toBe(true);
  });

  it("marks a summary late when a task under it is", async () => {
    const { project, a, b } = await chain();
    const phase = await createTask(editor, project.id, { name: "Phase" });
    await updateTask(editor, b.id, { parentId: phase.id });
    await expectStatus(admin, "PATCH", `/api/projects/${project.id}`, 200, { statusDate: "2026-03-06" });
    const byId = await scheduledTasks(editor, project.id);
    expect(byId.get(b.id)?.schedule?.late).toBe(true);
    expect(byId.get(phase.id)?.schedule?.late).toBe(true);
    await updateTask(editor, b.id, { percentComplete: 100 });
    await updateTask(editor, a.id, { percentComplete: 100 });
    expect((await scheduledTasks(editor, project.id)).get(phase.id)?.schedule?.late).toBe(false);
  });
});
