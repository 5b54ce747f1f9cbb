// Scheduling through the API (docs/decisions 024, the product's section 8): the new fields and their
// defaults, `schedule` in the project and public answers, and every write that moves auto tasks
// storing their new dates before it answers. Dry runs, refusals, permissions and blocking are in
// scheduling-rules.test.ts.
import type { ProjectDto } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import { publishProject } from "../test/factories";
import {
  createTask,
  expectStatus,
  link,
  patchProject,
  readProject,
  setupPlanningTeam,
  storedTasks,
  updateTask,
} from "./scheduling-test-helpers";

const { testApp, team, plannedProject } = setupPlanningTeam();
const { owner, editor } = team;

describe("the scheduling fields and their defaults", () => {
  it("gives a new project today (UTC) as its start, Monday to Friday and no holidays", async () => {
    const created = await expectStatus<ProjectDto>(owner, "POST", "/api/projects", 201, { name: "New" });
    const today = new Date().toISOString().slice(0, 10);
    expect(created).toMatchObject({ startDate: today, workingDays: [1, 2, 3, 4, 5], holidays: [] });
    const detail = await readProject(owner, created.id);
    expect(detail.project).toMatchObject({ startDate: today, workingDays: [1, 2, 3, 4, 5], holidays: [] });
    expect(detail.schedule).toEqual({ finish: null });
  });

  it("gives a new task no duration, auto mode and no constraint, and keeps the ones sent", async () => {
    const project = await plannedProject();
    const plain = await createTask(editor, project.id, { name: "Plain" });
    expect(plain).toMatchObject({ duration: null, schedulingMode: "auto", startNoEarlierThan: null });
    const sent = await createTask(editor, project.id, {
      name: "Sent",
      duration: 4,
      schedulingMode: "manual",
      startNoEarlierThan: "2026-03-04",
    });
    expect(sent).toMatchObject({ duration: 4, schedulingMode: "manual", startNoEarlierThan: "2026-03-04" });
    const changed = await updateTask(editor, sent.id, { schedulingMode: "auto", startNoEarlierThan: null });
    expect(changed).toMatchObject({ duration: 4, schedulingMode: "auto", startNoEarlierThan: null });
  });

  it("makes a dependency FS with no lag unless told, and PUT changes its type, its lag or both", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A" });
    const b = await createTask(owner, project.id, { name: "B" });
    const c = await createTask(owner, project.id, { name: "C" });
    expect(await link(editor, a, b)).toMatchObject({ type: "FS", lag: 0 });
    const typed = await link(editor, b, c, { type: "SS", lag: -3 });
    expect(typed).toEqual({
      id: expect.any(Number),
      projectId: project.id,
      sourceTaskId: b.id,
      targetTaskId: c.id,
      type: "SS",
      lag: -3,
    });
    const url = `/api/dependencies/${typed.id}`;
    expect(await expectStatus(editor, "PUT", url, 200, { lag: 2 })).toEqual({ ...typed, lag: 2 });
    expect(await expectStatus(editor, "PUT", url, 200, { type: "FF" })).toEqual({
      ...typed,
      type: "FF",
      lag: 2,
    });
    const both = await expectStatus(editor, "PUT", url, 200, { type: "SF", lag: 1000 });
    expect(both).toEqual({ ...typed, type: "SF", lag: 1000 });
    expect((await readProject(owner, project.id)).dependencies).toContainEqual(both);
  });

  it("sets the calendar with PATCH or PUT, weekdays sorted and holidays sorted without repeats", async () => {
    const project = await plannedProject();
    const patched = await patchProject(owner, project.id, {
      startDate: "2026-04-01",
      workingDays: [5, 1, 3],
      holidays: ["2026-12-25", "2026-04-03", "2026-12-25"],
    });
    expect(patched).toMatchObject({
      startDate: "2026-04-01",
      workingDays: [1, 3, 5],
      holidays: ["2026-04-03", "2026-12-25"],
    });
    const put = await expectStatus<ProjectDto>(owner, "PUT", `/api/projects/${project.id}`, 200, {
      workingDays: [7, 6],
    });
    expect(put).toMatchObject({
      startDate: "2026-04-01",
      workingDays: [6, 7],
      holidays: ["2026-04-03", "2026-12-25"],
    });
    expect((await readProject(owner, project.id)).project).toMatchObject({ workingDays: [6, 7] });
  });
});

