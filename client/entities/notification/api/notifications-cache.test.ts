import type { NotificationDto } from "@core/schemas/notifications";
import { describe, expect, it } from "vitest";
import { notificationPath } from "../components/use-open-notification";
import { type NotificationPages, unreadCountOf, withNotification, withRead } from "./notifications-cache";

const notification = (id: number, read = false): NotificationDto => ({
  id,
  at: "2026-03-02T10:00:00.000Z",
  kind: "task.assigned",
  projectId: 3,
  taskId: 40 + id,
  text: `Notification ${id}`,
  read,
});

/** Two pages: 5 (unread), 4 (read); then 2 (unread); the user has 3 unread in all. */
const pages: NotificationPages = {
  pages: [
    { notifications: [notification(5), notification(4, true)], unreadCount: 3, hasMore: true },
    { notifications: [notification(2)], unreadCount: 3, hasMore: true },
  ],
  pageParams: [undefined, 4],
};

const ids = (data: NotificationPages) => data.pages.map((page) => page.notifications.map((each) => each.id));

describe("withNotification", () => {
  it("puts a new one on top of the first page and raises the count on every page", () => {
    const next = withNotification(pages, notification(6));
    expect(ids(next)).toEqual([[6, 5, 4], [2]]);
    expect(next.pages.map((page) => page.unreadCount)).toEqual([4, 4]);
  });

  it("counts a read one without raising the count, and one already there not at all", () => {
    expect(unreadCountOf(withNotification(pages, notification(6, true)))).toBe(3);
    expect(withNotification(pages, notification(2))).toBe(pages);
  });
});

describe("withRead", () => {
  it("marks the named ones read and lowers the count by the unread among them", () => {
    const { data, complete } = withRead(pages, [5, 4]);
    expect(complete).toBe(true);
    expect(unreadCountOf(data)).toBe(2);
    expect(data.pages[0]?.notifications.map((each) => each.read)).toEqual([true, true]);
  });

  it("says when an id is on no page loaded, so the count cannot be told", () => {
    const { data, complete } = withRead(pages, [2, 1]);
    expect(complete).toBe(false);
    expect(unreadCountOf(data)).toBe(2);
  });

  it("marks every one read for all, and the count goes to 0", () => {
    const { data, complete } = withRead(pages, "all");
    expect(complete).toBe(true);
    expect(unreadCountOf(data)).toBe(0);
    expect(data.pages.flatMap((page) => page.notifications).every((each) => each.read)).toBe(true);
  });
});

describe("notificationPath", () => {
  it("opens the task in the project view the user is on, else in the default view", () => {
    expect(notificationPath("garden-x1", 9, "/projects/other-y2/kanban")).toBe(
      "/projects/garden-x1/kanban?task=9",
    );
    expect(notificationPath("garden-x1", 9, "/my-tasks")).toBe("/projects/garden-x1/graph?task=9");
    expect(notificationPath("garden-x1", 9, "/projects")).toBe("/projects/garden-x1/graph?task=9");
  });

  it("leaves Sharing, which shows no tasks, for the graph; names no task when there is none", () => {
    expect(notificationPath("garden-x1", 9, "/projects/other-y2/sharing")).toBe(
      "/projects/garden-x1/graph?task=9",
    );
    expect(notificationPath("garden-x1", null, "/projects/other-y2/list")).toBe("/projects/garden-x1/list");
  });
});
