// The task list as a component, in jsdom, over a plan with summaries: its tree (WBS numbers, no
// completion box on a summary, a chevron that collapses and is remembered per user and project),
// Shift+Space and Tab sending the indent and saying it to screen readers, and the deletion of a
// summary naming the tasks under it. A flat plan keeps its plain rows. The server is a stubbed
// fetch answering by URL; the project context follows the cached project, as the page's does.
import type { ProjectDetailDto, ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ProjectProvider } from "@/features/project/project-context";
import { projectKeys } from "@/lib/api/query-keys";
import { projectPermissions } from "@/lib/project-permissions";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";
import { jsonResponse, officeMoveProject, stubFetchInEachTest } from "@/testing/component-tests";
import { TaskListView } from "./task-list-view";

const user = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };
const project = officeMoveProject;

const task = (id: number, name: string, parentId: number | null, order: number): ScheduledTaskDto => ({
  ...taskDto({ id, name, parentId, order, projectId: 3 }),
  schedule: null,
});

/** 1 Design (2 Sketch, 3 Review), 4 Build, 5 Launch. */
const outlined = [
  task(1, "Design", null, 0),
  task(2, "Sketch", 1, 0),
  task(3, "Review", 1, 1),
  task(4, "Build", null, 1),
  task(5, "Launch", null, 2),
];

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
beforeEach(() => {
  calls = [];
  localStorage.clear();
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  const body = init.body ? JSON.parse(String(init.body)) : null;
  calls.push({ method, url, body });
  if (url.endsWith("/outline")) return jsonResponse({ tasks: [] });
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  if (url.startsWith("/api/projects/3/shares"))
    return jsonResponse({ shares: [], isOwner: true, owner: user });
  return jsonResponse({});
});

/** The list inside the project context, which reads the cached project as the page does. */
function Page() {
  const { data } = useQuery<ProjectDetailDto>({
    queryKey: projectKeys.detail(3),
    queryFn: () => Promise.reject(new Error("The test reads the cache only.")),
    enabled: false,
  });
  if (!data) return null;
  return (
    <ProjectProvider value={{ ...data, ...projectPermissions("owner") }}>
      <TaskListView onOpenTask={() => {}} onNewTask={() => {}} />
    </ProjectProvider>
  );
}

function renderList(tasks: ScheduledTaskDto[], dependencies: ProjectDetailDto["dependencies"] = []) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(AUTH_USER_QUERY_KEY, user);
  client.setQueryData<ProjectDetailDto>(projectKeys.detail(3), {
    project,
    tasks,
    dependencies,
    schedule: { finish: null },
    accessLevel: "owner",
  } as ProjectDetailDto);
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Page />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { client, unmount };
}

const row = (name: string) => {
  const found = screen.getByRole("button", { name }).closest<HTMLElement>("[data-task-row]");
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};
const wbsOf = (name: string) => row(name).querySelector("[data-wbs]")?.textContent;

describe("TaskListView with summaries", () => {
  it("shows the tree: WBS numbers, no completion box on a summary, and counts the leaves", async () => {
    renderList(outlined);
    expect(await screen.findByRole("heading", { name: "Tasks (4)" })).toBeTruthy();
    expect(wbsOf("Design")).toBe("WBS 1");
    expect(wbsOf("Review")).toBe("WBS 1.2");
    expect(wbsOf("Launch")).toBe("WBS 3");
    expect(screen.queryByRole("checkbox", { name: 'Mark "Design" as completed' })).toBeNull();
    expect(screen.getByRole("checkbox", { name: 'Mark "Sketch" as completed' })).toBeTruthy();
  });

  it("collapses a summary's subtree and remembers it for this user and project", async () => {
    const events = userEvent.setup();
    renderList(outlined);
    await events.click(await screen.findByRole("button", { name: 'Collapse "Design" (2 tasks under it)' }));
    expect(screen.queryByRole("button", { name: "Sketch" })).toBeNull();
    expect(
      screen
        .getByRole("button", { name: 'Expand "Design" (2 tasks under it)' })
        .getAttribute("aria-expanded"),
    ).toBe("false");
    expect(JSON.parse(localStorage.getItem("outline_collapsed_1_3") ?? "[]")).toEqual([1]);
  });

  it("indents the chosen row with Tab, at once, and says so", async () => {
    const events = userEvent.setup();
    const { client } = renderList(outlined);
    const build = await screen.findByRole("checkbox", { name: 'Mark "Build" as completed' });
    build.focus();
    await events.keyboard("{Shift>} {/Shift}");
    expect(row("Build").dataset.selected).toBe("true");
    expect(screen.getByText("1 task selected")).toBeTruthy();
    await events.keyboard("{Tab}");
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toEqual({
        method: "POST",
        url: "/api/projects/3/outline",
        body: { taskIds: [4], action: "indent" },
      }),
    );
    expect(screen.getByText("Indented “Build”")).toBeTruthy();
    // Under Design, after Review: the cache took the move before the answer.
    const moved = client
      .getQueryData<ProjectDetailDto>(projectKeys.detail(3))
      ?.tasks.find((each) => each.id === 4);
    expect(moved).toMatchObject({ parentId: 1, order: 2 });
    await waitFor(() => expect(wbsOf("Build")).toBe("WBS 1.3"));
  });

  it("asks before a summary goes with the tasks under it", async () => {
    const events = userEvent.setup();
    renderList(outlined);
    // By keyboard: jsdom has no pointer events for the menu to open on.
    (await screen.findByRole("button", { name: 'Actions for "Design"' })).focus();
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-haspopup")).toBe("menu"));
    await events.keyboard("{Enter}");
    await events.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText('Delete "Design" and the 2 tasks under it?')).toBeTruthy();
  });
});

