// Constraints and deadlines through the API (docs/spec/constraints.md):
// the wire fields and their refusals, startNoEarlierThan as the SNET constraint, each type's
// arithmetic on a small plan, deadlines and negative float, conflicts in words, what drives each
// start, a summary's constraint, and undo. Runs on PGlite and, in CI, on PostgreSQL.
import type { TaskDto } from "@core/schemas/projects";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries, tasks } from "../db/schema";
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
const { testApp, team, plannedProject } = setupPlanningTeam("Constraints");
const { editor } = team;

const storedConstraint = async (id: number) => {
  const [row] = await testApp.database.db.select().from(tasks).where(eq(tasks.id, id));
  return {
    constraintType: row.constraintType,
    constraintDate: row.constraintDate,
    startNoEarlierThan: row.startNoEarlierThan,
    deadline: row.deadline,
  };
};

/** A (3 days) then B (2 days), finish to start: B would start 03-05. */
async function chain() {
  const project = await plannedProject();
  const a = await createTask(editor, project.id, { name: "Pour foundation", duration: 3 });
  const b = await createTask(editor, project.id, { name: "Frame walls", duration: 2 });
  const aToB = await link(editor, a, b);
  return { project, a, b, aToB };
}

const scheduleOf = async (projectId: number, id: number) =>
  (await scheduledTasks(editor, projectId)).get(id)?.schedule;

