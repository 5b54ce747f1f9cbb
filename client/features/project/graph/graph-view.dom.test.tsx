// The graph as a component, in jsdom: while a driving path is shown from the project's context,
// exactly its cards carry data-driving-path and the banner names it, until Clear. jsdom lays
// nothing out, so the stubs xyflow's own testing guide gives stand in for the browser's (a
// ResizeObserver, DOMMatrixReadOnly, sizes, matchMedia, no canvas); cards are drawn, arrows wait for measured handles, so
// the arrows' marks are tested on mergeEdges (graph-elements.test.ts).
import type { ProjectDetailDto, ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "@/components/ui/tooltip";
import { DrivingPathProvider, useDrivingPath } from "@/features/project/driving-path-context";
import { ProjectProvider } from "@/features/project/project-context";
import { projectPermissions } from "@/lib/project-permissions";
import {
  jsonResponse,
  officeMoveProject,
  stubFetchInEachTest,
  stubResizeObserver,
} from "@/testing/component-tests";
import { GraphView } from "./graph-view";

stubFetchInEachTest((url) => {
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  return jsonResponse({});
});

beforeEach(() => {
  localStorage.clear();
  stubResizeObserver();
  vi.stubGlobal(
    "DOMMatrixReadOnly",
    class {
      m22: number;
      constructor(transform?: string) {
        const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
        this.m22 = scale !== undefined ? Number(scale) : 1;
      }
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  // The minimap paints on a canvas jsdom does not have: it paints nothing.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(80);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const drivenBy = (dependencyId: number) => ({ kind: "dependency" as const, dependencyId });
const task = (id: number, name: string, x: number, schedule: ScheduledTaskDto["schedule"]) =>
  taskDto({ id, name, order: id, projectId: 3, positionX: x, positionY: 0, schedule });
const schedule = (driver: { kind: "projectStart" } | ReturnType<typeof drivenBy>) => ({
  start: "2026-05-04",
  finish: "2026-05-04",
  lateStart: "2026-05-04",
  lateFinish: "2026-05-04",
  totalFloat: 0,
  critical: false,
  freeFloat: 0,
  drivenBy: driver,
  conflict: false,
  conflictReason: null,
});
// 1 -> 2 -> 4 drives Unpack's start; 3 is off the path.
const tasks = [
  task(1, "Pack boxes", 0, schedule({ kind: "projectStart" })),
  task(2, "Move furniture", 300, schedule(drivenBy(10))),
  task(3, "Clean old office", 300, schedule(drivenBy(11))),
  task(4, "Unpack", 600, schedule(drivenBy(12))),
];
const link = (id: number, sourceTaskId: number, targetTaskId: number) => ({
  id,
  projectId: 3,
  sourceTaskId,
  targetTaskId,
  type: "FS" as const,
  lag: 0,
  createdAt: "2026-05-01T00:00:00.000Z",
});
const dependencies = [link(10, 1, 2), link(11, 1, 3), link(12, 2, 4), link(13, 3, 4)];

function ShowPathButton({ taskId }: { taskId: number }) {
  const { show } = useDrivingPath();
  return (
    <button type="button" onClick={() => show(taskId)}>
      Show path of {taskId}
    </button>
  );
}

function renderGraph(planTasks: ScheduledTaskDto[] = tasks) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const value = {
    project: officeMoveProject,
    tasks: planTasks,
    dependencies,
    schedule: { finish: "2026-05-04" },
    accessLevel: "owner",
    ...projectPermissions("owner"),
  } as unknown as ProjectDetailDto & ReturnType<typeof projectPermissions>;
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ProjectProvider value={value}>
          <DrivingPathProvider>
            <ShowPathButton taskId={4} />
            <GraphView onOpenTask={() => {}} />
          </DrivingPathProvider>
        </ProjectProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

/** The task ids of the cards marked as on the driving path. */
const markedCards = () =>
  [...document.querySelectorAll('.task-node[data-driving-path="true"]')]
    .map((card) => Number(card.closest("[data-id]")?.getAttribute("data-id")))
    .sort((a, b) => a - b);

/** The ids of the cards or frames (`selector`) dimmed as off the driving path. */
const dimmed = (selector = ".task-node") =>
  [...document.querySelectorAll(`${selector}[data-off-path="true"]`)]
    .map((node) => Number(node.closest("[data-id]")?.getAttribute("data-id")))
    .sort((a, b) => a - b);

describe("GraphView's driving path", () => {
  it("marks exactly the path's cards, names the path, and clears", async () => {
    renderGraph();
    expect(document.querySelectorAll(".task-node")).toHaveLength(4);
    expect(markedCards()).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Show path of 4" }));
    expect(screen.getByText("Driving path of “Unpack”: 3 tasks back to the project's start")).toBeTruthy();
    expect(markedCards()).toEqual([1, 2, 4]);

    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByText(/Driving path of/)).toBeNull();
    expect(markedCards()).toEqual([]);
  });

  it("dims the cards off the path while it is shown, not those on it, until Clear", async () => {
    renderGraph();
    expect(dimmed()).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Show path of 4" }));
    expect(dimmed()).toEqual([3]);
    expect(document.querySelectorAll('[data-driving-path="true"][data-off-path]')).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(dimmed()).toEqual([]);
    expect(document.querySelectorAll("[data-off-path]")).toHaveLength(0);
  });

  it("keeps a summary's frame at full strength when it holds a path task, dims the others", async () => {
    // Moving (5) holds Move furniture and Unpack, on the path; Cleaning (6) holds Clean old office, off it.
    const summary = (id: number, name: string) =>
      taskDto({ id, name, order: id, projectId: 3, summary: true });
    renderGraph([
      tasks[0],
      { ...tasks[1], parentId: 5 },
      { ...tasks[2], parentId: 6 },
      { ...tasks[3], parentId: 5 },
      summary(5, "Moving"),
      summary(6, "Cleaning"),
    ]);
    expect(document.querySelectorAll(".summary-frame")).toHaveLength(2);
    expect(dimmed(".summary-frame")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Show path of 4" }));
    expect(dimmed(".summary-frame")).toEqual([6]);
    expect(dimmed()).toEqual([3]);

    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(dimmed(".summary-frame")).toEqual([]);
  });
});

describe("GraphView's cards", () => {
  // The cards wait for their measures to be shown, so they are found in the document, not by role.
  const bars = () => [...document.querySelectorAll<HTMLElement>('[role="progressbar"]')];
  const progressOf = (taskId: number) =>
    document.querySelector(`[data-id="${taskId}"] [role="progressbar"]`) ?? null;

  it("show a progress bar while work is under way: not at 0 %, not once completed", () => {
    renderGraph([
      { ...tasks[0], percentComplete: 100, completed: true, status: "completed" },
      { ...tasks[1], percentComplete: 40, status: "in-progress" },
      tasks[2],
      tasks[3],
    ]);
    expect(bars()).toHaveLength(1);
    const bar = progressOf(2);
    expect(bar?.getAttribute("aria-label")).toBe("40 % complete");
    expect(bar?.getAttribute("aria-valuenow")).toBe("40");
  });

  it("show a collapsed summary's rolled-up percent", async () => {
    // Moving (5) holds Move furniture and Unpack; the server rolled their progress up to 30 %.
    const moving = taskDto({
      id: 5,
      name: "Moving",
      order: 5,
      projectId: 3,
      percentComplete: 30,
      summary: true,
    });
    renderGraph([
      tasks[0],
      { ...tasks[1], parentId: 5, percentComplete: 60, status: "in-progress" },
      tasks[2],
      { ...tasks[3], parentId: 5 },
      moving,
    ]);
    expect(progressOf(2)?.getAttribute("aria-valuenow")).toBe("60");
    const collapse = document.querySelector<HTMLElement>(
      '[aria-label="Collapse \\"Moving\\" (2 tasks under it)"]',
    );
    expect(collapse).toBeTruthy();
    fireEvent.click(collapse as HTMLElement);
    await waitFor(() => expect(progressOf(5)?.getAttribute("aria-label")).toBe("30 % complete"));
    expect(progressOf(2)).toBeNull();
  });
});
