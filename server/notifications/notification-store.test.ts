// Storing notifications as arrays: any text a task's name can hold arrives as it was sent.
import { describe, expect, it } from "vitest";
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
});