describe("the constraint fields on the wire", () => {
  it("gives a new task ASAP without a date or deadline, and reads startNoEarlierThan as SNET", async () => {
    const project = await plannedProject();
    const plain = await createTask(editor, project.id, { name: "Plain" });
    expect(plain).toMatchObject({ constraintType: "ASAP", constraintDate: null, deadline: null });
    const old = await createTask(editor, project.id, { name: "Old", startNoEarlierThan: "2026-03-04" });
    expect(old).toMatchObject({
      constraintType: "SNET",
      constraintDate: "2026-03-04",
      startNoEarlierThan: "2026-03-04",
    });
    const typed = await createTask(editor, project.id, {
      name: "Typed",
      constraintType: "SNET",
      constraintDate: "2026-03-05",
    });
    expect(typed).toMatchObject({ startNoEarlierThan: "2026-03-05" });
    // Another type leaves no start-no-earlier-than; clearing it takes the SNET away.
    expect(await updateTask(editor, typed.id, { constraintType: "FNLT" })).toMatchObject({
      constraintType: "FNLT",
      constraintDate: "2026-03-05",
      startNoEarlierThan: null,
    });
    expect(await updateTask(editor, old.id, { startNoEarlierThan: null })).toMatchObject({
      constraintType: "ASAP",
      constraintDate: null,
    });
    expect(await storedConstraint(old.id)).toEqual({
      constraintType: "ASAP",
      constraintDate: null,
      startNoEarlierThan: null,
      deadline: null,
    });
  });

  it("refuses a write it cannot make sense of with 400 naming the field, and stores nothing", async () => {
    const project = await plannedProject();
    const task = await createTask(editor, project.id, { name: "Task", duration: 2 });
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ constraintType: "SOON" }, "constraintType", /constraintType must be one of ASAP, ALAP/],
      [{ constraintType: "SNLT" }, "constraintDate", /constraintDate is required for a SNLT/],
      [{ constraintType: "ASAP", constraintDate: "2026-03-04" }, "constraintDate", /must be empty/],
      [
        { constraintType: "MSO", constraintDate: "2026-03-04", startNoEarlierThan: "2026-03-04" },
        "startNoEarlierThan",
        /disagree/,
      ],
      [{ constraintDate: "2026-02-30", constraintType: "MSO" }, "constraintDate", /YYYY-MM-DD/],
      [{ deadline: "next week" }, "deadline", /deadline must be a date written YYYY-MM-DD/],
    ];
    for (const [body, field, message] of refusals) {
      const response = await sendJson(editor, "PUT", `/api/tasks/${task.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatch(message);
      expect(response.body).toContain(field);
      const created = await sendJson(editor, "POST", `/api/projects/${project.id}/tasks`, {
        name: "Refused",
        ...body,
      });
      expect(created.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await storedConstraint(task.id)).toEqual({
      constraintType: "ASAP",
      constraintDate: null,
      startNoEarlierThan: null,
      deadline: null,
    });
    expect((await scheduledTasks(editor, project.id)).size).toBe(1);
  });

  it("lets a summary hold only a start-no-earlier-than, and its deadline", async () => {
    const project = await plannedProject();
    const phase = await createTask(editor, project.id, { name: "Phase" });
    const child = await createTask(editor, project.id, { name: "Child", duration: 2, parentId: phase.id });
    const refused = await sendJson(editor, "PUT", `/api/tasks/${phase.id}`, {
      constraintType: "MSO",
      constraintDate: "2026-03-04",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "A summary task takes only a start-no-earlier-than constraint (ASAP or SNET).",
    });
    await updateTask(editor, phase.id, { constraintType: "SNET", constraintDate: "2026-03-04" });
    await updateTask(editor, phase.id, { deadline: "2026-03-04" });
    const byId = await scheduledTasks(editor, project.id);
    // Its SNET holds its subtree; its deadline caps the tasks' late dates, flagging the summary.
    expect(byId.get(child.id)?.schedule).toMatchObject({ start: "2026-03-04", finish: "2026-03-05" });
    expect(byId.get(phase.id)?.schedule).toMatchObject({ conflict: true, drivenBy: { kind: "constraint" } });
    expect(byId.get(phase.id)?.schedule?.conflictReason).toBe(
      "Finishes Mar 5, 2026, after its deadline, Mar 4, 2026.",
    );
    expect(byId.get(child.id)?.schedule?.totalFloat).toBe(-1);
  });
});

describe("each constraint type's arithmetic", () => {
  it("SNET and FNET raise the early dates; the constraint then drives the start", async () => {
    const { project, b } = await chain();
    await updateTask(editor, b.id, { constraintType: "SNET", constraintDate: "2026-03-10" });
    expect(await scheduleOf(project.id, b.id)).toMatchObject({
      start: "2026-03-10",
      finish: "2026-03-11",
      drivenBy: { kind: "constraint" },
      conflict: false,
    });
    await updateTask(editor, b.id, { constraintType: "FNET", constraintDate: "2026-03-13" });
    expect(await scheduleOf(project.id, b.id)).toMatchObject({ start: "2026-03-12", finish: "2026-03-13" });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-12..2026-03-13");
  });

  it("SNLT and FNLT let the links win: the task stays, its float goes negative, and it says why", async () => {
    const { project, a, b, aToB } = await chain();
    await updateTask(editor, b.id, { constraintType: "SNLT", constraintDate: "2026-03-03" });
    const late = await scheduleOf(project.id, b.id);
    expect(late).toMatchObject({
      start: "2026-03-05",
      totalFloat: -2,
      critical: true,
      conflict: true,
      drivenBy: { kind: "dependency", dependencyId: aToB.id },
    });
    expect(late?.conflictReason).toBe(
      "Starts Mar 5, 2026, after its start-no-later-than date, Mar 3, 2026: its prerequisites do not let it start sooner.",
    );
    // The prerequisite is as late: it cannot slip a day without moving B further past its date.
    expect(await scheduleOf(project.id, a.id)).toMatchObject({ totalFloat: -2, conflict: false });
    // A later limit caps nothing: the project's finish still bounds B (no float is made up).
    await updateTask(editor, b.id, { constraintType: "FNLT", constraintDate: "2026-03-09" });
    expect(await scheduleOf(project.id, b.id)).toMatchObject({
      finish: "2026-03-06",
      totalFloat: 0,
      conflict: false,
    });
  });

  it("MSO and MFO fix the task on its date, breaking the link into it, flagged", async () => {
    const { project, b } = await chain();
    await updateTask(editor, b.id, { constraintType: "MSO", constraintDate: "2026-03-03" });
    const pinned = await scheduleOf(project.id, b.id);
    expect(pinned).toMatchObject({
      start: "2026-03-03",
      finish: "2026-03-04",
      conflict: true,
      drivenBy: { kind: "constraint" },
    });
    expect(pinned?.conflictReason).toBe(
      "Must start on Mar 3, 2026, sooner than its prerequisites allow: a link into it is not met.",
    );
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-03..2026-03-04");
    await updateTask(editor, b.id, { constraintType: "MFO", constraintDate: "2026-03-13" });
    expect(await scheduleOf(project.id, b.id)).toMatchObject({
      start: "2026-03-12",
      finish: "2026-03-13",
      conflict: false,
    });
  });

  it("ALAP places a task at its late dates, and its free float is what is left", async () => {
    const { project, a, b } = await chain();
    const side = await createTask(editor, project.id, { name: "Order windows", duration: 1 });
    expect(await scheduleOf(project.id, side.id)).toMatchObject({ start: "2026-03-02", freeFloat: 4 });
    await updateTask(editor, side.id, { constraintType: "ALAP" });
    // The project finishes 03-06 (A then B): the side task takes its last day.
    expect(await scheduleOf(project.id, side.id)).toMatchObject({
      start: "2026-03-06",
      finish: "2026-03-06",
      totalFloat: 0,
      freeFloat: 0,
      drivenBy: { kind: "constraint" },
    });
    expect(await scheduleOf(project.id, a.id)).toMatchObject({ start: "2026-03-02" });
    expect(await scheduleOf(project.id, b.id)).toMatchObject({ finish: "2026-03-06" });
  });

  it("a deadline caps the late finish and never moves the task; past it the task is flagged", async () => {
    const { project, a, b } = await chain();
    await updateTask(editor, b.id, { deadline: "2026-03-05" });
    expect(await scheduleOf(project.id, b.id)).toMatchObject({
      start: "2026-03-05",
      finish: "2026-03-06",
      totalFloat: -1,
      conflict: true,
      conflictReason: "Finishes Mar 6, 2026, after its deadline, Mar 5, 2026.",
    });
    expect(await scheduleOf(project.id, a.id)).toMatchObject({ totalFloat: -1, conflict: false });
    await updateTask(editor, b.id, { deadline: "2026-03-13" });
    expect(await scheduleOf(project.id, b.id)).toMatchObject({
      finish: "2026-03-06",
      totalFloat: 0,
      conflict: false,
    });
    // Before the project's finish it caps a task off the critical path too.
    const side = await createTask(editor, project.id, { name: "Order windows", duration: 1 });
    expect(await scheduleOf(project.id, side.id)).toMatchObject({ totalFloat: 4 });
    await updateTask(editor, side.id, { deadline: "2026-03-03" });
    expect(await scheduleOf(project.id, side.id)).toMatchObject({
      start: "2026-03-02",
      totalFloat: 1,
      conflict: false,
    });
  });
});

describe("a constraint's change as a command", () => {
  it("records one entry, moves the dependents, and undoes to the constraint it replaced", async () => {
    const { project, a, b } = await chain();
    await updateTask(editor, a.id, { startNoEarlierThan: "2026-03-04" });
    await updateTask(editor, a.id, { constraintType: "MSO", constraintDate: "2026-03-09" });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-12..2026-03-13");
    const entries = await testApp.database.db
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.projectId, project.id))
      .orderBy(asc(activityEntries.id));
    const last = entries.at(-1);
    expect(last?.changes).toMatchObject({
      constraintType: ["SNET", "MSO"],
      constraintDate: ["2026-03-04", "2026-03-09"],
      startNoEarlierThan: ["2026-03-04", null],
    });
    await expectStatus(editor, "POST", `/api/activity/${last?.id}/undo`, 200);
    expect(await storedConstraint(a.id)).toEqual({
      constraintType: "SNET",
      constraintDate: "2026-03-04",
      startNoEarlierThan: "2026-03-04",
      deadline: null,
    });
    expect(await storedSpan(testApp, a.id)).toBe("2026-03-04..2026-03-06");
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-09..2026-03-10");
  });

  it("answers the fields on the write, and the explained schedule in the project answer", async () => {
    const { project, b, aToB } = await chain();
    const answer = await updateTask(editor, b.id, { deadline: "2026-03-20" });
    expect(answer).toMatchObject({
      deadline: "2026-03-20",
      constraintType: "ASAP",
    } satisfies Partial<TaskDto>);
    expect((await scheduledTasks(editor, project.id)).get(b.id)).toMatchObject({
      deadline: "2026-03-20",
      schedule: { drivenBy: { kind: "dependency", dependencyId: aToB.id }, freeFloat: 0, conflict: false },
    });
  });
});
