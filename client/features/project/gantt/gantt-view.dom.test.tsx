// The Gantt chart as a component, in jsdom, over a small scheduled plan: a deadline marker at the
// end of its day with its date for a name, red when the task finishes after it; a bar late on its
// deadline (negative float) drawn red; a conflict's button opening the task; and the driving path
// shown from the project's context marking exactly its bars and arrows, until Clear or Escape.
// jsdom lays nothing out: the chart's scroll box is given 1,000 by 600 px, what the virtualiser and
// the zoom read, and a ResizeObserver that only reports that size once.
import type { ProjectDetailDto, ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "@/components/ui/tooltip";
import { DrivingPathProvider, useDrivingPath } from "@/features/project/driving-path-context";
import { ProjectProvider } from "@/features/project/project-context";
import { projectPermissions } from "@/lib/project-permissions";
import { jsonResponse, officeMoveProject, stubFetchInEachTest } from "@/testing/component-tests";
import { layOutGanttInEachTest } from "./gantt-dom-testing";
import { GanttView } from "./gantt-view";

stubFetchInEachTest((url) => {
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  return jsonResponse({});
});

// Empty storage, the days scale (40 px a day) and the chart's box laid out, as the tracking tests.
layOutGanttInEachTest();

type Schedule = NonNullable<ScheduledTaskDto["schedule"]>;
const scheduled = (
  id: number,
  name: string,
  dates: [string, string],
  extra: Partial<Schedule> = {},
  overrides: Partial<ScheduledTaskDto> = {},
): ScheduledTaskDto =>
  taskDto({
    id,
    name,
    order: id,
    projectId: 3,
    duration: 3,
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
      ...extra,
    },
    ...overrides,
  });

