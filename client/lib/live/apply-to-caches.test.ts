import type { ActivityEntryDto } from "@core/schemas/activity";
import type { ProjectEvent } from "@core/schemas/events";
import type { CategoryDto, ProjectDetailDto, ProjectDto, TaskDto } from "@core/schemas/projects";
import { activityEntryDto } from "@core/testing/activity-entry";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { projectKeys } from "@/lib/api/query-keys";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";
import { applyToCaches } from "./apply-to-caches";

const task = (id: number, fields: Partial<TaskDto> = {}) =>
  ({
    id,
    projectId: 7,
    name: `Task ${id}`,
    order: id,
    duration: null,
    schedulingMode: "auto",
    startNoEarlierThan: null,
    startDate: null,
    dueDate: null,
    completed: false,
    assigneeId: null,
    snoozeUntil: null,
    ...fields,
  }) as TaskDto;

function seeded() {
  const client = new QueryClient();
  const detail = {
    project: {
      id: 7,
      name: "Plan",
      version: 4,
      startDate: "2026-01-05",
      workingDays: [1, 2, 3, 4, 5],
      holidays: [],
    },
    tasks: [1, 2].map((id) => ({ ...task(id), schedule: null })),
    dependencies: [],
    accessLevel: "owner",
    schedule: { finish: null },
  } as unknown as ProjectDetailDto;
  client.setQueryData(projectKeys.detail(7), detail);
  client.setQueryData(projectKeys.list(), [{ id: 7, name: "Plan", archived: false } as ProjectDto]);
  client.setQueryData<CategoryDto[]>(projectKeys.categories(7), [
    { id: 3, name: "Design", color: "#112233" },
  ]);
  client.setQueryData(projectKeys.myTasks(), [{ project: { id: 7 }, tasks: [task(1)] }]);
  return client;
}

describe("applyToCaches", () => {
  it("lays a renamed task on the project and My Tasks, without marking either stale", () => {
    const client = seeded();
    const renamed = { ...task(1, { name: "Renamed" }), schedule: null };
    applyToCaches(
      client,
      { projectId: 7 },
      { type: "task.updated", projectId: 7, version: 5, tasks: [renamed] },
    );
    const detail = client.getQueryData<ProjectDetailDto>(projectKeys.detail(7));
    expect(detail?.tasks.map((each) => each.name)).toEqual(["Renamed", "Task 2"]);
    expect(detail?.project.version).toBe(5);
    expect(client.getQueryData<{ tasks: TaskDto[] }[]>(projectKeys.myTasks())?.[0].tasks[0].name).toBe(
      "Renamed",
    );
    expect(client.getQueryState(projectKeys.myTasks())?.isInvalidated).toBe(false);
    expect(client.getQueryState(projectKeys.detail(7))?.isInvalidated).toBe(false);
  });

  it("marks My Tasks stale when a task it lists is completed, and drops a deleted task from the project", () => {
    const client = seeded();
    const event: ProjectEvent = {
      type: "task.updated",
      projectId: 7,
      version: 5,
      tasks: [{ ...task(1, { completed: true }), schedule: null }],
    };
    applyToCaches(client, { projectId: 7 }, event);
    expect(client.getQueryState(projectKeys.myTasks())?.isInvalidated).toBe(true);
    applyToCaches(
      client,
      { projectId: 7 },
      { type: "task.deleted", projectId: 7, version: 6, deletedTaskIds: [2] },
    );
    expect(
      client.getQueryData<ProjectDetailDto>(projectKeys.detail(7))?.tasks.map((each) => each.id),
    ).toEqual([1]);
  });

  it("renames the project in the lists and keeps categories in name order", () => {
    const client = seeded();
    applyToCaches(
      client,
      { projectId: 7 },
      {
        type: "project.updated",
        projectId: 7,
        version: 5,
        project: { id: 7, name: "Launch", archived: false } as ProjectDto,
      },
    );
    expect(client.getQueryData<ProjectDto[]>(projectKeys.list())?.[0].name).toBe("Launch");
    expect(client.getQueryData<ProjectDetailDto>(projectKeys.detail(7))?.project.name).toBe("Launch");
    applyToCaches(
      client,
      { projectId: 7 },
      {
        type: "category.created",
        projectId: 7,
        version: 6,
        categories: [{ id: 9, name: "build", color: "#000000" }],
      },
    );
    expect(client.getQueryData<CategoryDto[]>(projectKeys.categories(7))?.map((each) => each.name)).toEqual([
      "build",
      "Design",
    ]);
  });
  it("a baseline.changed reads the project's baselines again and leaves the project's copy as it was, but for its version", () => {
    const client = seeded();
    const list = projectKeys.baselines(7);
    const one = [`${list[0]}/4`];
    const other = projectKeys.baselines(8);
    for (const key of [list, one, other]) client.setQueryData(key, []);
    const before = client.getQueryData<ProjectDetailDto>(projectKeys.detail(7));
    applyToCaches(
      client,
      { projectId: 7 },
      { type: "baseline.changed", projectId: 7, version: 5, baselineIds: [4] },
    );
    const after = client.getQueryData<ProjectDetailDto>(projectKeys.detail(7));
    expect(after?.tasks).toBe(before?.tasks);
    expect(after?.project.version).toBe(5);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(one)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
    expect(client.getQueryState(projectKeys.myTasks())?.isInvalidated).toBe(false);
  });
});

