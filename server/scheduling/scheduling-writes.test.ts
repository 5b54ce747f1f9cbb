// Scheduling through the API: every write that changes a scheduling input moves the auto tasks it
// affects and stores their new dates (midnight UTC) before it answers (section 8, "Writes
// reschedule at once"), and the rules for dates sent to an auto task.
import { describe, expect, it } from "vitest";
import {
  createTask,
  expectStatus,
  link,
  MONDAY,
  midnight,
  patchProject,
  readProject,
  scheduledTasks,
  setupPlanningTeam,
  spans,
  storedSpan,
  storedTasks,
  updateTask,
} from "./scheduling-test-helpers";

const { testApp, team, plannedProject } = setupPlanningTeam();
const { owner, editor } = team;

describe("writes reschedule at once and store auto tasks' dates", () => {
  it("moves dependents when a duration changes, and stores midnight UTC", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    expect(a).toMatchObject({ startDate: midnight("2026-03-02"), dueDate: midnight("2026-03-04") });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    await link(owner, a, b);
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");

    const longer = await updateTask(editor, a.id, { duration: 5 });
    expect(longer).toMatchObject({
      duration: 5,
      startDate: midnight("2026-03-02"),
      dueDate: midnight("2026-03-06"),
    });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-09..2026-03-10");
    expect((await spans(owner, project.id)).get(b.id)).toBe("2026-03-09..2026-03-10");
    expect((await readProject(owner, project.id)).schedule.finish).toBe("2026-03-10");
  });

  it("moves a task when a dependency is added, changed, given a lag or a lead, and removed", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-02..2026-03-03");
    const dependency = await link(editor, a, b);
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");

    const url = `/api/dependencies/${dependency.id}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ lag: 2 }, "2026-03-09..2026-03-10"], // FS +2: s >= 3 + 2
      [{ lag: -1 }, "2026-03-04..2026-03-05"], // FS -1 (a lead): s >= 2
      [{ type: "SS", lag: 1 }, "2026-03-03..2026-03-04"], // s >= 0 + 1
      [{ type: "FF", lag: 0 }, "2026-03-03..2026-03-04"], // f >= 3, so s >= 1
      [{ type: "FF", lag: 3 }, "2026-03-06..2026-03-09"], // f >= 6 over the weekend
      [{ type: "SF", lag: 3 }, "2026-03-03..2026-03-04"], // f >= 0 + 3
      [{ type: "SF", lag: 0 }, "2026-03-02..2026-03-03"], // f >= 0: the project's start rules
    ];
    for (const [change, expected] of cases) {
      await expectStatus(editor, "PUT", url, 200, change);
      expect(await storedSpan(testApp, b.id), JSON.stringify(change)).toBe(expected);
      expect((await spans(owner, project.id)).get(b.id), JSON.stringify(change)).toBe(expected);
    }
    await expectStatus(editor, "PUT", url, 200, { type: "FS", lag: 0 });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");
    await expectStatus(editor, "DELETE", url, 204);
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-02..2026-03-03");
  });

  it("moves auto tasks when the project's start, working days or holidays change", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 5 });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    await link(owner, a, b);
    const both = async () => [await storedSpan(testApp, a.id), await storedSpan(testApp, b.id)];
    expect(await both()).toEqual(["2026-03-02..2026-03-06", "2026-03-09..2026-03-10"]);

    await patchProject(owner, project.id, { startDate: "2026-03-04" });
    expect(await both()).toEqual(["2026-03-04..2026-03-10", "2026-03-11..2026-03-12"]);
    await patchProject(owner, project.id, { startDate: MONDAY, workingDays: [1, 2, 3, 4, 5, 6] });
    expect(await both()).toEqual(["2026-03-02..2026-03-06", "2026-03-07..2026-03-09"]);
    await patchProject(owner, project.id, {
      workingDays: [1, 2, 3, 4, 5],
      holidays: ["2026-03-03", "2026-03-10"],
    });
    expect(await both()).toEqual(["2026-03-02..2026-03-09", "2026-03-11..2026-03-12"]);
    expect((await readProject(owner, project.id)).schedule.finish).toBe("2026-03-12");
    // A start on a holiday or a weekend: working day 0 is the next day worked.
    await patchProject(owner, project.id, { startDate: "2026-03-01", holidays: ["2026-03-02"] });
    expect(await both()).toEqual(["2026-03-03..2026-03-09", "2026-03-10..2026-03-11"]);
  });

  it("moves the dependents of a deleted task earlier", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const c = await createTask(owner, project.id, { name: "C", duration: 1 });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    await link(owner, a, b);
    await link(owner, c, b);
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");
    await expectStatus(editor, "DELETE", `/api/tasks/${a.id}`, 204);
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-03..2026-03-04");
    expect((await spans(owner, project.id)).get(b.id)).toBe("2026-03-03..2026-03-04");
    await expectStatus(editor, "DELETE", `/api/tasks/${c.id}`, 204);
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-02..2026-03-03");
  });

  it("schedules a manual task from its own dates and lets it drive an auto one", async () => {
    const project = await plannedProject();
    const manual = await createTask(owner, project.id, {
      name: "Manual",
      duration: 3,
      schedulingMode: "manual",
      startDate: "2026-03-10T00:00:00.000Z",
      dueDate: "2026-03-12T00:00:00.000Z",
    });
    const auto = await createTask(owner, project.id, { name: "Auto", duration: 2 });
    await link(owner, manual, auto);
    expect(await storedSpan(testApp, auto.id)).toBe("2026-03-13..2026-03-16");
    expect((await spans(owner, project.id)).get(manual.id)).toBe("2026-03-10..2026-03-12");

    // The user moves it: its own dates are stored as sent, and its dependent follows.
    await updateTask(editor, manual.id, {
      startDate: "2026-03-16T09:30:00.000Z",
      dueDate: "2026-03-18T11:00:00.000Z",
    });
    const stored = (await storedTasks(testApp, [manual.id])).get(manual.id);
    expect(stored).toMatchObject({
      startDate: "2026-03-16T09:30:00.000Z",
      dueDate: "2026-03-18T11:00:00.000Z",
    });
    expect(await storedSpan(testApp, auto.id)).toBe("2026-03-19..2026-03-20");

    // One of its dates is enough, the other follows from its duration.
    await updateTask(editor, manual.id, { startDate: null, dueDate: "2026-03-12T00:00:00.000Z" });
    expect((await spans(owner, project.id)).get(manual.id)).toBe("2026-03-10..2026-03-12");
    expect(await storedSpan(testApp, auto.id)).toBe("2026-03-13..2026-03-16");
    await updateTask(editor, manual.id, { startDate: "2026-03-04T00:00:00.000Z", dueDate: null });
    expect((await spans(owner, project.id)).get(manual.id)).toBe("2026-03-04..2026-03-06");
    expect(await storedSpan(testApp, auto.id)).toBe("2026-03-09..2026-03-10");

    // With neither it is not scheduled and holds nothing back.
    await updateTask(editor, manual.id, { startDate: null });
    const byId = await scheduledTasks(owner, project.id);
    expect(byId.get(manual.id)?.schedule).toBeNull();
    expect(await storedSpan(testApp, auto.id)).toBe("2026-03-02..2026-03-03");
  });

  it("reads a manual task's days sent as local midnights east of UTC as the days picked", async () => {
    // A user at UTC+1 picks 10 to 12 March: the client sends their local midnights, which every
    // reader takes as the day of the nearest UTC midnight (server/scheduling/task-changes.ts).
    const project = await plannedProject();
    const manual = await createTask(owner, project.id, {
      name: "Manual",
      duration: 3,
      schedulingMode: "manual",
      startDate: "2026-03-09T23:00:00.000Z",
      dueDate: "2026-03-11T23:00:00.000Z",
    });
    const auto = await createTask(owner, project.id, { name: "Auto", duration: 2 });
    await link(owner, manual, auto);
    const expected = ["2026-03-10..2026-03-12", "2026-03-13..2026-03-16"];
    const answered = await spans(owner, project.id);
    expect
      .soft([answered.get(manual.id), answered.get(auto.id)], "answered after the link")
      .toEqual(expected);
    expect.soft(await storedSpan(testApp, auto.id), "stored after the link").toBe(expected[1]);
    // A write of the manual task itself reads its own row apart from the others.
    await updateTask(editor, manual.id, { name: "Manual, renamed", duration: 3 });
    const stored = await storedSpan(testApp, auto.id);
    const reread = (await spans(owner, project.id)).get(auto.id);
    expect.soft(stored, "stored after the manual task's write").toBe(expected[1]);
    expect.soft(reread, "answered after the manual task's write").toBe(expected[1]);
    expect(stored, "what is stored is what is answered").toBe(reread);
  });

  it("starts an auto task no earlier than its constraint, a weekend one on the next working day", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const b = await createTask(owner, project.id, {
      name: "B",
      duration: 2,
      startNoEarlierThan: "2026-03-11",
    });
    expect(b).toMatchObject({ startDate: midnight("2026-03-11"), dueDate: midnight("2026-03-12") });
    await link(owner, a, b);
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-11..2026-03-12");
    await updateTask(editor, b.id, { startNoEarlierThan: "2026-03-07" }); // a Saturday
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-09..2026-03-10");
    // The dependency wins over an earlier constraint, and the project's start over one before it.
    await updateTask(editor, b.id, { startNoEarlierThan: "2026-03-03" });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");
    await updateTask(editor, a.id, { startNoEarlierThan: "2026-01-05" });
    expect(await storedSpan(testApp, a.id)).toBe("2026-03-02..2026-03-04");
    await updateTask(editor, b.id, { startNoEarlierThan: null });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");
  });

  it("reads a startDate sent for an auto task as its constraint", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    await link(owner, a, b);
    const started = await updateTask(editor, b.id, { startDate: "2026-03-06T00:00:00.000Z" });
    expect(started).toMatchObject({
      startNoEarlierThan: "2026-03-06",
      duration: 2,
      startDate: midnight("2026-03-06"),
      dueDate: midnight("2026-03-09"),
    });
    await updateTask(editor, b.id, { startNoEarlierThan: null });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");
    // POST: a startDate sent with a duration is the new task's constraint.
    const created = await createTask(owner, project.id, {
      name: "C",
      duration: 2,
      startDate: "2026-03-17T00:00:00.000Z",
    });
    expect(created).toMatchObject({
      startNoEarlierThan: "2026-03-17",
      startDate: midnight("2026-03-17"),
      dueDate: midnight("2026-03-18"),
    });
  });

  it("moves an auto task past its current finish when a later startDate is sent", async () => {
    // The finish the scheduler set moves with the start: the date rules judge what was sent.
    const project = await plannedProject();
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    const started = await updateTask(editor, b.id, { startDate: "2026-03-10T00:00:00.000Z" });
    expect(started).toMatchObject({
      startNoEarlierThan: "2026-03-10",
      duration: 2,
      startDate: midnight("2026-03-10"),
      dueDate: midnight("2026-03-11"),
    });
  });

  it("reads a dueDate sent for an auto task as its duration from its scheduled start", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    await link(owner, a, b);
    // Working days from its scheduled start (day 3) through the day sent (day 6): 4.
    const due = await updateTask(editor, b.id, { dueDate: "2026-03-10T00:00:00.000Z" });
    expect(due).toMatchObject({
      duration: 4,
      startDate: midnight("2026-03-05"),
      dueDate: midnight("2026-03-10"),
    });
    // A due date on a weekend counts through the Friday before it.
    const weekend = await updateTask(editor, b.id, { dueDate: "2026-03-08T00:00:00.000Z" });
    expect(weekend).toMatchObject({
      duration: 2,
      startDate: midnight("2026-03-05"),
      dueDate: midnight("2026-03-06"),
    });
    // With a duration in the same body, the duration wins and the dates are the scheduler's.
    const both = await updateTask(editor, b.id, { duration: 1, dueDate: "2026-03-20T00:00:00.000Z" });
    expect(both).toMatchObject({
      duration: 1,
      startDate: midnight("2026-03-05"),
      dueDate: midnight("2026-03-05"),
    });
  });

  it("keeps a dated task where it was when it gets its first duration", async () => {
    const project = await plannedProject();
    const dated = await createTask(owner, project.id, {
      name: "Dated",
      startDate: "2026-03-10T00:00:00.000Z",
    });
    expect(dated).toMatchObject({
      duration: null,
      startNoEarlierThan: null,
      startDate: midnight("2026-03-10"),
    });
    const scheduled = await updateTask(editor, dated.id, { duration: 3 });
    expect(scheduled).toMatchObject({
      duration: 3,
      startNoEarlierThan: "2026-03-10",
      startDate: midnight("2026-03-10"),
      dueDate: midnight("2026-03-12"),
    });
    // Taking the duration away again leaves its dates as they are, unscheduled.
    const unscheduled = await updateTask(editor, dated.id, { duration: null });
    expect(unscheduled).toMatchObject({
      duration: null,
      startDate: midnight("2026-03-10"),
      dueDate: midnight("2026-03-12"),
    });
    expect((await scheduledTasks(owner, project.id)).get(dated.id)?.schedule).toBeNull();
  });

  it("switches modes: manual keeps the dates it has, auto hands them back to the scheduler", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const b = await createTask(owner, project.id, { name: "B", duration: 2 });
    await link(owner, a, b);
    await updateTask(editor, b.id, { schedulingMode: "manual" });
    await updateTask(editor, a.id, { duration: 1 });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-05..2026-03-06");
    expect((await spans(owner, project.id)).get(b.id)).toBe("2026-03-05..2026-03-06");
    await updateTask(editor, b.id, { schedulingMode: "auto" });
    expect(await storedSpan(testApp, b.id)).toBe("2026-03-03..2026-03-04");
  });

  it("never fails a move on the date rules: a snooze date before the new start is kept", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A", duration: 3 });
    const b = await createTask(owner, project.id, {
      name: "B",
      duration: 2,
      snoozeUntil: "2026-03-02T12:00:00.000Z",
    });
    await link(editor, a, b);
    await updateTask(editor, a.id, { duration: 6 });
    const stored = (await storedTasks(testApp, [b.id])).get(b.id);
    expect(stored).toMatchObject({ startDate: midnight("2026-03-10"), dueDate: midnight("2026-03-11") });
    const detail = await readProject(owner, project.id);
    expect(detail.tasks.find((task) => task.id === b.id)?.snoozeUntil).toBe("2026-03-02T12:00:00.000Z");
  });
});
