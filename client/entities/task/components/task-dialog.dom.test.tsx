// The task dialog as a component, in jsdom: a new task's name required by the shared schema before
// anything is sent, the task created with what was typed, and typed text kept by the "Discard
// changes?" question when Escape would drop it; a summary's dialog offers no duration, dates, mode
// or status (they roll up) and shows its rolled-up dates. The server is a stubbed fetch answering
// by URL.
import type { DependencyDto, ScheduledTaskDto } from "@core/schemas/projects";
import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithQueryClient, stubFetchInEachTest } from "@/testing/component-tests";
import { CompletionConfirmationProvider } from "./completion-confirmation";
import { TaskDialog } from "./task-dialog";

const user = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };
const project = { id: 3, name: "Office move", slug: "office-move-1", userId: 1, archived: false };
type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
/** The tasks the stubbed server holds in project 3. */
let projectTasks: ScheduledTaskDto[] = [];
/** The dependencies the stubbed server holds in project 3. */
let projectDependencies: DependencyDto[] = [];

/** What the stubbed server answers each read with; a task creation echoes the task. */
function answerFor(method: string, url: string, body: Record<string, unknown> | null): unknown {
  if (url === "/api/auth/user") return user;
  if (url.startsWith("/api/projects/3/shares")) return { shares: [], isOwner: true, owner: user };
  if (url.startsWith("/api/projects/3/categories")) return [];
  if (url.startsWith("/api/shared-projects")) return [];
  if (url.startsWith("/api/projects/3/tasks") && method === "POST")
    return { id: 11, projectId: 3, order: 0, status: "not-started", completed: false, ...body };
  // A dry run that moves nothing else: the write applies without asking.
  if (url.endsWith("?dryRun=true")) return { preview: { moved: [], finish: { from: null, to: null } } };
  if (url.startsWith("/api/tasks/") && method === "PUT") {
    const task = projectTasks.find((each) => url === `/api/tasks/${each.id}`);
    return { ...task, ...body };
  }
  if (url.startsWith("/api/projects/3"))
    return { project, tasks: projectTasks, dependencies: projectDependencies, accessLevel: "owner" };
  if (url.startsWith("/api/projects")) return [{ ...project, accessLevel: "owner" }];
  return {};
}

beforeEach(() => {
  calls = [];
  projectTasks = [];
  projectDependencies = [];
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  const body = init.body ? JSON.parse(String(init.body)) : null;
  calls.push({ method, url, body });
  return jsonResponse(answerFor(method, url, body), method === "POST" ? 201 : 200);
});

function renderDialog(onOpenChange = vi.fn()) {
  renderWithQueryClient(
    <CompletionConfirmationProvider>
      <TaskDialog
        open
        onOpenChange={onOpenChange}
        contextProject={{ id: 3, name: "Office move", userId: 1 }}
      />
    </CompletionConfirmationProvider>,
  );
  return onOpenChange;
}

const writes = () => calls.filter((call) => call.method !== "GET");

