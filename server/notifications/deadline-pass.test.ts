// The deadline pass at a chosen moment: deadline.near within two working days by the project's
// calendar (holidays included), deadline.missed once the day has passed, each once per task, kind
// and day however many passes run, one after the other or at the same time; never for a task done,
// a summary or a task nobody has, nor a kind its person turned off.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Project, Task } from "../db/schema";
import { createProjectFor, createTaskIn, shareProject } from "../test/factories";
import { loginAs, sendJson, setupTestApp } from "../test/test-app";
import { runDeadlinePass, storeDeadlineNotifications } from "./deadline-pass";
import type { CreatedNotification } from "./notification-store";

const testApp = setupTestApp();

/** Friday 27 November 2026, morning: two working days on are Monday 30 and Tuesday 1 December. */
const FRIDAY = new Date("2026-11-27T09:00:00Z");

async function plan(overrides: Partial<Project> = {}) {
  const owner = await loginAs(testApp);
  const member = await loginAs(testApp);
  const project = await createProjectFor(testApp, owner.user, {
    startDate: "2026-11-02",
    workingDays: [1, 2, 3, 4, 5],
    ...overrides,
  });
  await shareProject(testApp, project, member.user, "editor");
  const task = (name: string, fields: Partial<Task> = {}) =>
    createTaskIn(testApp, project, { name, assigneeId: member.user.id, ...fields });
  return { owner, member, project, task };
}

/** What the pass stored about these tasks, as [task name, kind, text]. */
const about = (created: CreatedNotification[], tasks: Task[]) =>
  created
    .filter((each) => tasks.some((task) => task.id === each.notification.taskId))
    .map((each) => [
      tasks.find((task) => task.id === each.notification.taskId)?.name,
      each.notification.kind,
      each.notification.text,
    ]);

describe("the deadline pass", () => {
  it("tells of deadlines and due dates near and missed, once each over passes", async () => {
    const { member, project, task } = await plan();
    const tasks = [
      await task("Dig footings", { deadline: "2026-12-01" }),
      await task("Pour foundation", { dueDate: new Date("2026-12-01T00:00:00Z") }),
      await task("Frame walls", { deadline: "2026-12-02" }),
      await task("Order timber", { deadline: "2026-11-26" }),
      await task("Get permit", { dueDate: new Date("2026-11-26T00:00:00Z") }),
      await task("Survey", { deadline: "2026-11-27" }),
      await task("Clear site", { deadline: "2026-11-26", completed: true, status: "completed" }),
      await task("Hire crane", { deadline: "2026-11-26", assigneeId: null }),
    ];
    const phase = await task("Groundwork", { deadline: "2026-11-26" });
    tasks.push(phase, await task("Level site", { parentId: phase.id }));

    const first = await runDeadlinePass(testApp.app, FRIDAY);
    expect(about(first, tasks)).toEqual([
      ["Dig footings", "deadline.near", "Dig footings reaches its deadline on Dec 1."],
      ["Pour foundation", "deadline.near", "Pour foundation is due on Dec 1."],
      ["Order timber", "deadline.missed", "Order timber missed its deadline of Nov 26."],
      ["Get permit", "deadline.missed", "Get permit was due on Nov 26."],
      ["Survey", "deadline.near", "Survey reaches its deadline on Nov 27."],
    ]);
    expect(
      first.every((each) => each.userId === member.user.id && each.notification.projectId === project.id),
    ).toBe(true);
    // Again the same day: nothing new. The Monday after: the Wednesday deadline near, Friday's missed.
    expect(about(await runDeadlinePass(testApp.app, FRIDAY), tasks)).toEqual([]);
    expect(about(await runDeadlinePass(testApp.app, new Date("2026-11-30T08:00:00Z")), tasks)).toEqual([
      ["Frame walls", "deadline.near", "Frame walls reaches its deadline on Dec 2."],
      ["Survey", "deadline.missed", "Survey missed its deadline of Nov 27."],
    ]);
    // Past the day: missed, once, beside the near told before; a date that is today is not past.
    const later = new Date("2026-12-02T08:00:00Z");
    expect(about(await runDeadlinePass(testApp.app, later), tasks)).toEqual([
      ["Dig footings", "deadline.missed", "Dig footings missed its deadline of Dec 1."],
      ["Pour foundation", "deadline.missed", "Pour foundation was due on Dec 1."],
    ]);
    expect(about(await runDeadlinePass(testApp.app, later), tasks)).toEqual([]);
    const stored = await testApp.database.db.execute(
      sql`select count(*)::int as "count" from notifications where user_id = ${member.user.id}`,
    );
    expect((stored as unknown as { rows: { count: number }[] }).rows[0].count).toBe(9);
  });

  it("counts working days by the project's calendar: a holiday widens the window", async () => {
    const { task } = await plan({ holidays: ["2026-11-30"] });
    const tasks = [
      await task("Frame walls", { deadline: "2026-12-02" }),
      await task("Roof", { deadline: "2026-12-03" }),
    ];
    expect(about(await runDeadlinePass(testApp.app, FRIDAY), tasks)).toEqual([
      ["Frame walls", "deadline.near", "Frame walls reaches its deadline on Dec 2."],
    ]);
  });

  it("tells of a deadline moved to a new day again", async () => {
    const { task } = await plan();
    const dig = await task("Dig footings", { deadline: "2026-11-30" });
    expect(about(await runDeadlinePass(testApp.app, FRIDAY), [dig])).toHaveLength(1);
    await testApp.database.db.execute(sql`update tasks set deadline = '2026-12-01' where id = ${dig.id}`);
    expect(about(await runDeadlinePass(testApp.app, FRIDAY), [dig])).toEqual([
      ["Dig footings", "deadline.near", "Dig footings reaches its deadline on Dec 1."],
    ]);
  });

  it("stores each once when passes run at the same time", async () => {
    const { task } = await plan();
    const tasks = [
      await task("Dig footings", { deadline: "2026-12-01" }),
      await task("Order timber", { deadline: "2026-11-20" }),
    ];
    const passes = await Promise.all(
      Array.from({ length: 4 }, () => storeDeadlineNotifications(testApp.database.db, FRIDAY)),
    );
    expect(passes.flatMap((created) => about(created, tasks))).toHaveLength(2);
  });

  it("stores nothing of a kind its person turned off", async () => {
    const { member, task } = await plan();
    const response = await sendJson(member, "PUT", "/api/notifications/preferences", {
      "deadline.near": "off",
    });
    expect(response.statusCode).toBe(200);
    const tasks = [
      await task("Dig footings", { deadline: "2026-12-01" }),
      await task("Order timber", { deadline: "2026-11-20" }),
    ];
    expect(about(await runDeadlinePass(testApp.app, FRIDAY), tasks)).toEqual([
      ["Order timber", "deadline.missed", "Order timber missed its deadline of Nov 20."],
    ]);
  });

  it("skips an archived project", async () => {
    const { task } = await plan({ archived: true });
    const tasks = [await task("Dig footings", { deadline: "2026-11-20" })];
    expect(about(await runDeadlinePass(testApp.app, FRIDAY), tasks)).toEqual([]);
  });
});
