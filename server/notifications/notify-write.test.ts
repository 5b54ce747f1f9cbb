// The notifications writes cause, through the API on a real database: task.unblocked by each change
// that can unblock (a prerequisite done or started, deleted, a link deleted or eased, a move in the
// outline, an undo), through summaries both ways; task.assigned on creation and update; none for
// the writer's own change, none when the person turned the kind off; and what a write that cannot
// unblock costs.

import type { ActivityEntryDto } from "@core/schemas/activity";
import type { NotificationDto, NotificationsPageDto } from "@core/schemas/notifications";
import type { TaskDto } from "@core/schemas/projects";
import { userDisplayName } from "@core/users/display-name";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Project } from "../db/schema";
import { createTask, expectStatus, link, updateTask } from "../scheduling/scheduling-test-helpers";
import { shareProject } from "../test/factories";
import { type Client, loginAs, setupTeam, setupTestApp } from "../test/test-app";
import { notifyOfWrite } from "./notify-write";

let counting = false;
const statements: string[] = [];
const testApp = setupTestApp({ onQuery: (query) => counting && statements.push(query) });
const team = setupTeam(testApp);
const { owner, editor, admin } = team;

/** The client's notifications about the project, newest first. */
async function notificationsOf(client: Client, project: Project): Promise<NotificationDto[]> {
  const page = await expectStatus<NotificationsPageDto>(client, "GET", "/api/notifications?limit=100", 200);
  return page.notifications.filter((each) => each.projectId === project.id);
}

const texts = async (client: Client, project: Project, kind = "task.unblocked") =>
  (await notificationsOf(client, project)).filter((each) => each.kind === kind).map((each) => each.text);

/** Dig footings -> Pour foundation, Pour assigned to the editor by the owner. */
async function twoStepPlan() {
  const project = await team.sharedProject("House");
  const dig = await createTask(owner, project.id, { name: "Dig footings" });
  const pour = await createTask(owner, project.id, { name: "Pour foundation", assigneeId: editor.user.id });
  const dependency = await link(owner, dig, pour);
  return { project, dig, pour, dependency };
}

const deleteTask = (client: Client, task: TaskDto) =>
  expectStatus(client, "DELETE", `/api/tasks/${task.id}`, 204);

