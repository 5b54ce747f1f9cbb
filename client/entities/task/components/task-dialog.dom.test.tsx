// The task dialog as a component, in jsdom: a new task's name required by the shared schema before
// anything is sent, the task created with what was typed, and typed text kept by the "Discard
// changes?" question when Escape would drop it; a summary's dialog offers no duration, dates, mode
// or status (they roll up) and shows its rolled-up dates. The server is a stubbed fetch answering
// by URL.
import type { ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
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

/** What the stubbed server answers each read with; a task creation echoes the task. */
function answerFor(method: string, url: string, body: Record<string, unknown> | null): unknown {
  if (url === "/api/auth/user") return user;
  if (url.startsWith("/api/projects/3/shares")) return { shares: [], isOwner: true, owner: user };
  if (url.startsWith("/api/projects/3/categories")) return [];
  if (url.startsWith("/api/shared-projects")) return [];
  if (url.startsWith("/api/projects/3/tasks") && method === "POST")
    return { id: 11, projectId: 3, order: 0, status: "not-started", completed: false, ...body };
  if (url.startsWith("/api/tasks/") && method === "PUT") {
    const task = projectTasks.find((each) => url === `/api/tasks/${each.id}`);
    return { ...task, ...body };
  }
  if (url.startsWith("/api/projects/3"))
    return { project, tasks: projectTasks, dependencies: [], accessLevel: "owner" };
  if (url.startsWith("/api/projects")) return [{ ...project, accessLevel: "owner" }];
  return {};
}

beforeEach(() => {
  calls = [];
  projectTasks = [];
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
    const constraint = within(dialog).getByLabelText("Start no earlier than") as HTMLInputElement;
    expect(constraint.disabled).toBe(false);
    expect(within(dialog).getByLabelText("Snooze Until")).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByTestId("summary-dates").textContent).toContain("Jun 1, 2026 – Jun 9, 2026"),
    );
    expect(within(dialog).getByText("Dates roll up from the tasks under it.")).toBeTruthy();
  });

  it("sends its start no earlier than and name, and nothing that rolls up", async () => {
    const events = userEvent.setup();
    const onOpenChange = renderTask(design);
    const name = await screen.findByLabelText("Task Name");
    await events.clear(name);
    await events.type(name, "Design phase");
    // A date input takes its value whole, as a browser's date picker gives it.
    const constraint = screen.getByLabelText("Start no earlier than");
    await events.type(constraint, "2026-06-02");
    await events.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [update] = writes();
    expect(update).toMatchObject({ method: "PUT", url: "/api/tasks/21" });
    const { baseUpdatedAt: _base, ...changes } = update.body as Record<string, unknown>;
    expect(changes).toEqual({ name: "Design phase", startNoEarlierThan: "2026-06-02" });
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
