import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { projectKeys } from "@/lib/api/query-keys";
import { mapTaskInGroups, pendingTaskWrites, showTaskWrite, type TaskGroup } from "./optimistic-task-write";

const task = (id: number, projectId = 3, fields: Partial<TaskDto> = {}): TaskDto =>
  taskDto({ id, projectId, ...fields });

const detailOf = (tasks: TaskDto[]): ProjectDetailDto =>
  ({ project: { id: 3, name: "Launch" }, tasks, dependencies: [] }) as unknown as ProjectDetailDto;

const groupsOf = (tasks: TaskDto[]): TaskGroup[] => [{ tasks }];

const DETAIL = projectKeys.detail(3);
const MY_TASKS = projectKeys.myTasks();

let queryClient: QueryClient;
afterEach(() => queryClient?.clear());

/** A client holding project 3 (tasks 1 and 2) and My Tasks (task 1, and task 9 of another project). */
function seeded() {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const detail = detailOf([task(1), task(2)]);
  const myTasks = [...groupsOf([task(1)]), ...groupsOf([task(9, 4)])];
  queryClient.setQueryData(DETAIL, detail);
  queryClient.setQueryData(MY_TASKS, myTasks);
  return { detail, myTasks };
}

const detailTask = (id: number) =>
  queryClient.getQueryData<ProjectDetailDto>(DETAIL)?.tasks.find((each) => each.id === id);
const myTask = (id: number) =>
  queryClient
    .getQueryData<TaskGroup[]>(MY_TASKS)
    ?.flatMap((group) => group.tasks)
    .find((each) => each.id === id);

/** What a refetch brings: data from the server, not set by hand (as fetchQuery lands it). */
const fetched = (key: readonly unknown[], data: unknown) =>
  queryClient.fetchQuery({ queryKey: key, queryFn: () => data, staleTime: 0 });

const ticked = { completed: true, completedAt: "2026-05-01T12:00:00.000Z" };

describe("showing a task write at once", () => {
  it("patches the task in its project and in My Tasks, leaving everything else as it was", () => {
    const { detail, myTasks } = seeded();
    showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: ticked });

    expect(detailTask(1)).toMatchObject({ id: 1, name: "Task 1", ...ticked });
    expect(myTask(1)).toMatchObject({ id: 1, name: "Task 1", ...ticked });
    expect(detailTask(2)).toBe(detail.tasks[1]);
    expect(queryClient.getQueryData<TaskGroup[]>(MY_TASKS)?.[1]).toBe(myTasks[1]);
  });

  it("rolls back every place it patched", () => {
    const { detail, myTasks } = seeded();
    const shown = showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: ticked });
    shown.rollback();

    expect(detailTask(1)).toEqual(detail.tasks[0]);
    expect(myTask(1)).toEqual(myTasks[0].tasks[0]);
    expect(pendingTaskWrites(queryClient)).toBe(0);
  });

  it("rolls back only its own fields, and only where they still hold what it wrote", () => {
    seeded();
    const rename = showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: { name: "Renamed" } });
    const tick = showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: ticked });
    // Someone else's change to another task meanwhile.
    queryClient.setQueryData<ProjectDetailDto>(DETAIL, (data) =>
      data
        ? { ...data, tasks: data.tasks.map((each) => (each.id === 2 ? { ...each, name: "Theirs" } : each)) }
        : data,
    );

    rename.rollback();
    expect(detailTask(1)).toMatchObject({ name: "Task 1", ...ticked });
    expect(detailTask(2)?.name).toBe("Theirs");

    const untick = showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: { completed: false } });
    tick.rollback(); // `completed` now holds the later write's value: left as it is.
    expect(detailTask(1)).toMatchObject({ completed: false, completedAt: null });
    untick.release();
  });

  it("keeps the change over a refetch that lands while the write is on its way, and lets go after", async () => {
    seeded();
    const shown = showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: ticked });

    // A live update refetches: the server does not have the tick yet, but has a collaborator's rename.
    await fetched(DETAIL, detailOf([task(1, 3, { name: "Renamed by a collaborator" }), task(2)]));
    expect(detailTask(1)).toMatchObject({ name: "Renamed by a collaborator", ...ticked });
    await fetched(MY_TASKS, groupsOf([task(1)]));
    expect(myTask(1)).toMatchObject(ticked);

    shown.release();
    expect(pendingTaskWrites(queryClient)).toBe(0);
    await fetched(
      DETAIL,
      detailOf([task(1, 3, { completed: true, completedAt: "2026-05-01T12:00:01.000Z" })]),
    );
    expect(detailTask(1)?.completedAt).toBe("2026-05-01T12:00:01.000Z");
  });

  it("rolls back to what the latest refetch brought, not to what was cached before it", async () => {
    seeded();
    const shown = showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: { name: "Mine" } });
    await fetched(DETAIL, detailOf([task(1, 3, { name: "Theirs", status: "blocked" })]));
    expect(detailTask(1)).toMatchObject({ name: "Mine", status: "blocked" });

    shown.rollback();
    expect(detailTask(1)).toMatchObject({ name: "Theirs", status: "blocked" });
  });

  it("shows the change in a place that loads while the write is on its way", async () => {
    queryClient = new QueryClient();
    const shown = showTaskWrite(queryClient, { taskId: 1, projectId: 3, patch: ticked });
    expect(queryClient.getQueryData(DETAIL)).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    await fetched(DETAIL, detailOf([task(1)]));
    expect(detailTask(1)).toMatchObject(ticked);
    shown.rollback();
    expect(detailTask(1)).toMatchObject({ completed: false, completedAt: null });
  });

  it("does nothing for a task that is not cached, and nothing twice", () => {
    const { detail, myTasks } = seeded();
    const shown = showTaskWrite(queryClient, { taskId: 42, projectId: 3, patch: ticked });
    expect(queryClient.getQueryData(DETAIL)).toBe(detail);
    expect(queryClient.getQueryData(MY_TASKS)).toBe(myTasks);

    shown.release();
    shown.rollback();
    expect(queryClient.getQueryData(DETAIL)).toBe(detail);
    expect(pendingTaskWrites(queryClient)).toBe(0);
  });
});

describe("mapTaskInGroups", () => {
  it("replaces one task, keeping the other groups, and leaves a missing list missing", () => {
    const groups = [...groupsOf([task(1), task(2)]), ...groupsOf([task(3)])];
    const next = mapTaskInGroups(groups, 2, (each) => ({ ...each, name: "Renamed" }));
    expect(next?.[0].tasks[1].name).toBe("Renamed");
    expect(next?.[0].tasks[0]).toBe(groups[0].tasks[0]);
    expect(next?.[1]).toBe(groups[1]);
    expect(mapTaskInGroups(undefined, 1, (each) => each)).toBeUndefined();
  });
});