describe("applyToCaches: activity", () => {
  const ada = { id: 1, name: "Ada" };
  const grace = { id: 2, name: "Grace" };
  const entry = (id: number, fields: Partial<ActivityEntryDto> = {}) =>
    activityEntryDto({ id, actor: ada, ...fields });
  const older = entry(10, { taskId: 1 });
  const othersOlder = entry(9, { actor: grace, taskId: 2 });

  function withActivity() {
    const client = seeded();
    client.setQueryData(AUTH_USER_QUERY_KEY, { id: 1 });
    client.setQueryData<InfiniteData<ActivityEntryDto[], number | undefined>>(projectKeys.activity(7), {
      pages: [[older], [othersOlder]],
      pageParams: [undefined, 10],
    });
    client.setQueryData(projectKeys.myActivity(7), [older]);
    client.setQueryData(projectKeys.taskActivity(7, 1), [older]);
    client.setQueryData(projectKeys.taskActivity(7, 2), [othersOlder]);
    client.setQueryData(projectKeys.myActivity(8), []);
    const ids = (key: readonly unknown[]) =>
      client.getQueryData<ActivityEntryDto[]>(key)?.map((each) => each.id);
    const panel = () =>
      client
        .getQueryData<InfiniteData<ActivityEntryDto[]>>(projectKeys.activity(7))
        ?.pages.map((page) => page.map((each) => each.id));
    const apply = (activity: ActivityEntryDto, type: ProjectEvent["type"] = "task.updated") =>
      applyToCaches(client, { projectId: 7 }, { type, projectId: 7, version: 5, activity });
    return { client, ids, panel, apply };
  }

  it("puts the user's own entry first in the panel, their own list and the task's history", () => {
    const { ids, panel, apply, client } = withActivity();
    apply(entry(11, { taskId: 1 }));
    expect(panel()).toEqual([[11, 10], [9]]);
    expect(ids(projectKeys.myActivity(7))).toEqual([11, 10]);
    expect(ids(projectKeys.taskActivity(7, 1))).toEqual([11, 10]);
    expect(ids(projectKeys.taskActivity(7, 2))).toEqual([9]);
    expect(ids(projectKeys.myActivity(8))).toEqual([]);
    expect(client.getQueryState(projectKeys.activity(7))?.isInvalidated).toBe(false);
  });

  it("keeps someone else's entry out of the user's own list, and a write of several tasks out of their histories", () => {
    const { ids, panel, apply } = withActivity();
    apply(
      entry(11, {
        actor: grace,
        action: "tasks.positioned",
        items: [{ taskId: 2, name: "Task 2", changes: { positionX: [0, 1] } }],
      }),
      "tasks.positioned",
    );
    expect(panel()).toEqual([[11, 10], [9]]);
    expect(ids(projectKeys.myActivity(7))).toEqual([10]);
    // As the server's taskId filter: cards moved in the graph are in the project's activity only.
    expect(ids(projectKeys.taskActivity(7, 2))).toEqual([9]);
    expect(ids(projectKeys.taskActivity(7, 1))).toEqual([10]);
  });

  it("marks the entry an undo undid, on whichever page it is, and adds an entry once", () => {
    const { client, panel, apply } = withActivity();
    const undo = entry(11, { actor: grace, taskId: 2, undoOf: 9, isUndo: true });
    apply(undo);
    apply(undo);
    expect(panel()).toEqual([[11, 10], [9]]);
    const pages = client.getQueryData<InfiniteData<ActivityEntryDto[]>>(projectKeys.activity(7))?.pages;
    expect(pages?.[1][0].undoneBy).toBe(11);
    expect(client.getQueryData<ActivityEntryDto[]>(projectKeys.taskActivity(7, 2))?.[1].undoneBy).toBe(11);
  });

  it("carries entries of member and link changes too, and puts a late one in id order", () => {
    const { ids, apply } = withActivity();
    apply(entry(12, { action: "link.created" }), "link.changed");
    apply(entry(11, { action: "member.created" }), "members.changed");
    expect(ids(projectKeys.myActivity(7))).toEqual([12, 11, 10]);
  });

  it("reads the lists again when the event names an entry it does not carry", () => {
    const { client } = withActivity();
    applyToCaches(
      client,
      { projectId: 7 },
      { type: "task.updated", projectId: 7, version: 5, activityId: 11 },
    );
    expect(client.getQueryState(projectKeys.myActivity(7))?.isInvalidated).toBe(true);
    expect(client.getQueryState(projectKeys.myActivity(8))?.isInvalidated).toBe(false);
  });
});