describe("TaskListView without summaries", () => {
  it("lists a flat plan as it always did: no WBS numbers, no chevrons, Tab moves on", async () => {
    const events = userEvent.setup();
    renderList(outlined.map((each, order) => ({ ...each, parentId: null, order })));
    expect(await screen.findByRole("heading", { name: "Tasks (5)" })).toBeTruthy();
    expect(document.querySelector("[data-wbs]")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Collapse/ })).toBeNull();
    screen.getByRole("checkbox", { name: 'Mark "Build" as completed' }).focus();
    await events.keyboard("{Tab}");
    expect(document.activeElement?.textContent).toBe("Build");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});

describe("TaskListView's optional columns", () => {
  const schedule = (totalFloat: number, freeFloat: number) => ({
    start: "2026-03-02",
    finish: "2026-03-04",
    lateStart: "2026-03-02",
    lateFinish: "2026-03-04",
    totalFloat,
    critical: totalFloat <= 0,
    freeFloat,
    drivenBy: { kind: "projectStart" as const },
    conflict: totalFloat < 0,
    conflictReason: null,
  });
  const plan = [
    {
      ...task(1, "Pour foundation", null, 0),
      duration: 3,
      constraintType: "SNET" as const,
      constraintDate: "2026-03-09",
      startNoEarlierThan: "2026-03-09",
      deadline: "2026-03-20",
      schedule: schedule(-3, 0),
    },
    { ...task(2, "Frame walls", null, 1), duration: 2, schedule: schedule(4, 2) },
  ];

  /** Ticks a column in the Columns menu (opened by keyboard: jsdom has no pointer events for it). */
  async function showColumn(events: ReturnType<typeof userEvent.setup>, title: string) {
    screen.getByRole("button", { name: "Columns" }).focus();
    await events.keyboard("{Enter}");
    await events.click(await screen.findByRole("menuitemcheckbox", { name: title }));
    await events.keyboard("{Escape}");
  }

  it("are off until chosen, then show each task's constraint, deadline and floats, late in red", async () => {
    const events = userEvent.setup();
    renderList(plan);
    await screen.findByRole("heading", { name: "Tasks (2)" });
    expect(row("Pour foundation").textContent).not.toContain("Start no earlier than");
    expect(row("Pour foundation").textContent).not.toContain("\u22123");
    for (const title of ["Constraint", "Deadline", "Total float", "Free float"])
      await showColumn(events, title);
    const foundation = row("Pour foundation");
    expect(foundation.textContent).toContain("Start no earlier than Mar 9, 2026");
    expect(foundation.textContent).toContain("Mar 20, 2026");
    const late = within(foundation).getAllByText(
      (_text, element) => element?.tagName === "SPAN" && element.textContent === "\u22123 d",
    );
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((each) => each.className.includes("text-danger"))).toBe(true);
    const walls = row("Frame walls");
    expect(walls.textContent).toContain("As soon as possible");
    expect(
      within(walls).getAllByText((_text, element) => element?.textContent === "4 d").length,
    ).toBeGreaterThan(0);
    // The header names them, in the same grid as the rows.
    expect(screen.getAllByText("Total float").length).toBeGreaterThan(0);
  });

  it("are remembered for this user", async () => {
    const events = userEvent.setup();
    const first = renderList(plan);
    await screen.findByRole("heading", { name: "Tasks (2)" });
    await showColumn(events, "Total float");
    expect(JSON.parse(localStorage.getItem("list_columns_1") ?? "[]")).toEqual(["totalFloat"]);
    first.unmount();
    renderList(plan);
    await screen.findByRole("heading", { name: "Tasks (2)" });
    expect(row("Pour foundation").textContent).toContain("\u22123 d");
    expect(row("Pour foundation").textContent).not.toContain("Mar 20, 2026");
  });
});