describe("task.unblocked", () => {
  it("tells the assignee when the last prerequisite is done, and nobody of a task still waiting, done or their own", async () => {
    const { project, dig, pour } = await twoStepPlan();
    const other = await createTask(owner, project.id, { name: "Frame walls", assigneeId: editor.user.id });
    await link(owner, dig, other);
    await link(owner, await createTask(owner, project.id, { name: "Order timber" }), other);
    const finished = await createTask(owner, project.id, { name: "Survey", assigneeId: editor.user.id });
    await link(owner, dig, finished);
    await updateTask(owner, finished.id, { completed: true });
    const owners = await createTask(owner, project.id, { name: "Pay deposit", assigneeId: owner.user.id });
    await link(owner, dig, owners);

    expect(await texts(editor, project)).toEqual([]);
    await updateTask(owner, dig.id, { completed: true });
    const [unblocked] = (await notificationsOf(editor, project)).filter(
      (each) => each.kind === "task.unblocked",
    );
    expect(unblocked).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      kind: "task.unblocked",
      projectId: project.id,
      taskId: pour.id,
      text: "Pour foundation is ready to start: Dig footings is done.",
      read: false,
    });
    expect(await texts(editor, project)).toHaveLength(1);
    expect(await texts(owner, project)).toEqual([]);
  });

  it("tells the assignee when the prerequisite is deleted", async () => {
    const { project, dig } = await twoStepPlan();
    await deleteTask(owner, dig);
    expect(await texts(editor, project)).toEqual([
      "Pour foundation is ready to start: nothing blocks it now.",
    ]);
  });

  it("tells the assignee when the dependency is deleted", async () => {
    const { project, dependency } = await twoStepPlan();
    await expectStatus(owner, "DELETE", `/api/dependencies/${dependency.id}`, 204);
    expect(await texts(editor, project)).toEqual([
      "Pour foundation is ready to start: nothing blocks it now.",
    ]);
  });

  it("tells the assignee when the dependency becomes FF (which never holds back), not when it becomes SS on a task not started", async () => {
    const { project, dig, dependency } = await twoStepPlan();
    await expectStatus(owner, "PUT", `/api/dependencies/${dependency.id}`, 200, { type: "SS" });
    expect(await texts(editor, project)).toEqual([]);
    // An SS link lets its dependent start once the prerequisite has.
    await updateTask(owner, dig.id, { status: "in-progress" });
    expect(await texts(editor, project)).toEqual([
      "Pour foundation is ready to start: Dig footings has started.",
    ]);

    const second = await twoStepPlan();
    await expectStatus(owner, "PUT", `/api/dependencies/${second.dependency.id}`, 200, { type: "FF" });
    expect(await texts(editor, second.project)).toEqual([
      "Pour foundation is ready to start: nothing blocks it now.",
    ]);
  });

  it("tells the assignee of a leaf under a summary that a completed prerequisite held", async () => {
    const project = await team.sharedProject("Outline");
    const permit = await createTask(owner, project.id, { name: "Get permit" });
    const phase = await createTask(owner, project.id, { name: "Groundwork", assigneeId: editor.user.id });
    await createTask(owner, project.id, {
      name: "Dig footings",
      parentId: phase.id,
      assigneeId: editor.user.id,
    });
    await link(owner, permit, phase);
    await updateTask(owner, permit.id, { completed: true });
    // The leaf, never the summary: only leaves are work.
    expect(await texts(editor, project)).toEqual(["Dig footings is ready to start: Get permit is done."]);
  });

  it("tells the dependent's assignee once every leaf of a summary prerequisite is done", async () => {
    const project = await team.sharedProject("Outline prerequisite");
    const phase = await createTask(owner, project.id, { name: "Groundwork" });
    const dig = await createTask(owner, project.id, { name: "Dig footings", parentId: phase.id });
    const pour = await createTask(owner, project.id, { name: "Pour foundation", parentId: phase.id });
    const frame = await createTask(owner, project.id, { name: "Frame walls", assigneeId: editor.user.id });
    await link(owner, phase, frame);
    await updateTask(owner, dig.id, { completed: true });
    expect(await texts(editor, project)).toEqual([]);
    await updateTask(owner, pour.id, { completed: true });
    expect(await texts(editor, project)).toEqual(["Frame walls is ready to start: Pour foundation is done."]);
  });

  it("tells the assignee of a leaf moved out of a summary that a prerequisite holds", async () => {
    const project = await team.sharedProject("Outdent");
    const permit = await createTask(owner, project.id, { name: "Get permit" });
    const phase = await createTask(owner, project.id, { name: "Groundwork" });
    const dig = await createTask(owner, project.id, { name: "Dig footings", parentId: phase.id });
    await createTask(owner, project.id, {
      name: "Level site",
      parentId: phase.id,
      assigneeId: editor.user.id,
    });
    await link(owner, permit, phase);
    await expectStatus(owner, "POST", `/api/projects/${project.id}/outline`, 200, {
      taskIds: [dig.id],
      action: "outdent",
    });
    expect(await texts(editor, project)).toEqual([]);
    const level = (await notificationsOf(editor, project)).find((each) => each.kind === "task.assigned");
    await expectStatus(owner, "POST", `/api/projects/${project.id}/outline`, 200, {
      taskIds: [level?.taskId],
      action: "outdent",
    });
    expect(await texts(editor, project)).toEqual(["Level site is ready to start: nothing blocks it now."]);
  });

  it("tells the assignee when an undo takes the dependency away", async () => {
    const { project, dependency } = await twoStepPlan();
    const [entry] = await expectStatus<ActivityEntryDto[]>(
      owner,
      "GET",
      `/api/projects/${project.id}/activity?limit=1`,
      200,
    );
    expect(entry).toMatchObject({ action: "dependency.created", dependencyId: dependency.id });
    await expectStatus(owner, "POST", `/api/activity/${entry.id}/undo`, 200);
    expect(await texts(editor, project)).toEqual([
      "Pour foundation is ready to start: nothing blocks it now.",
    ]);
  });

  it("answers every task the write unblocked for webhooks, assigned or not, in the write's transaction", async () => {
    const { project, dig, pour } = await twoStepPlan();
    const nobodys = await createTask(owner, project.id, { name: "Backfill" });
    await link(owner, dig, nobodys);
    const done = await updateTask(owner, dig.id, { completed: true });
    const [entry] = await expectStatus<ActivityEntryDto[]>(
      owner,
      "GET",
      `/api/projects/${project.id}/activity?limit=1`,
      200,
    );
    const rollback = new Error("rollback");
    await testApp.database.db
      .transaction(async (tx) => {
        const { unblocked, created } = await notifyOfWrite(tx as never, owner.user, [
          {
            type: "task.updated",
            projectId: project.id,
            taskIds: [done.id],
            actorId: owner.user.id,
            activityId: entry.id,
          },
        ]);
        expect(unblocked).toEqual([
          {
            type: "task.unblocked",
            projectId: project.id,
            taskIds: [pour.id, nobodys.id],
            actorId: owner.user.id,
          },
        ]);
        expect(created.map((each) => [each.userId, each.notification.taskId])).toEqual([
          [editor.user.id, pour.id],
        ]);
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
  });
});

