// My Tasks as a component, in jsdom: each row's progress button says how far along the task is and
// sets it from its menu through the same task write as the tick, with its toast; 100 % completes
// the task as ticking it does. The server is a stubbed fetch answering by URL.
import type { TaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, renderWithProviders, stubFetchInEachTest } from "@/testing/component-tests";
import { MyTasksPage } from "./my-tasks-page";

const user = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };
const project = { id: 3, name: "Office move", slug: "office-move-3" };
type Call = { method: string; url: string; body: Record<string, unknown> | null };
let calls: Call[] = [];
let tasks: TaskDto[] = [];

beforeEach(() => {
  calls = [];
  tasks = [
    taskDto({ id: 7, projectId: 3, name: "Pack boxes", status: "in-progress", percentComplete: 40 }),
    taskDto({ id: 8, projectId: 3, name: "Book the van", order: 1 }),
  ];
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  calls.push({ method, url, body });
  if (url === "/api/auth/user") return jsonResponse(user);
  if (url.startsWith("/api/my-tasks")) return jsonResponse([{ project, tasks }]);
  if (url.startsWith("/api/tasks/") && method === "PUT") {
    const task = tasks.find((each) => url === `/api/tasks/${each.id}`);
    return jsonResponse({ ...task, ...body });
  }
  if (url.startsWith("/api/projects/3"))
    return jsonResponse({ project, tasks, dependencies: [], accessLevel: "owner" });
  if (url.startsWith("/api/projects")) return jsonResponse([{ ...project, userId: 1, accessLevel: "owner" }]);
  return jsonResponse([]);
});

const renderPage = () => renderWithProviders(<MyTasksPage />);

const writes = () => calls.filter((call) => call.method !== "GET");

/** Opens a row's progress menu by keyboard (jsdom has no pointer events for the menu to open on). */
async function openProgress(events: ReturnType<typeof userEvent.setup>, name: string, task: string) {
  // Named by its percent, described by its row's task.
  const button = await screen.findByRole("button", { name, description: task });
  button.focus();
  await events.keyboard("{Enter}");
  return screen.findByRole("menu");
}

describe("My Tasks' progress", () => {
  it("shows each task's percent and sets it from the row's menu, with a toast", async () => {
    const events = userEvent.setup();
    renderPage();
    const button = await screen.findByRole("button", { name: "Progress: 40 %", description: "Pack boxes" });
    expect(button.textContent).toBe("40 %");
    expect(screen.getByRole("button", { name: "Progress: 0 %", description: "Book the van" })).toBeTruthy();

    const menu = await openProgress(events, "Progress: 40 %", "Pack boxes");
    const steps = within(menu).getAllByRole("menuitemradio");
    expect(steps.map((step) => step.textContent)).toEqual(["0 %", "25 %", "50 %", "75 %", "100 %"]);
    await events.click(within(menu).getByRole("menuitemradio", { name: "75 %" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: "PUT", url: "/api/tasks/7", body: { percentComplete: 75 } });
    expect(await screen.findByText("Progress updated")).toBeTruthy();
    expect(screen.getByText('"Pack boxes" is 75 % complete.')).toBeTruthy();
  });

  it("completes the task at 100 %, as the tick does", async () => {
    const events = userEvent.setup();
    renderPage();
    const menu = await openProgress(events, "Progress: 0 %", "Book the van");
    await events.click(within(menu).getByRole("menuitemradio", { name: "100 %" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PUT",
      url: "/api/tasks/8",
      body: { percentComplete: 100, completed: true, completedAt: expect.any(String) },
    });
    expect(await screen.findByText("Task completed")).toBeTruthy();
    // Shown at once: ticked, and the button says 100 %.
    expect(
      (screen.getByRole("checkbox", { name: 'Mark "Book the van" as completed' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.getByRole("button", { name: "Progress: 100 %", description: "Book the van" })).toBeTruthy();
  });
});
