// The project page's single keys in jsdom (docs/spec/keyboard-and-palette.md): N, G then a view's
// letter, E and X on the focused row, / and ?, and the keys left alone while typing or to a viewer.
// The server is a stubbed fetch answering by URL; the address is wouter's memory location.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { OPEN_PALETTE_EVENT } from "@/lib/commands/open-palette";
import type { ProjectView } from "@/lib/project-views";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import { answerPageRead, pageTasks, renderProjectPage } from "./project-page-testing";

let accessLevel = "owner";
let writes: { method: string; url: string; body: unknown }[] = [];

stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  if (method === "GET") return answerPageRead(url, accessLevel);
  writes.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
  const task = pageTasks.find((each) => url === `/api/tasks/${each.id}`);
  return jsonResponse(task ? { ...task, ...(init.body ? JSON.parse(String(init.body)) : {}) } : {});
});

function renderPage(view: ProjectView = "list", access = "owner") {
  accessLevel = access;
  writes = [];
  const location = renderProjectPage(`/projects/office-move-3/${view}`, view);
  return { location, keys: userEvent.setup() };
}

const row = (name: string) => screen.findByRole("button", { name }, { timeout: 5000 });

describe("the project page's single keys", () => {
  it("N opens the new-task dialog", async () => {
    const { keys } = renderPage();
    await row("Pack boxes");
    await keys.keyboard("n");
    expect(await screen.findByRole("dialog", { name: "Add New Task" })).toBeTruthy();
  });

  it("N tells a viewer they may not add tasks", async () => {
    const { keys } = renderPage("list", "viewer");
    await row("Pack boxes");
    await keys.keyboard("n");
    expect(await screen.findByText("You don't have permission to create tasks")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each([
    ["g", "graph"],
    ["t", "gantt"],
    ["k", "kanban"],
    ["p", "phases"],
  ])("G then %s goes to the %s view", async (letter, view) => {
    const { keys, location } = renderPage();
    await row("Pack boxes");
    await keys.keyboard(`g${letter}`);
    await waitFor(() => expect(location.history.at(-1)).toBe(`/projects/office-move-3/${view}`));
  });

  it("E edits the task whose row has the focus, and says so when none has", async () => {
    const { keys } = renderPage();
    await row("Pack boxes");
    await keys.keyboard("e");
    expect(await screen.findByText("Select a task first")).toBeTruthy();

    (await row("Book the van")).focus();
    await keys.keyboard("e");
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect((within(dialog).getByLabelText("Task Name") as HTMLInputElement).value).toBe("Book the van");
  });

  it("X completes the focused row's task through the task update", async () => {
    const { keys } = renderPage();
    (await row("Pack boxes")).focus();
    await keys.keyboard("x");
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: "PUT", url: "/api/tasks/41", body: { completed: true } });
  });

  it("X tells a viewer they may not edit", async () => {
    const { keys } = renderPage("list", "viewer");
    (await row("Pack boxes")).focus();
    await keys.keyboard("x");
    expect(await screen.findByText("You don't have permission to edit this task")).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it("/ focuses the list's search box, and typing there is not a shortcut", async () => {
    const { keys, location } = renderPage();
    await row("Pack boxes");
    await keys.keyboard("/");
    const search = screen.getByRole("searchbox", { name: "Search tasks" }) as HTMLInputElement;
    expect(document.activeElement).toBe(search);
    await keys.keyboard("gknex?");
    expect(search.value).toBe("gknex?");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(location.history).toEqual(["/projects/office-move-3/list"]);
  });

  it("/ asks for the command palette in a view without a search box", async () => {
    const { keys } = renderPage("phases");
    await screen.findByRole("heading", { name: "Office move" }, { timeout: 5000 });
    let asked = 0;
    const listener = () => {
      asked += 1;
    };
    window.addEventListener(OPEN_PALETTE_EVENT, listener);
    await keys.keyboard("/");
    window.removeEventListener(OPEN_PALETTE_EVENT, listener);
    expect(asked).toBe(1);
  });

  it("? lists every shortcut, and single keys wait while it is open", async () => {
    const { keys, location } = renderPage();
    await row("Pack boxes");
    await keys.keyboard("?");
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    for (const label of [
      "New task",
      "Edit selected task",
      "Complete selected task",
      "Graph view",
      "List view",
      "Phases view",
      "Gantt view",
      "Kanban view",
      "Search",
      "Keyboard shortcuts",
      "Undo",
      "Redo",
      "Open the command palette",
      "Move to the row above or below",
      "Indent or outdent the chosen rows",
    ]) {
      expect(within(dialog).getByText(label, { selector: "dt" })).toBeTruthy();
    }
    const gantt = within(dialog).getByText("Gantt view", { selector: "dt" }).nextElementSibling;
    expect(gantt?.textContent).toBe("GthenT");
    await keys.keyboard("gk");
    expect(location.history).toEqual(["/projects/office-move-3/list"]);
  });
});
