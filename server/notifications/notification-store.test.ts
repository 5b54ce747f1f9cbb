// Storing notifications as arrays: any text a task's name can hold arrives as it was sent.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, projects, tasks, users } from "../db/schema";
import { createProjectFor, createTaskIn } from "../test/factories";
import { loginAs, setupTestApp } from "../test/test-app";
import { readNotificationsPage, storeNotifications } from "./notification-store";

const testApp = setupTestApp();

describe("storeNotifications", () => {
  it("keeps quotes, backslashes, commas, braces, NULL and non-Latin text as they were", async () => {
    const { user } = await loginAs(testApp);
    const project = await createProjectFor(testApp, user);
    const task = await createTaskIn(testApp, project, { name: "Plan" });
    const texts = ['Say "hi", {then} \\ leave', "NULL", "", "Ünïcødé 計画 🚧", 'a\\"b'];
    const stored = await storeNotifications(
      testApp.app.db,
      texts.map((text, index) => ({
        userId: user.id,
        kind: "deadline.near" as const,
        projectId: project.id,
        taskId: task.id,
        text,
        onceKey: index % 2 === 0 ? `key "${index}", {x}` : `plain ${index}`,
      })),
      { once: true },
    );
    expect(stored.map((each) => each.notification.text)).toEqual(texts);
    const page = await readNotificationsPage(testApp.app.db, user.id, { unread: true, limit: 10 });
    expect(page.notifications.map((each) => each.text).reverse()).toEqual(texts);

    // The once key was stored as sent: the same drafts again store nothing.
    const again = await storeNotifications(
      testApp.app.db,
      [
        {
          userId: user.id,
          kind: "deadline.near",
          projectId: project.id,
          taskId: task.id,
          text: "x",
          onceKey: 'key "0", {x}',
        },
      ],
      { once: true },
    );
    expect(again).toEqual([]);
  });

  it("go with their task, their task's project and their user, as cascades would", async () => {
    const { user } = await loginAs(testApp);
    const project = await createProjectFor(testApp, user);
    const [kept, deletedTask] = await Promise.all([
      createTaskIn(testApp, project, { name: "Kept" }),
      createTaskIn(testApp, project, { name: "Deleted" }),
    ]);
    const draft = (taskId: number) => ({
      userId: user.id,
      kind: "task.assigned" as const,
      projectId: project.id,
      taskId,
      text: "x",
    });
    await storeNotifications(testApp.app.db, [draft(kept.id), draft(deletedTask.id)]);
    const taskIdsOf = async () =>
      (await readNotificationsPage(testApp.app.db, user.id, { unread: false, limit: 10 })).notifications.map(
        (each) => each.taskId,
      );
    expect((await taskIdsOf()).sort()).toEqual([kept.id, deletedTask.id].sort());
    await testApp.database.db.delete(tasks).where(eq(tasks.id, deletedTask.id));
    expect(await taskIdsOf()).toEqual([kept.id]);
    await testApp.database.db.delete(projects).where(eq(projects.id, project.id));
    expect(await taskIdsOf()).toEqual([]);

    const other = await createProjectFor(testApp, user);
    const task = await createTaskIn(testApp, other, { name: "Mine" });
    await storeNotifications(testApp.app.db, [{ ...draft(task.id), projectId: other.id }]);
    await testApp.database.db.delete(users).where(eq(users.id, user.id));
    const left = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(left).toEqual([]);
  });
});
