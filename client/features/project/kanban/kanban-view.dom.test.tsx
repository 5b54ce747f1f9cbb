// The kanban board as a component, in jsdom, with columns long enough to be virtualised: a column
// of 2,000 cards draws a window of them while its header counts all 2,000, a short column draws
// every card, and in a plan with summaries the drawn cards are leaves carrying their breadcrumbs.
// jsdom lays nothing out (every box is 0 px high, and a virtualizer with no room draws nothing), so
// the tests give each column's scroll box 600 px and each drawn card 100 px, what the virtualizer
// reads; the browser test (e2e/kanban-at-scale.e2e.ts) counts a window laid out for real.
import type { ProjectDetailDto, ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ProjectProvider } from "@/features/project/project-context";
import { projectPermissions } from "@/lib/project-permissions";
import { jsonResponse, officeMoveProject, stubFetchInEachTest } from "@/testing/component-tests";
import { VIRTUALISE_FROM } from "./kanban-column";
import { KanbanView } from "./kanban-view";

const project = officeMoveProject;

stubFetchInEachTest((url) => {
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  return jsonResponse({});
});

const SCROLL_BOX_HEIGHT = 600;
const CARD_HEIGHT = 100;
beforeEach(() => {
  vi.spyOn(Element.prototype, "clientHeight", "get").mockImplementation(function (this: Element) {
    return this.hasAttribute("data-kanban-scroll") ? SCROLL_BOX_HEIGHT : 0;
  });
  // A virtualised column's item (li[data-index]) is measured as it is drawn.
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute("data-index") ? CARD_HEIGHT : 0;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const task = (id: number, overrides: Partial<ScheduledTaskDto> = {}): ScheduledTaskDto =>
  taskDto({ id, name: `Task ${id}`, order: id, projectId: 3, ...overrides });

function renderBoard(tasks: ScheduledTaskDto[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const value = {
    project,
    tasks,
    dependencies: [],
    schedule: { finish: null },
    accessLevel: "owner",
    ...projectPermissions("owner"),
  } as unknown as ProjectDetailDto & ReturnType<typeof projectPermissions>;
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ProjectProvider value={value}>
          <KanbanView onOpenTask={() => {}} onNewTask={() => {}} />
        </ProjectProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const column = (status: string) => {
  const found = document.querySelector<HTMLElement>(`[data-kanban-column="${status}"]`);
  if (!found) throw new Error(`no column ${status}`);
  return found;
};
const drawnCards = (status: string) => column(status).querySelectorAll("[data-kanban-card]");

describe("KanbanView with thousands of cards", () => {
  it("draws a window of a 2,000-card column and counts all 2,000 in its header", () => {
    const notStarted = Array.from({ length: 2000 }, (_, index) => task(index + 1));
    const inProgress = [task(2001, { status: "in-progress" }), task(2002, { status: "in-progress" })];
    renderBoard([...notStarted, ...inProgress]);

    const header = within(column("not-started")).getByLabelText("2000 tasks");
    expect(header.textContent).toBe("2000");
    // The 6 cards in 600 px and 3 under them, of 2,000.
    const drawn = drawnCards("not-started");
    expect(drawn.length).toBe(SCROLL_BOX_HEIGHT / CARD_HEIGHT + 3);
    // The first cards, in order, each telling screen readers its place among all 2,000.
    expect(drawn[0].getAttribute("data-kanban-card")).toBe("1");
    expect(drawn[0].closest("li")?.getAttribute("aria-posinset")).toBe("1");
    expect(drawn[0].closest("li")?.getAttribute("aria-setsize")).toBe("2000");
    expect(screen.getByRole("button", { name: "Task 1" }).getAttribute("aria-roledescription")).toBe(
      "draggable task",
    );

    // A short column draws every card.
    expect(within(column("in-progress")).getByLabelText("2 tasks")).toBeTruthy();
    expect(drawnCards("in-progress")).toHaveLength(2);
    expect(column("blocked").textContent).toContain("No tasks");
  });

  it("virtualises a column from VIRTUALISE_FROM cards, not before", () => {
    const below = Array.from({ length: VIRTUALISE_FROM - 1 }, (_, index) => task(index + 1));
    const from = Array.from({ length: VIRTUALISE_FROM }, (_, index) =>
      task(index + 100, { status: "blocked" }),
    );
    renderBoard([...below, ...from]);
    expect(drawnCards("not-started")).toHaveLength(VIRTUALISE_FROM - 1);
    expect(drawnCards("blocked").length).toBeLessThan(VIRTUALISE_FROM);
    expect(within(column("blocked")).getByLabelText(`${VIRTUALISE_FROM} tasks`)).toBeTruthy();
  });

  it("in a plan with summaries, counts and draws leaves only, each with its breadcrumb", () => {
    const design = task(1, { name: "Design" });
    const leaves = Array.from({ length: 2000 }, (_, index) => task(index + 2, { parentId: 1, order: index }));
    renderBoard([design, ...leaves]);
    expect(within(column("not-started")).getByLabelText("2000 tasks")).toBeTruthy();
    expect(document.querySelector('[data-kanban-card="1"]')).toBeNull();
    const drawn = drawnCards("not-started");
    expect(drawn.length).toBeLessThan(20);
    expect(drawn[0].querySelector("[data-summary-path]")?.textContent).toBe("Under Design");
  });
});

describe("KanbanView's cards", () => {
  const card = (taskId: number) => document.querySelector<HTMLElement>(`[data-kanban-card="${taskId}"]`);

  it("show a thin progress bar while work is under way: not at 0 %, not once completed", () => {
    renderBoard([
      task(1, { name: "Pack boxes" }),
      task(2, { name: "Move furniture", status: "in-progress", percentComplete: 40 }),
      task(3, { name: "Clean up", status: "completed", completed: true, percentComplete: 100 }),
    ]);
    const bar = within(card(2) as HTMLElement).getByRole("progressbar", { name: "40 % complete" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(card(1)?.querySelector('[role="progressbar"]')).toBeNull();
    expect(card(3)?.querySelector('[role="progressbar"]')).toBeNull();
    // The card's own name says it too.
    expect(screen.getByRole("button", { name: /^Move furniture.*40 % complete$/ })).toBe(card(2));
  });
});