describe("task.assigned", () => {
  it("tells the assignee of a new task and of a task given to them, in the writer's name", async () => {
    const project = await team.sharedProject("Assignments");
    const pour = await createTask(owner, project.id, { name: "Pour foundation", assigneeId: editor.user.id });
    const frame = await createTask(owner, project.id, { name: "Frame walls" });
    await updateTask(admin, frame.id, { assigneeId: editor.user.id });
    const assigned = (await notificationsOf(editor, project)).filter((each) => each.kind === "task.assigned");
    expect(assigned.map((each) => [each.taskId, each.text])).toEqual([
      [frame.id, `${userDisplayName(admin.user)} assigned Frame walls to you.`],
      [pour.id, `${userDisplayName(owner.user)} assigned Pour foundation to you.`],
    ]);
    // A rename, an unassignment: nothing more.
    await updateTask(owner, frame.id, { name: "Frame the walls" });
    await updateTask(owner, frame.id, { assigneeId: null });
    expect(await texts(editor, project, "task.assigned")).toHaveLength(2);
  });

  it("tells nobody of their own change: taking a task, completing a prerequisite of their own task", async () => {
    const project = await team.sharedProject("Own changes");
    const dig = await createTask(editor, project.id, { name: "Dig footings" });
    const pour = await createTask(editor, project.id, {
      name: "Pour foundation",
      assigneeId: editor.user.id,
    });
    await link(editor, dig, pour);
    const frame = await createTask(owner, project.id, { name: "Frame walls" });
    await updateTask(editor, frame.id, { assigneeId: editor.user.id });
    await updateTask(editor, dig.id, { completed: true });
    expect(await notificationsOf(editor, project)).toEqual([]);
  });
});

describe("preferences", () => {
  it("stores nothing of a kind the person turned off, and the kinds left on as before", async () => {
    const project = await team.sharedProject("Quiet");
    const quiet = await loginAs(testApp);
    await shareProject(testApp, project, quiet.user, "editor");
    await expectStatus(quiet, "PUT", "/api/notifications/preferences", 200, { "task.unblocked": "off" });
    const dig = await createTask(owner, project.id, { name: "Dig footings" });
    const pour = await createTask(owner, project.id, { name: "Pour foundation", assigneeId: quiet.user.id });
    await link(owner, dig, pour);
    await updateTask(owner, dig.id, { completed: true });
    const stored = await testApp.database.db.execute(
      sql`select kind from notifications where user_id = ${quiet.user.id} order by id`,
    );
    expect((stored as unknown as { rows: { kind: string }[] }).rows).toEqual([{ kind: "task.assigned" }]);
  });
});

describe("what it costs", () => {
  it("reads only the write's entry for a write that cannot unblock, and the project for one that can", async () => {
    const { project, dig } = await twoStepPlan();
    const projectReads = () => statements.filter((each) => /from tasks where project_id/.test(each));
    const entryReads = () => statements.filter((each) => /from activity_entries where id = any/.test(each));
    statements.length = 0;
    counting = true;
    await updateTask(owner, dig.id, { name: "Dig the footings" });
    await expectStatus(owner, "PUT", `/api/projects/${project.id}/tasks/positions`, 200, {
      positions: [{ taskId: dig.id, positionX: 10, positionY: 20 }],
    });
    counting = false;
    expect(entryReads()).toHaveLength(1);
    expect(projectReads()).toEqual([]);
    statements.length = 0;
    counting = true;
    await updateTask(owner, dig.id, { completed: true });
    counting = false;
    expect(entryReads()).toHaveLength(1);
    expect(projectReads()).toHaveLength(1);
    // One statement stores the write's notifications with the channels read in it.
    expect(statements.filter((each) => /insert into notifications/.test(each))).toHaveLength(1);
  });
});
