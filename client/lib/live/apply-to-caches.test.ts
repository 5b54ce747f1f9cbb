import type { ProjectEvent } from "@core/schemas/events";
import type { CategoryDto, ProjectDetailDto, ProjectDto, TaskDto } from "@core/schemas/projects";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { projectKeys } from "@/lib/api/query-keys";
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
});
