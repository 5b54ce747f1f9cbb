// What the Gantt's tracking and columns tests (gantt-tracking*, gantt-columns.dom.test.tsx) share: a plan of three scheduled
// tasks on a Monday-to-Friday calendar, the view rendered for user 1 in project 3, jsdom given the
// chart's scroll box (1,000 by 600 px: it lays nothing out) on the days scale, and a bar's hidden
// description read back. Each test file stubs fetch with its own server.
import type { DependencyDto, ProjectDetailDto, ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { DrivingPathProvider } from "@/features/project/driving-path-context";
import { ProjectProvider } from "@/features/project/project-context";
import { projectPermissions } from "@/lib/project-permissions";
import { STORAGE_KEYS } from "@/lib/storage-keys";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";
import { officeMoveProject, stubResizeObserver } from "@/testing/component-tests";
import { GanttView } from "./gantt-view";

export const ganttUser = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  username: "ada",
};

/** Before each test: empty storage, the days scale (40 px a day), and the chart's box laid out. */
export function layOutGanttInEachTest() {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.ganttZoomLevel, "100");
    vi.spyOn(Element.prototype, "clientWidth", "get").mockImplementation(function (this: Element) {
      return this.hasAttribute("data-gantt-scroll") ? 1000 : 0;
    });
    vi.spyOn(Element.prototype, "clientHeight", "get").mockImplementation(function (this: Element) {
      return this.hasAttribute("data-gantt-scroll") ? 600 : 0;
    });
    stubResizeObserver();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });
}

/** A task of project 3 scheduled on `dates`, critical nowhere, late when said. */
export const scheduled = (
  id: number,
  name: string,
  dates: [string, string],
  overrides: Partial<ScheduledTaskDto> = {},
  late = false,
): ScheduledTaskDto =>
  taskDto({
    id,
    name,
    order: id,
    projectId: 3,
    duration: 3,
    percentComplete: 0,
    schedule: {
      start: dates[0],
      finish: dates[1],
      lateStart: dates[0],
      lateFinish: dates[1],
      totalFloat: 0,
      critical: false,
      freeFloat: 0,
      drivenBy: { kind: "projectStart" },
      conflict: false,
      conflictReason: null,
      late,
    },
    ...overrides,
  });

export const flatPlan = [
  scheduled(1, "Pack boxes", ["2026-05-04", "2026-05-08"], { percentComplete: 40, duration: 5 }),
  scheduled(2, "Move furniture", ["2026-05-11", "2026-05-13"], {}, true),
  scheduled(3, "Unpack", ["2026-05-14", "2026-05-15"], { duration: 2 }),
];

/** The Gantt of project 3 (status date May 6, 2026) as `accessLevel` sees it, with `dependencies`. */
export function renderGantt(
  tasks: ScheduledTaskDto[] = flatPlan,
  accessLevel: "owner" | "viewer" = "owner",
  dependencies: DependencyDto[] = [],
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(AUTH_USER_QUERY_KEY, ganttUser);
  const value = {
    project: {
      ...officeMoveProject,
      startDate: "2026-05-04",
      workingDays: [1, 2, 3, 4, 5],
      holidays: [],
      statusDate: "2026-05-06",
    },
    tasks,
    dependencies,
    schedule: { finish: "2026-05-15" },
    accessLevel,
    ...projectPermissions(accessLevel),
  } as unknown as ProjectDetailDto & ReturnType<typeof projectPermissions>;
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ProjectProvider value={value}>
          <DrivingPathProvider>
            <GanttView onOpenTask={() => {}} onNewTask={() => {}} />
          </DrivingPathProvider>
        </ProjectProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

/** The bar of a task. */
export const bar = (taskId: number) => {
  const found = document.querySelector<HTMLElement>(`[data-gantt-bar="${taskId}"]`);
  if (!found) throw new Error(`no bar ${taskId}`);
  return found;
};

/** The compared plan's thin bar under a task, or null. */
export const comparedBar = (taskId: number) =>
  document.querySelector<HTMLElement>(`[data-gantt-baseline-bar="${taskId}"]`);

export const px = (value: string) => Number.parseFloat(value);

/** The bar's description: the hidden words its aria-describedby names, help left out. */
export const description = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id.startsWith("gantt-tracking-"))
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");
