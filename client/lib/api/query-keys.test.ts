import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { followProject } from "@/lib/live/live-projects";
import {
  activityListOf,
  invalidateAfterTaskChange,
  invalidateProjectData,
  invalidateProjectLists,
  isProjectDataKey,
  isProjectListKey,
  projectKeys,
} from "./query-keys";

describe("project query keys", () => {
  it("start with the URL the default reader fetches", () => {
    expect(projectKeys.list()).toEqual(["/api/projects"]);
    expect(projectKeys.list(true)).toEqual(["/api/projects?includeArchived=true"]);
    expect(projectKeys.shared()).toEqual(["/api/shared-projects"]);
    expect(projectKeys.shared(true)).toEqual(["/api/shared-projects?includeArchived=true"]);
    expect(projectKeys.detail(7)).toEqual(["/api/projects/7"]);
    expect(projectKeys.bySlug("launch x/1")).toEqual(["/api/projects/by-slug/launch%20x%2F1"]);
    expect(projectKeys.categories(7)).toEqual(["/api/projects/7/categories"]);
    expect(projectKeys.myTasks()).toEqual(["/api/my-tasks"]);
  });

  it("tell the lists a project change can alter", () => {
    for (const key of [
      projectKeys.list(),
      projectKeys.list(true),
      projectKeys.shared(),
      projectKeys.shared(true),
    ]) {
      expect(isProjectListKey(key)).toBe(true);
    }
    expect(isProjectListKey(projectKeys.myTasks())).toBe(true);
    expect(isProjectListKey(projectKeys.detail(7))).toBe(false);
    expect(isProjectListKey(["/api/auth/user"])).toBe(false);
  });

  it("tell one project's data from another's", () => {
    expect(isProjectDataKey(projectKeys.detail(7), 7)).toBe(true);
    expect(isProjectDataKey(projectKeys.categories(7), 7)).toBe(true);
    expect(isProjectDataKey(projectKeys.bySlug("anything"), 7)).toBe(true);
    expect(isProjectDataKey(projectKeys.detail(70), 7)).toBe(false);
    expect(isProjectDataKey(projectKeys.categories(17), 7)).toBe(false);
    expect(isProjectDataKey(projectKeys.list(), 7)).toBe(false);
    expect(isProjectDataKey([42], 7)).toBe(false);
  });
});

describe("activity keys", () => {
  it("start with the URL the default reader fetches and say which list they name", () => {
    expect(projectKeys.activity(7)).toEqual(["/api/projects/7/activity?limit=50"]);
    expect(projectKeys.myActivity(7)).toEqual(["/api/projects/7/activity?mine=true&limit=50"]);
    expect(projectKeys.taskActivity(7, 9)).toEqual(["/api/projects/7/activity?taskId=9&limit=20"]);
    expect(activityListOf(projectKeys.activity(7), 7)).toEqual({ mine: false, taskId: null, limit: 50 });
    expect(activityListOf(projectKeys.myActivity(7), 7)).toEqual({ mine: true, taskId: null, limit: 50 });
    expect(activityListOf(projectKeys.taskActivity(7, 9), 7)).toEqual({ mine: false, taskId: 9, limit: 20 });
  });

  it("are one project's data, and no other key is an activity list", () => {
    expect(isProjectDataKey(projectKeys.activity(7), 7)).toBe(true);
    expect(activityListOf(projectKeys.activity(70), 7)).toBeNull();
    expect(activityListOf(projectKeys.categories(7), 7)).toBeNull();
    expect(activityListOf(["/api/projects/7/activityx"], 7)).toBeNull();
  });
});

describe("invalidation", () => {
  function seeded() {
    const client = new QueryClient();
    const keys = [
      projectKeys.list(),
      projectKeys.list(true),
      projectKeys.shared(),
      projectKeys.myTasks(),
      projectKeys.detail(7),
      projectKeys.detail(8),
      projectKeys.categories(7),
      projectKeys.bySlug("seven"),
      ["/api/auth/user"],
    ];
    for (const key of keys) client.setQueryData(key, []);
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.isStaleByTime(Number.POSITIVE_INFINITY) && query.state.isInvalidated)
        .map((query) => query.queryKey[0]);
    return { client, stale };
  }

  it("marks every list and My Tasks stale, and nothing else", async () => {
    const { client, stale } = seeded();
    await invalidateProjectLists(client);
    expect(stale().sort()).toEqual(
      ["/api/my-tasks", "/api/projects", "/api/projects?includeArchived=true", "/api/shared-projects"].sort(),
    );
  });

  it("marks one project's data stale, leaving other projects alone", async () => {
    const { client, stale } = seeded();
    await invalidateProjectData(client, 7, { refetch: false });
    expect(stale().sort()).toEqual(
      ["/api/projects/7", "/api/projects/7/categories", "/api/projects/by-slug/seven"].sort(),
    );
  });
});

describe("task invalidation", () => {
  const seededClient = () => {
    const client = new QueryClient();
    for (const key of [
      projectKeys.list(),
      projectKeys.myTasks(),
      projectKeys.detail(7),
      projectKeys.detail(8),
      projectKeys.detail(9),
      ["/api/auth/user"],
    ]) {
      client.setQueryData(key, []);
    }
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey[0])
        .sort();
    return { client, invalidated };
  };

  it("refreshes My Tasks and the projects a task was in and went to", async () => {
    const { client, invalidated } = seededClient();
    await invalidateAfterTaskChange(client, [7, 8, undefined]);
    expect(invalidated()).toEqual(["/api/my-tasks", "/api/projects/7", "/api/projects/8"]);
  });

  it("leaves a project followed live to its events", async () => {
    const { client, invalidated } = seededClient();
    const unfollow = followProject(client, 7);
    await invalidateAfterTaskChange(client, [7]);
    await invalidateProjectData(client, 7);
    expect(invalidated()).toEqual([]);
    await invalidateAfterTaskChange(client, [7, 8]);
    expect(invalidated()).toEqual(["/api/my-tasks", "/api/projects/8"]);
    unfollow();
    await invalidateProjectData(client, 7);
    expect(invalidated()).toContain("/api/projects/7");
  });
});
