import type { ProjectDetailDto, TaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { projectKeys } from "@/lib/api/query-keys";
import { toast } from "@/lib/use-toast";
import { writeNoticesCache } from "@/lib/write-notices";
import { pendingTaskWrites, type TaskGroup } from "./optimistic-task-write";
import { TASK_TOASTS } from "./task-toasts";
import {
  optimisticPatch,
  setCompleted,
  toggleCompleted,
  type UpdateTaskOptions,
  type UpdateTaskVariables,
  updateTaskMutationOptions,
} from "./update-task";

vi.mock("@/lib/use-toast", () => ({ toast: vi.fn() }));

const task = (id: number, fields: Partial<TaskDto> = {}): TaskDto => taskDto({ id, projectId: 3, ...fields });

const DETAIL = projectKeys.detail(3);
const MY_TASKS = projectKeys.myTasks();
const now = new Date("2026-05-01T12:00:00Z");

describe("completion writes", () => {
  it("build the completed/completedAt pair in one place", () => {
    expect(toggleCompleted(task(7), now)).toEqual({
      taskId: 7,
      projectId: 3,
      changes: { completed: true, completedAt: "2026-05-01T12:00:00.000Z" },
    });
    expect(toggleCompleted(task(7, { completed: true }), now).changes).toEqual({
      completed: false,
      completedAt: null,
    });
    expect(setCompleted(task(7), true, now)).toEqual(toggleCompleted(task(7), now));
  });

  it("are shown at once unless the task moves or its id is not a task's", () => {
    expect(optimisticPatch(toggleCompleted(task(7), now))).toEqual(toggleCompleted(task(7), now).changes);
    expect(
      optimisticPatch({ taskId: "7", projectId: 3, changes: { name: "Same project", projectId: 3 } }),
    ).toEqual({ name: "Same project", projectId: 3 });
    expect(optimisticPatch({ taskId: 7, projectId: 3, changes: { projectId: 4 } })).toBeNull();
    expect(optimisticPatch({ taskId: "node-3", projectId: 3, changes: { completed: true } })).toBeNull();
  });
});

describe("useUpdateTask's mutation", () => {
  let queryClient: QueryClient;
  let answer: { resolve: (response: Response) => void };
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = { resolve };
      }),
  );

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The app's mutation cache shows the notices the hook declares (write-notices.ts).
    queryClient = new QueryClient({
      mutationCache: writeNoticesCache(),
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    queryClient.setQueryData(DETAIL, {
      tasks: [task(1), task(2)],
      dependencies: [],
    } as unknown as ProjectDetailDto);
    queryClient.setQueryData<TaskGroup[]>(MY_TASKS, [{ tasks: [task(1)] }]);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.mocked(toast).mockClear();
    fetchMock.mockClear();
    queryClient.clear();
  });

  const detailTask = (id: number) =>
    queryClient.getQueryData<ProjectDetailDto>(DETAIL)?.tasks.find((each) => each.id === id);
  const myTask = (id: number) =>
    queryClient.getQueryData<TaskGroup[]>(MY_TASKS)?.[0].tasks.find((each) => each.id === id);
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

  /** Starts a write and waits for its request; `respond` answers it and waits for the write to settle. */
  async function write(variables: UpdateTaskVariables, options: UpdateTaskOptions = {}) {
    const observer = new MutationObserver(queryClient, updateTaskMutationOptions(queryClient, options));
    const calls = fetchMock.mock.calls.length;
    const settled = observer.mutate(variables).catch(() => undefined);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(calls + 1));
    return {
      respond: async (response: Response) => {
        answer.resolve(response);
        await settled;
      },
    };
  }
  const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  const failure = () => new Response(JSON.stringify({ message: "Try later" }), { status: 503 });

  it("shows a tick everywhere before the server answers, toasts, and refreshes after", async () => {
    const { respond } = await write(toggleCompleted(task(1), now));
    expect(detailTask(1)).toMatchObject({ completed: true, completedAt: "2026-05-01T12:00:00.000Z" });
    expect(myTask(1)?.completed).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith("/api/tasks/1", expect.objectContaining({ method: "PUT" }));
    expect(invalidated(DETAIL)).toBe(false);

    await respond(ok(task(1, { completed: true })));
    expect(toast).toHaveBeenCalledWith(TASK_TOASTS.updated);
    expect(detailTask(1)?.completed).toBe(true);
    expect(invalidated(DETAIL)).toBe(true);
    expect(invalidated(MY_TASKS)).toBe(true);
    expect(pendingTaskWrites(queryClient)).toBe(0);
  });

  it("puts a failed tick back everywhere, logs it, and toasts only if asked", async () => {
    const { respond } = await write(toggleCompleted(task(1), now), { notifyError: false });
    await respond(failure());
    expect(detailTask(1)).toMatchObject({ completed: false, completedAt: null });
    expect(myTask(1)).toMatchObject({ completed: false, completedAt: null });
    expect(console.error).toHaveBeenCalledWith("Failed to update task", expect.any(Error));
    expect(toast).not.toHaveBeenCalled();
    // Refetched anyway, in case the rollback could not tell what the server holds.
    expect(invalidated(DETAIL)).toBe(true);
  });

  it("says a failure in the default words or a view's own", async () => {
    const first = await write({ taskId: 1, projectId: 3, changes: { name: "New" } });
    await first.respond(failure());
    expect(toast).toHaveBeenCalledWith({
      variant: "destructive",
      title: "Failed to update task",
      description: "Try later",
    });
    expect(detailTask(1)?.name).toBe("Task 1");

    const own = { title: "Failed to update task", description: "Could not move the task. Please try again." };
    const second = await write(
      { taskId: 1, projectId: 3, changes: { status: "blocked" } },
      { notifyError: own },
    );
    await second.respond(failure());
    expect(toast).toHaveBeenLastCalledWith({ variant: "destructive", ...own });
    expect(detailTask(1)?.status).toBe("not-started");
  });

  it("keeps layout-only changes quiet, and takes a view's own success words", async () => {
    const layout = await write({ taskId: 2, projectId: 3, changes: { positionX: 10, positionY: 20 } });
    await layout.respond(ok(task(2)));
    expect(toast).not.toHaveBeenCalled();

    const moved = await write(
      { taskId: 2, projectId: 3, changes: { status: "blocked", completed: false, completedAt: null } },
      {
        notifySuccess: ({ changes }) => ({
          title: "Task updated",
          description: `Task moved to ${changes.status}`,
        }),
      },
    );
    expect(detailTask(2)?.status).toBe("blocked");
    await moved.respond(ok(task(2, { status: "blocked" })));
    expect(toast).toHaveBeenCalledWith({ title: "Task updated", description: "Task moved to blocked" });
  });

  it("refreshes a completion later when asked (My Tasks), and an un-completion at once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const options = { notifySuccess: false, notifyError: false, completedRefreshDelayMs: 2_000 } as const;
    const tick = await write(setCompleted(task(1), true, now), options);
    await tick.respond(ok(task(1, { completed: true })));
    expect(toast).not.toHaveBeenCalled();
    expect(myTask(1)?.completed).toBe(true);
    expect(invalidated(MY_TASKS)).toBe(false);
    vi.advanceTimersByTime(1_999);
    expect(invalidated(MY_TASKS)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(invalidated(MY_TASKS)).toBe(true);

    queryClient.setQueryData<TaskGroup[]>(MY_TASKS, [{ tasks: [task(1, { completed: true })] }]);
    const untick = await write(setCompleted(task(1), false, now), options);
    await untick.respond(ok(task(1)));
    expect(invalidated(MY_TASKS)).toBe(true);
  });

  it("does not show a move to another project before the server answers", async () => {
    const { respond } = await write({ taskId: 1, projectId: 3, changes: { projectId: 4, name: "Moved" } });
    expect(detailTask(1)?.name).toBe("Task 1");
    await respond(ok(task(1, { projectId: 4 })));
    expect(toast).toHaveBeenCalledWith(TASK_TOASTS.moved);
  });
});
