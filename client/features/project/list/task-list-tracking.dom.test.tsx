// The task list's tracking columns, in jsdom (docs/spec/tracking.md): % complete and the actual
// dates in the Columns menu; the baseline's start and finish and the variances offered only while
// a baseline or a past day is compared, chosen in the list or remembered from the Gantt's choice.
// The server is a stubbed fetch answering by URL; the project context follows the cached project.
import type { ProjectDetailDto, ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
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
const project = {
  ...officeMoveProject,
  startDate: "2026-03-02",
  workingDays: [1, 2, 3, 4, 5],
  holidays: [],
  statusDate: null,
} as ProjectDetailDto["project"];

const summary = {
  id: 7,
  name: "Agreed",
  savedAt: "2026-02-27T09:00:00.000Z",
  savedBy: null,
  finish: "2026-03-04",
};
beforeEach(() => localStorage.clear());
stubFetchInEachTest((url) => {
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  if (url.startsWith("/api/projects/3/shares"))
    return jsonResponse({ shares: [], isOwner: true, owner: user });
  if (url === "/api/projects/3/baselines") return jsonResponse([summary]);
  if (url === "/api/projects/3/baselines/7")
    return jsonResponse({
      ...summary,
      // Planned Monday 2 to Wednesday 4; it now runs Tuesday 3 to Monday 9.
      tasks: [{ taskId: 1, start: "2026-03-02", finish: "2026-03-04", duration: 3 }],
    });
  if (url === "/api/projects/3/as-of?at=2026-03-03")
    return jsonResponse({
      project,
      // At the end of Mar 3 Pour foundation was planned as the baseline has it; Frame walls was not planned.
      tasks: [{ ...plan[0], schedule: schedule("2026-03-02", "2026-03-04") }],
      dependencies: [],
      schedule: { finish: "2026-03-04" },
      accessLevel: "owner",
      asOf: "2026-03-03T23:59:59.999Z",
    });
  return jsonResponse({});
});

const schedule = (start: string, finish: string) => ({
  start,
  finish,
  lateStart: start,
  lateFinish: finish,
  totalFloat: 0,
  critical: true,
  freeFloat: 0,
  drivenBy: { kind: "actual" as const },
  conflict: false,
  conflictReason: null,
  late: false,
});
const plan: ScheduledTaskDto[] = [
  {
    ...taskDto({ id: 1, name: "Pour foundation", order: 0, projectId: 3, duration: 5 }),
    percentComplete: 40,
    actualStart: "2026-03-03",
    actualFinish: null,
    schedule: schedule("2026-03-03", "2026-03-09"),
  },
  {
    ...taskDto({ id: 2, name: "Frame walls", order: 1, projectId: 3, duration: 2 }),
    percentComplete: 0,
    schedule: schedule("2026-03-10", "2026-03-11"),
  },
];

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

function renderList() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(AUTH_USER_QUERY_KEY, user);
  client.setQueryData<ProjectDetailDto>(projectKeys.detail(3), {
    project,
    tasks: plan,
    dependencies: [],
    schedule: { finish: "2026-03-11" },
    accessLevel: "owner",
  } as ProjectDetailDto);
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Page />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const row = (name: string) => {
  const found = screen.getByRole("button", { name }).closest<HTMLElement>("[data-task-row]");
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};
/** The value a row shows under a column's name (its cell's dt and dd, wide screens). */
const cell = (name: string, title: string) =>
  within(row(name))
    .getAllByText(title, { selector: "dt" })
    .map((term) => term.nextElementSibling?.textContent)[0];

async function openColumns(events: ReturnType<typeof userEvent.setup>) {
  screen.getByRole("button", { name: "Columns" }).focus();
  await events.keyboard("{Enter}");
  return screen.findByRole("menu");
}

async function showColumn(events: ReturnType<typeof userEvent.setup>, title: string) {
  const menu = await openColumns(events);
  await events.click(within(menu).getByRole("menuitemcheckbox", { name: title }));
  await events.keyboard("{Escape}");
}

describe("TaskListView's tracking columns", () => {
  it("show % complete and the actual dates once chosen", async () => {
    const events = userEvent.setup();
    renderList();
    await screen.findByRole("heading", { name: "Tasks (2)" });
    expect(row("Pour foundation").textContent).not.toContain("40%");
    for (const title of ["% complete", "Actual start", "Actual finish"]) await showColumn(events, title);
    expect(cell("Pour foundation", "% complete")).toBe("40%");
    expect(cell("Pour foundation", "Actual start")).toBe("Mar 3, 2026");
    expect(cell("Pour foundation", "Actual finish")).toBe("—none");
    expect(cell("Frame walls", "% complete")).toBe("0%");
    expect(JSON.parse(localStorage.getItem("list_columns_1") ?? "[]")).toEqual([
      "percentComplete",
      "actualStart",
      "actualFinish",
    ]);
  });

  it("offer the baseline's columns only while one is compared, with the variance in working days", async () => {
    const events = userEvent.setup();
    renderList();
    await screen.findByRole("heading", { name: "Tasks (2)" });
    let menu = await openColumns(events);
    expect(within(menu).queryByRole("menuitemcheckbox", { name: "Finish variance" })).toBeNull();
    await events.keyboard("{Escape}");

    const select = await screen.findByLabelText("Compare with");
    await waitFor(() => expect(within(select).getByRole("option", { name: "Agreed" })).toBeTruthy());
    await events.selectOptions(select, "Agreed");
    menu = await openColumns(events);
    expect(within(menu).getByText("Compared with “Agreed”")).toBeTruthy();
    await events.keyboard("{Escape}");
    for (const title of ["Baseline start", "Baseline finish", "Start variance", "Finish variance"])
      await showColumn(events, title);
    await waitFor(() => expect(cell("Pour foundation", "Finish variance")).toBe("+3 d"));
    expect(cell("Pour foundation", "Start variance")).toBe("+1 d");
    expect(cell("Pour foundation", "Baseline start")).toBe("Mar 2, 2026");
    expect(cell("Pour foundation", "Baseline finish")).toBe("Mar 4, 2026");
    // Added since: no saved dates, no variance.
    expect(cell("Frame walls", "Finish variance")).toBe("—none");
    expect(localStorage.getItem("compared_baseline_1_3")).toBe("baseline:7");

    // Compared with nothing, the columns go, and come back with the choice.
    await events.selectOptions(screen.getByLabelText("Compare with"), "None");
    expect(within(row("Pour foundation")).queryAllByText("Finish variance", { selector: "dt" })).toEqual([]);
  });

  it("show the baseline the Gantt compares with, remembered for this user and project", async () => {
    localStorage.setItem("compared_baseline_1_3", "7");
    localStorage.setItem("list_columns_1", JSON.stringify(["finishVariance"]));
    renderList();
    await screen.findByRole("heading", { name: "Tasks (2)" });
    await waitFor(() => expect(cell("Pour foundation", "Finish variance")).toBe("+3 d"));
    expect((screen.getByLabelText("Compare with") as HTMLSelectElement).value).toBe("7");
  });

  it("follow a past date chosen in the list, named by its day", async () => {
    const events = userEvent.setup();
    localStorage.setItem(
      "list_columns_1",
      JSON.stringify(["baselineStart", "startVariance", "finishVariance"]),
    );
    renderList();
    await screen.findByRole("heading", { name: "Tasks (2)" });
    await events.selectOptions(screen.getByLabelText("Compare with"), "A past date…");
    fireEvent.change(screen.getByLabelText("Compared date"), { target: { value: "2026-03-03" } });
    await waitFor(() => expect(cell("Pour foundation", "Finish variance")).toBe("+3 d"));
    expect(cell("Pour foundation", "Start variance")).toBe("+1 d");
    expect(cell("Pour foundation", "Baseline start")).toBe("Mar 2, 2026");
    expect(
      within(row("Pour foundation")).getAllByTitle("Finish 3 working days later than “Mar 3, 2026”").length,
    ).toBeGreaterThan(0);
    // Not planned on that day: no dates, no variance.
    expect(cell("Frame walls", "Finish variance")).toBe("—none");
    expect(localStorage.getItem("compared_baseline_1_3")).toBe("date:2026-03-03");
    const menu = await openColumns(events);
    expect(within(menu).getByText("Compared with “Mar 3, 2026”")).toBeTruthy();
  });
});