describe("schedule in the project and public answers", () => {
  it("gives every task its dates, floats, critical flag and driver, null without a duration, and the finish", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    const side = await createTask(owner, project.id, { name: "Side", duration: 1 });
    const gate = await createTask(owner, project.id, { name: "Gate", duration: 0 });
    const kickoff = await createTask(owner, project.id, { name: "Kickoff", duration: 0 });
    const loose = await createTask(owner, project.id, { name: "Loose", startDate: "2026-03-20" });
    const aToB = await link(owner, a, b);
    await link(owner, a, gate);
    await link(owner, loose, side); // a task without a duration does not hold anything back

    const detail = await readProject(owner, project.id);
    expect(detail.schedule).toEqual({ finish: "2026-03-06" });
    const byId = new Map(detail.tasks.map((task) => [task.id, task.schedule]));
    expect(byId.get(a.id)).toEqual({
      start: "2026-03-02",
      finish: "2026-03-04",
      lateStart: "2026-03-02",
      lateFinish: "2026-03-04",
      totalFloat: 0,
      critical: true,
      freeFloat: 0,
      drivenBy: { kind: "projectStart" },
      conflict: false,
      conflictReason: null,
      // Planned in March 2026 and not done by today (the status date): behind.
      late: true,
    });
    expect(byId.get(b.id)).toEqual({
      start: "2026-03-05",
      finish: "2026-03-06",
      lateStart: "2026-03-05",
      lateFinish: "2026-03-06",
      totalFloat: 0,
      critical: true,
      freeFloat: 0,
      drivenBy: { kind: "dependency", dependencyId: aToB.id },
      conflict: false,
      conflictReason: null,
      // Planned in March 2026 and not done by today (the status date): behind.
      late: true,
    });
    // Nothing waits for it: it may slip to the project's finish without moving anything.
    expect(byId.get(side.id)).toEqual({
      start: "2026-03-02",
      finish: "2026-03-02",
      lateStart: "2026-03-06",
      lateFinish: "2026-03-06",
      totalFloat: 4,
      critical: false,
      freeFloat: 4,
      drivenBy: { kind: "projectStart" },
      conflict: false,
      conflictReason: null,
      // Planned in March 2026 and not done by today (the status date): behind.
      late: true,
    });
    // A milestone falls at the end of the day before its boundary, or on day 0 at the start.
    expect(byId.get(gate.id)).toMatchObject({ start: "2026-03-04", finish: "2026-03-04", totalFloat: 2 });
    expect(byId.get(kickoff.id)).toMatchObject({ start: "2026-03-02", finish: "2026-03-02", totalFloat: 5 });
    expect(byId.get(loose.id)).toBeNull();

    const link_ = await publishProject(testApp, project);
    const shared = await expectStatus<typeof detail>(owner, "GET", `/api/share/${link_.token}`, 200);
    expect(shared.schedule).toEqual({ finish: "2026-03-06" });
    expect(new Map(shared.tasks.map((task) => [task.id, task.schedule]))).toEqual(byId);
  });

  it("answers schedule null on every task and no finish when no task has a duration", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, {
      name: "A",
      startDate: "2026-03-03",
      dueDate: "2026-03-05",
    });
    const b = await createTask(owner, project.id, { name: "B" });
    await link(owner, a, b);
    const detail = await readProject(owner, project.id);
    expect(detail.schedule).toEqual({ finish: null });
    expect(detail.tasks.map((task) => task.schedule)).toEqual([null, null]);
    const share = await publishProject(testApp, project);
    const shared = await expectStatus<typeof detail>(owner, "GET", `/api/share/${share.token}`, 200);
    expect(shared.schedule).toEqual({ finish: null });
    expect(shared.tasks.map((task) => task.schedule)).toEqual([null, null]);
    // Its dates stay as they were sent: no duration, no scheduling.
    expect((await storedTasks(testApp, [a.id])).get(a.id)).toMatchObject({
      startDate: "2026-03-03T00:00:00.000Z",
      dueDate: "2026-03-05T00:00:00.000Z",
    });
  });
});