const LATE_REASON = "Finishes May 13, 2026, after its deadline, May 8, 2026.";
// 1 -> 2 -> 4 drives Unpack's start; 1 -> 3 -> 4 does not.
const tasks = [
  scheduled(1, "Pack boxes", ["2026-05-04", "2026-05-08"], {}, { deadline: "2026-05-08" }),
  scheduled(
    2,
    "Move furniture",
    ["2026-05-11", "2026-05-13"],
    {
      totalFloat: -3,
      drivenBy: { kind: "dependency", dependencyId: 10 },
      conflict: true,
      conflictReason: LATE_REASON,
    },
    { deadline: "2026-05-06" },
  ),
  scheduled(3, "Clean old office", ["2026-05-11", "2026-05-11"], {
    totalFloat: 3,
    drivenBy: { kind: "dependency", dependencyId: 11 },
  }),
  scheduled(4, "Unpack", ["2026-05-14", "2026-05-15"], {
    drivenBy: { kind: "dependency", dependencyId: 12 },
  }),
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

/** Shows a task's driving path, as the task dialog's button does. */
function ShowPathButton({ taskId }: { taskId: number }) {
  const { show } = useDrivingPath();
  return (
    <button type="button" onClick={() => show(taskId)}>
      Show path of {taskId}
    </button>
  );
}

function renderGantt(onOpenTask = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const value = {
    project: officeMoveProject,
    tasks,
    dependencies,
    schedule: { finish: "2026-05-15" },
    accessLevel: "owner",
    ...projectPermissions("owner"),
  } as unknown as ProjectDetailDto & ReturnType<typeof projectPermissions>;
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ProjectProvider value={value}>
          <DrivingPathProvider>
            <ShowPathButton taskId={4} />
            <GanttView onOpenTask={onOpenTask} onNewTask={() => {}} />
          </DrivingPathProvider>
        </ProjectProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return onOpenTask;
}

const bar = (taskId: number) => {
  const found = document.querySelector<HTMLElement>(`[data-gantt-bar="${taskId}"]`);
  if (!found) throw new Error(`no bar ${taskId}`);
  return found;
};
const px = (value: string) => Number.parseFloat(value);
const marked = (selector: string, attribute: string) =>
  [...document.querySelectorAll(`${selector}[data-driving-path="true"]`)]
    .map((element) => Number(element.getAttribute(attribute)))
    .sort((a, b) => a - b);

describe("GanttView's schedule marks", () => {
  it("draws a deadline marker at the end of its day, named by its date, red once missed", () => {
    renderGantt();
    const met = screen.getByRole("img", { name: "Deadline May 8, 2026" });
    expect(met).toHaveProperty("dataset.ganttDeadline", "2026-05-08");
    // Pack boxes finishes on its deadline's day: the marker stands at the end of its bar.
    const packing = bar(1);
    expect(px(met.style.left)).toBeCloseTo(px(packing.style.left) + px(packing.style.width));
    expect(met.hasAttribute("data-missed")).toBe(false);

    const missed = screen.getByRole("img", { name: "Deadline May 6, 2026" });
    // Three days of 40 px after the start of May 4, four days before Move furniture starts.
    expect(px(missed.style.left)).toBeCloseTo(px(packing.style.left) + 3 * 40);
    expect(px(bar(2).style.left) - px(missed.style.left)).toBeCloseTo(4 * 40);
    expect(missed.getAttribute("data-missed")).toBe("true");
    expect(missed.getAttribute("class")).toContain("text-destructive");
  });

  it("draws a bar with negative float red, saying how late it is", () => {
    renderGantt();
    const late = bar(2);
    expect(late.dataset.late).toBe("true");
    expect(late.style.borderColor).toBe("var(--destructive)");
    expect(late.title).toBe("3 working days late");
    expect(late.getAttribute("aria-label")).toContain("3 working days late");
    const onTime = bar(3);
    expect(onTime.dataset.late).toBeUndefined();
    expect(onTime.style.borderColor).not.toBe("var(--destructive)");
  });

  it("opens the task from its conflict's button", async () => {
    const onOpenTask = renderGantt();
    const conflicts = document.querySelectorAll("[data-gantt-conflict]");
    expect([...conflicts].map((button) => button.getAttribute("data-gantt-conflict"))).toEqual(["2"]);
    await userEvent.click(screen.getByRole("button", { name: `Conflict: ${LATE_REASON}` }));
    expect(onOpenTask).toHaveBeenCalledTimes(1);
    expect(onOpenTask.mock.calls[0][0]).toMatchObject({ id: 2, name: "Move furniture" });
  });
});

describe("GanttView's driving path", () => {
  it("marks exactly the path's bars and arrows, dims the others, and clears", async () => {
    renderGantt();
    expect(document.querySelectorAll('[data-driving-path="true"]')).toHaveLength(0);
    expect(document.querySelectorAll("[data-gantt-arrow]")).toHaveLength(4);

    await userEvent.click(screen.getByRole("button", { name: "Show path of 4" }));
    expect(screen.getByText("Driving path of “Unpack”: 3 tasks back to the project's start")).toBeTruthy();
    expect(marked("[data-gantt-bar]", "data-gantt-bar")).toEqual([1, 2, 4]);
    expect(marked("[data-gantt-arrow]", "data-gantt-arrow")).toEqual([10, 12]);
    expect(bar(3).className).toContain("opacity-45");
    expect(bar(4).className).not.toContain("opacity-45");

    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByText(/Driving path of/)).toBeNull();
    expect(document.querySelectorAll('[data-driving-path="true"]')).toHaveLength(0);
    expect(bar(3).className).not.toContain("opacity-45");
  });

  it("clears on Escape, but not while typing in a field", async () => {
    renderGantt();
    await userEvent.click(screen.getByRole("button", { name: "Show path of 4" }));
    const zoom = screen.getByLabelText("Zoom");
    act(() => {
      fireEvent.keyDown(zoom, { key: "Escape" });
    });
    expect(screen.getByText(/Driving path of/)).toBeTruthy();
    act(() => {
      fireEvent.keyDown(document.body, { key: "Escape" });
    });
    expect(screen.queryByText(/Driving path of/)).toBeNull();
  });
});
