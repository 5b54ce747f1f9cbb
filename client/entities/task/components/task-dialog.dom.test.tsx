// The task dialog as a component, in jsdom: a new task's name required by the shared schema before
// anything is sent, the task created with what was typed, and typed text kept by the "Discard
// changes?" question when Escape would drop it. The server is a stubbed fetch answering by URL.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithQueryClient, stubFetchInEachTest } from "@/testing/component-tests";
import { CompletionConfirmationProvider } from "./completion-confirmation";
import { TaskDialog } from "./task-dialog";

const user = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };
const project = { id: 3, name: "Office move", slug: "office-move-1", userId: 1, archived: false };
type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];

/** What the stubbed server answers each read with; a task creation echoes the task. */
function answerFor(method: string, url: string, body: Record<string, unknown> | null): unknown {
  if (url === "/api/auth/user") return user;
  if (url.startsWith("/api/projects/3/shares")) return { shares: [], isOwner: true, owner: user };
  if (url.startsWith("/api/projects/3/categories")) return [];
  if (url.startsWith("/api/shared-projects")) return [];
  if (url.startsWith("/api/projects/3/tasks") && method === "POST")
    return { id: 11, projectId: 3, order: 0, status: "not-started", completed: false, ...body };
  if (url.startsWith("/api/projects/3"))
    return { project, tasks: [], dependencies: [], accessLevel: "owner" };
  if (url.startsWith("/api/projects")) return [{ ...project, accessLevel: "owner" }];
  return {};
}

beforeEach(() => {
  calls = [];
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
