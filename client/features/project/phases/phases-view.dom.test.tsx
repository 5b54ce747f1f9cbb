// The phases view as a component, in jsdom (768 px tall, nothing laid out, so every item keeps its
// estimated size): at 3,000 tasks it draws the cards in view and a few more, while each phase's
// header counts all its tasks and each card says its place among them; scrolling the window
// brings the last phase in; a card opens its task; a plan with summaries names them on its leaves.
import type { ProjectDetailDto, ScheduledTaskDto } from "@core/schemas/projects";
import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProjectProvider } from "@/features/project/project-context";
import { projectPermissions } from "@/lib/project-permissions";
import { officeMoveProject } from "@/testing/component-tests";
import { PhasesView } from "./phases-view";

const project = officeMoveProject;

const task = (id: number, overrides: Partial<ScheduledTaskDto> = {}) =>
  taskDto({ id, name: `Task ${id}`, order: id, projectId: 3, ...overrides });

/** 3,000 tasks in three phases of 1,000: each task of the second and third thousand waits on the one 1,000 before it. */
const PER_PHASE = 1000;
const tasks = Array.from({ length: 3 * PER_PHASE }, (_, index) => task(index + 1));
const dependencies = Array.from({ length: 2 * PER_PHASE }, (_, index) =>
  dependencyDto(index + 1, index + 1, index + 1 + PER_PHASE),
);

function renderPhases(
  shown: ScheduledTaskDto[],
  links = dependencies.slice(0, 0),
  onOpenTask: (task: ScheduledTaskDto) => void = () => {},
) {
  const detail = {
    project,
    tasks: shown,
    dependencies: links,
    schedule: { finish: null },
    accessLevel: "owner",
  } as unknown as ProjectDetailDto;
  return render(
    <ProjectProvider value={{ ...detail, ...projectPermissions("owner") }}>
      <PhasesView onOpenTask={(opened) => onOpenTask(opened as ScheduledTaskDto)} />
    </ProjectProvider>,
  );
}

const cards = () => document.querySelectorAll('[aria-labelledby="phases-title"] ol > li li');
const phase = (n: number) => screen.getByRole("heading", { name: `Phase ${n}` }).closest<HTMLElement>("li");

/**
 * Scrolls the window of jsdom, which cannot scroll: sets where it is, moves every element's box up
 * by as much (the page starts at the list, nothing being laid out) and says so.
 */
function scrollWindowTo(top: number) {
  vi.spyOn(window, "scrollY", "get").mockReturnValue(top);
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, -top, 0, 0));
  act(() => {
    window.dispatchEvent(new Event("scroll"));
  });
}

beforeEach(() => {
  // The virtualiser puts the window where it was; jsdom has no scrolling to do it with.
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("PhasesView at 3,000 tasks", () => {
  it("draws the cards in view, far fewer than the tasks, while the phase counts all of them", () => {
    renderPhases(tasks, dependencies);
    const drawn = cards().length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(50);
    const first = phase(1);
    expect(first).not.toBeNull();
    expect(within(first as HTMLElement).getByText("Can start immediately")).toBeTruthy();
    expect(within(first as HTMLElement).getByText("1000 tasks")).toBeTruthy();
    const card = within(first as HTMLElement).getByRole("button", { name: /^Task 1\b/ });
    const item = card.closest("li") as HTMLElement;
    expect(item.getAttribute("aria-posinset")).toBe("1");
    expect(item.getAttribute("aria-setsize")).toBe("1000");
    expect((first as HTMLElement).getAttribute("aria-setsize")).toBe("3");
    // The list keeps the height of every card, drawn or not: 3,000 rows of one card in jsdom.
    const list = document.querySelector<HTMLElement>('[aria-labelledby="phases-title"] ol');
    expect(Number.parseFloat(list?.style.height ?? "0")).toBeGreaterThan(3 * PER_PHASE * 84);
  });

  it("draws the last phase, counted in full, when the window is scrolled to it", () => {
    renderPhases(tasks, dependencies);
    expect(screen.queryByRole("heading", { name: "Phase 3" })).toBeNull();
    const list = document.querySelector<HTMLElement>('[aria-labelledby="phases-title"] ol');
    scrollWindowTo(Number.parseFloat(list?.style.height ?? "0") - 400);
    const last = phase(3) as HTMLElement;
    expect(within(last).getByText("2 dependency levels")).toBeTruthy();
    expect(within(last).getByText("1000 tasks")).toBeTruthy();
    expect(within(last).getByRole("button", { name: /^Task 3000\b/ })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Phase 1" })).toBeNull();
    expect(cards().length).toBeLessThan(50);
  });

  it("opens the task of a card pressed", () => {
    const opened = vi.fn();
    renderPhases(tasks, dependencies, opened);
    fireEvent.click(screen.getByRole("button", { name: /^Task 2\b/ }));
    expect(opened).toHaveBeenCalledWith(tasks[1]);
  });
});

describe("PhasesView of a small plan", () => {
  it("draws every phase and card, with the summaries above each leaf and no checkbox", () => {
    const outlined = [
      task(1, { name: "Design" }),
      task(2, { name: "Sketch", parentId: 1, description: "Three options." }),
      task(3, { name: "Review", parentId: 1 }),
      task(4, { name: "Launch" }),
    ];
    renderPhases(outlined, [dependencyDto(1, 2, 3), dependencyDto(2, 3, 4)]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Phase 1",
      "Phase 2",
      "Phase 3",
    ]);
    const sketch = screen.getByRole("button", { name: /^Sketch/ });
    expect(sketch.textContent).toContain("Under Design");
    expect(sketch.textContent).toContain("Three options.");
    expect(within(phase(3) as HTMLElement).getByRole("button").textContent).toMatch(/^Launch/);
    expect(within(phase(1) as HTMLElement).getByText("1 task")).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
    // Summaries are in no phase.
    expect(screen.queryByRole("button", { name: /^Design/ })).toBeNull();
  });

  it("says so when there is no task", () => {
    renderPhases([]);
    expect(screen.getByText("No tasks yet")).toBeTruthy();
  });
});