describe("TaskDialog", () => {
  it("asks for a name before sending anything, in the shared schema's words", async () => {
    const events = userEvent.setup();
    renderDialog();
    await events.click(await screen.findByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Task name is required.")).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("creates the task with what was typed, then closes", async () => {
    const events = userEvent.setup();
    const onOpenChange = renderDialog();
    await events.type(await screen.findByLabelText("Task Name"), "Pack boxes");
    await events.type(screen.getByLabelText("Description"), "Books first.");
    await events.click(screen.getByRole("button", { name: "Add Task" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [created] = writes();
    expect(created).toMatchObject({
      method: "POST",
      url: "/api/projects/3/tasks",
      body: { name: "Pack boxes", description: "Books first." },
    });
  });

  it("asks 'Discard changes?' before Escape drops typed text, and stays open", async () => {
    const events = userEvent.setup();
    const onOpenChange = renderDialog();
    await events.type(await screen.findByLabelText("Description"), "Half a thought");
    await events.keyboard("{Escape}");
    const question = await screen.findByRole("alertdialog", { name: "Discard changes?" });
    expect(question).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe("TaskDialog of a summary task", () => {
  // Design holds Sketch (Jun 1 to 3) and Notes (Jun 4 to 9); none has a duration, so no schedule.
  const design = taskDto({ id: 21, projectId: 3, name: "Design", summary: true, outlineLevel: 1, wbs: "1" });
  const sketch = taskDto({
    id: 22,
    projectId: 3,
    name: "Sketch",
    parentId: 21,
    startDate: "2026-06-01T09:00:00.000Z",
    dueDate: "2026-06-03T17:00:00.000Z",
  });
  const notes = taskDto({
    id: 23,
    projectId: 3,
    name: "Notes",
    parentId: 21,
    order: 1,
    startDate: "2026-06-04T09:00:00.000Z",
    dueDate: "2026-06-09T17:00:00.000Z",
  });

  function renderTask(task: ScheduledTaskDto, readOnly = false) {
    projectTasks = [design, sketch, notes];
    const onOpenChange = vi.fn();
    renderWithQueryClient(
      <CompletionConfirmationProvider>
        <TaskDialog
          open
          onOpenChange={onOpenChange}
          task={task}
          readOnly={readOnly}
          contextProject={{ id: 3, name: "Office move", userId: 1 }}
        />
      </CompletionConfirmationProvider>,
    );
    return onOpenChange;
  }

  it("offers no duration, start, due, mode or status, and shows the dates rolled up from its tasks", async () => {
    renderTask(design);
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).getByLabelText("Task Name")).toBeTruthy();
    for (const label of ["Duration (working days)", "Scheduling mode", "Start Date", "Due Date", "Status"]) {
      expect(within(dialog).queryByLabelText(label)).toBeNull();
    }
    // No completion: neither a status to choose nor a box to tick.
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    expect(within(dialog).queryByRole("option", { name: "Completed" })).toBeNull();
    // Its constraint: as soon as possible or start no earlier than, nothing else.
    const constraint = within(dialog).getByLabelText("Constraint") as HTMLSelectElement;
    expect(constraint.disabled).toBe(false);
    expect([...constraint.options].map((option) => option.text)).toEqual([
      "As soon as possible",
      "Start no earlier than",
    ]);
    expect(within(dialog).getByLabelText("Deadline")).toBeTruthy();
    expect(within(dialog).getByLabelText("Snooze Until")).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByTestId("summary-dates").textContent).toContain("Jun 1, 2026 – Jun 9, 2026"),
    );
    expect(within(dialog).getByText("Dates roll up from the tasks under it.")).toBeTruthy();
    // Its progress is rolled up too: shown, not edited.
    expect(within(dialog).queryByLabelText("% complete")).toBeNull();
    expect(within(dialog).queryByLabelText("Actual start")).toBeNull();
  });

  it("shows its percent rolled up from the tasks under it, by duration", async () => {
    // Sketch done, Notes a quarter done, each a day's weight: 62 % (rounded down).
    projectTasks = [
      design,
      { ...sketch, percentComplete: 100, completed: true, status: "completed" },
      { ...notes, percentComplete: 25 },
    ];
    renderWithQueryClient(
      <CompletionConfirmationProvider>
        <TaskDialog
          open
          onOpenChange={vi.fn()}
          task={design}
          contextProject={{ id: 3, name: "Office move", userId: 1 }}
        />
      </CompletionConfirmationProvider>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    await waitFor(() =>
      expect(within(dialog).getByText("62 % complete, rolled up from the tasks under it")).toBeTruthy(),
    );
    const bar = within(dialog).getByRole("progressbar", { name: "62 % complete" });
    expect(bar.getAttribute("aria-valuenow")).toBe("62");
  });

  it("sends its start no earlier than and name, and nothing that rolls up", async () => {
    const events = userEvent.setup();
    const onOpenChange = renderTask(design);
    const name = await screen.findByLabelText("Task Name");
    await events.clear(name);
    await events.type(name, "Design phase");
    await events.selectOptions(screen.getByLabelText("Constraint"), "Start no earlier than");
    // A date input takes its value whole, as a browser's date picker gives it.
    const constraint = screen.getByLabelText("Start no earlier than");
    await events.type(constraint, "2026-06-02");
    await events.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [update] = writes();
    expect(update).toMatchObject({ method: "PUT", url: "/api/tasks/21" });
    const { baseUpdatedAt: _base, ...changes } = update.body as Record<string, unknown>;
    expect(changes).toEqual({ name: "Design phase", constraintType: "SNET", constraintDate: "2026-06-02" });
  });

  it("keeps every scheduling field and the status for a task under it", async () => {
    renderTask(sketch);
    expect(await screen.findByLabelText("Duration (working days)")).toBeTruthy();
    expect(screen.getByLabelText("Start Date")).toBeTruthy();
    expect(screen.getByLabelText("Status")).toBeTruthy();
    expect(screen.queryByTestId("summary-dates")).toBeNull();
  });

  it("shows a viewer the same rolled-up dates, read-only", async () => {
    renderTask(design, true);
    const dialog = await screen.findByRole("dialog", { name: "Task Details" });
    expect(within(dialog).queryByLabelText("Due Date")).toBeNull();
    await waitFor(() =>
      expect(within(dialog).getByTestId("summary-dates").textContent).toContain("Jun 9, 2026"),
    );
  });
});

describe("TaskDialog of a scheduled task", () => {
  // This year's days, so the dialog's short dates leave the year off.
  const year = new Date().getFullYear();
  const day = (monthDay: string) => `${year}-${monthDay}`;
  const schedule = (
    start: string,
    finish: string,
    more: Partial<NonNullable<ScheduledTaskDto["schedule"]>>,
  ) => ({
    start: day(start),
    finish: day(finish),
    lateStart: day(start),
    lateFinish: day(finish),
    totalFloat: 0,
    critical: true,
    freeFloat: 0,
    drivenBy: { kind: "projectStart" as const },
    conflict: false,
    conflictReason: null,
    ...more,
  });
  const foundation = taskDto({
    id: 31,
    projectId: 3,
    name: "Pour foundation",
    duration: 2,
    schedule: schedule("03-02", "03-03", {}),
  });
  const walls = taskDto({
    id: 32,
    projectId: 3,
    name: "Frame walls",
    duration: 3,
    order: 1,
    schedule: schedule("03-06", "03-10", { drivenBy: { kind: "dependency", dependencyId: 40 } }),
  });

  function renderTask(task: ScheduledTaskDto, onShowDrivingPath?: (taskId: number) => void) {
    projectTasks = [foundation, walls, task].filter(
      (each, index, all) => all.findIndex((other) => other.id === each.id) === index,
    );
    projectDependencies = [{ ...dependencyDto(40, 31, 32, { lag: 2 }), projectId: 3 }];
    const onOpenChange = vi.fn();
    renderWithQueryClient(
      <CompletionConfirmationProvider>
        <TaskDialog
          open
          onOpenChange={onOpenChange}
          task={task}
          contextProject={{ id: 3, name: "Office move", userId: 1 }}
          onShowDrivingPath={onShowDrivingPath}
        />
      </CompletionConfirmationProvider>,
    );
    return onOpenChange;
  }

  it("edits its constraint: a dated type needs its date, then type and date are sent after a dry run", async () => {
    const events = userEvent.setup();
    const onOpenChange = renderTask(walls);
    const constraint = (await screen.findByLabelText("Constraint")) as HTMLSelectElement;
    expect(constraint.value).toBe("ASAP");
    expect(constraint.options).toHaveLength(8);
    await events.selectOptions(constraint, "Must start on");
    await events.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("constraintDate is required for a MSO constraint.")).toBeTruthy();
    expect(writes()).toEqual([]);

    await events.selectOptions(constraint, "Start no later than");
    await events.type(screen.getByLabelText("Start no later than"), day("03-09"));
    await events.type(screen.getByLabelText("Deadline"), day("03-20"));
    await events.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [dryRun, update] = writes();
    expect(dryRun.url).toBe("/api/tasks/32?dryRun=true");
    expect(update).toMatchObject({ method: "PUT", url: "/api/tasks/32" });
    const { baseUpdatedAt: _base, ...changes } = update.body as Record<string, unknown>;
    expect(changes).toEqual({ constraintType: "SNLT", constraintDate: day("03-09"), deadline: day("03-20") });
  });

  it("makes a start typed for an auto-scheduled task its start no earlier than", async () => {
    const events = userEvent.setup();
    renderTask(walls);
    await events.type(await screen.findByLabelText("Start Date"), day("03-12"));
    expect((screen.getByLabelText("Constraint") as HTMLSelectElement).value).toBe("SNET");
    expect((screen.getByLabelText("Start no earlier than") as HTMLInputElement).value).toBe(day("03-12"));
  });

  it("says a manual task stays on its own dates under its constraint", async () => {
    const events = userEvent.setup();
    renderTask(walls);
    const manualNote =
      "A manual task stays on its own dates; its constraint applies when it is auto-scheduled.";
    await events.selectOptions(await screen.findByLabelText("Scheduling mode"), "manual");
    expect(screen.getByLabelText("Constraint").getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(manualNote)).toBeTruthy();
  });

  it("says why it starts when it does: the link it waits for, its type and lag", async () => {
    renderTask(walls);
    await waitFor(() =>
      expect(screen.getByTestId("start-reason").textContent).toBe(
        "Starts Mar 6 because it waits for Pour foundation, finish to start + 2 days.",
      ),
    );
    expect(screen.queryByTestId("schedule-conflict")).toBeNull();
  });

  it("warns of a missed constraint with its reason and how late it is", async () => {
    const reason = `Finishes Mar 10, after its finish-no-later-than date, Mar 5, ${year}: its prerequisites do not let it finish sooner.`;
    renderTask({
      ...walls,
      constraintType: "FNLT",
      constraintDate: day("03-05"),
      schedule: { ...walls.schedule!, totalFloat: -3, conflict: true, conflictReason: reason },
    });
    const alert = await screen.findByTestId("schedule-conflict");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe(`${reason} 3 working days late.`);
  });

  it("shows the driving path: calls the page with the task's id and closes", async () => {
    const events = userEvent.setup();
    const onShowDrivingPath = vi.fn();
    const onOpenChange = renderTask(walls, onShowDrivingPath);
    await events.click(await screen.findByRole("button", { name: "Show driving path" }));
    expect(onShowDrivingPath).toHaveBeenCalledWith(32);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("offers no driving path without the page's handler or without a schedule", async () => {
    renderTask({ ...walls, duration: null, schedule: null }, vi.fn());
    expect(await screen.findByLabelText("Constraint")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show driving path" })).toBeNull();
  });

  it("edits its progress: % complete and actual start are sent, and nothing else", async () => {
    const events = userEvent.setup();
    const onOpenChange = renderTask(walls);
    const percent = (await screen.findByLabelText("% complete")) as HTMLInputElement;
    expect(percent.value).toBe("0");
    await events.clear(percent);
    await events.type(percent, "40");
    await events.type(screen.getByLabelText("Actual start"), day("03-05"));
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("not-started");
    await events.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const update = writes().find((call) => call.url === "/api/tasks/32");
    const { baseUpdatedAt: _base, ...changes } = (update?.body ?? {}) as Record<string, unknown>;
    expect(changes).toEqual({ percentComplete: 40, actualStart: day("03-05") });
  });

  it("completes the task at 100 %, and takes a completed one back to 0 % when reopened", async () => {
    const events = userEvent.setup();
    const onOpenChange = renderTask(foundation);
    const percent = (await screen.findByLabelText("% complete")) as HTMLInputElement;
    const status = screen.getByLabelText("Status") as HTMLSelectElement;
    await events.clear(percent);
    await events.type(percent, "100");
    expect(status.value).toBe("completed");
    await events.selectOptions(status, "in-progress");
    expect(percent.value).toBe("0");
    await events.selectOptions(status, "completed");
    expect(percent.value).toBe("100");
    await events.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const update = writes().find((call) => call.url === "/api/tasks/31");
    const { baseUpdatedAt: _base, ...changes } = (update?.body ?? {}) as Record<string, unknown>;
    expect(changes).toEqual({ status: "completed", percentComplete: 100 });
  });

  it("refuses an actual finish on an unfinished task, or one before its start, in the server's words", async () => {
    const events = userEvent.setup();
    renderTask({ ...walls, percentComplete: 50, actualStart: day("03-06"), status: "in-progress" });
    await events.type(await screen.findByLabelText("Actual finish"), day("03-09"));
    await events.click(screen.getByRole("button", { name: "Update" }));
    expect(
      await screen.findByText(
        "actualFinish can only be set on a completed task: set percentComplete to 100 too.",
      ),
    ).toBeTruthy();
    const percent = screen.getByLabelText("% complete");
    await events.clear(percent);
    await events.type(percent, "100");
    const finish = screen.getByLabelText("Actual finish");
    await events.clear(finish);
    await events.type(finish, day("03-02"));
    expect(await screen.findByText("actualFinish must be on or after actualStart.")).toBeTruthy();
    expect(screen.getByLabelText("Actual finish").getAttribute("aria-invalid")).toBe("true");
    expect(writes()).toEqual([]);
  });
});
