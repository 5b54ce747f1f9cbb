// The command palette as a component, in jsdom: Ctrl+K opens it (and again, or Escape, closes it,
// the focus back where it was), it lists the registered commands by group and runs one, and it
// shows the server's projects and tasks in the server's order (not filtered again), opening one on
// Enter. The server is a stubbed fetch answering by URL.
import type { PublicUser } from "@core/schemas/auth";
import type { SearchResult } from "@core/schemas/search";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { TooltipProvider } from "@/components/ui/tooltip";
import { CommandRegistryProvider, useRegisterCommands } from "@/lib/commands/command-registry";
import { jsonResponse, stubFetchInEachTest, stubResizeObserver } from "@/testing/component-tests";
import { CommandPaletteProvider } from "./command-palette";
import { CommandPaletteButton } from "./command-palette-button";
import { GlobalCommands } from "./command-palette-commands";

const user: PublicUser = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  profileImageUrl: null,
  username: null,
  theme: "light",
};

const garden = { kind: "project", id: 3, name: "Garden shed", slug: "garden-shed-3" } as const;
const paint: SearchResult = {
  kind: "task",
  id: 41,
  name: "Paint the shed",
  status: "in-progress",
  projectId: 3,
  projectName: "Garden shed",
  projectSlug: "garden-shed-3",
};
const order: SearchResult = {
  kind: "task",
  id: 52,
  name: "Order paint",
  status: "completed",
  projectId: 5,
  projectName: "Office move",
  projectSlug: "office-move-5",
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
/** The search's answer for each text; a text not listed answers no results. */
let answers: Record<string, SearchResult[] | Response> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  // What cmdk asks of the browser and jsdom lacks: its list measures itself, the selection scrolls.
  stubResizeObserver();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  // jsdom has no scrollIntoView of its own to put back.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  document.documentElement.classList.remove("dark");
});
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
  if (url === "/api/auth/user") return jsonResponse(user);
  if (url === "/api/me/preferences") return jsonResponse({ ...user, ...(calls.at(-1)?.body as object) });
  if (url.startsWith("/api/search")) {
    const text = new URL(url, "http://localhost").searchParams.get("q") ?? "";
    const answer = answers[text] ?? [];
    return answer instanceof Response ? answer : jsonResponse({ results: answer });
  }
  return jsonResponse({ message: "Not found" }, 404);
});

const searches = () => calls.filter((call) => call.url.startsWith("/api/search")).map((call) => call.url);

/** A command the project page would register: one disabled, with its reason, and keys. */
function PageCommands({ onNewTask }: { onNewTask: () => void }) {
  useRegisterCommands([
    { id: "task.new", label: "New task", group: "Task", keys: ["N"], run: onNewTask },
    {
      id: "task.complete",
      label: "Complete selected task",
      group: "Task",
      keys: ["X"],
      disabled: true,
      disabledReason: "Select a task first",
      run: onNewTask,
    },
    { id: "view.gantt", label: "Gantt view", group: "View", keys: ["G", "T"], run: () => {} },
  ]);
  return null;
}

function renderPalette({
  path = "/my-tasks",
  onNewTask = () => {},
  children = null as React.ReactNode,
} = {}) {
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CommandRegistryProvider>
            <CommandPaletteProvider>
              <button type="button">Before</button>
              <CommandPaletteButton />
              <GlobalCommands />
              <PageCommands onNewTask={onNewTask} />
              {children}
            </CommandPaletteProvider>
          </CommandRegistryProvider>
        </Router>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return location;
}

const palette = () => screen.queryByRole("dialog", { name: "Command palette" });
const input = () => screen.getByRole("combobox", { name: "Search projects, tasks and commands" });
/** What an element says to a screen reader: its text without what is hidden from it (the <kbd>s). */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll("[aria-hidden='true']")) hidden.remove();
  return copy.textContent ?? "";
}
const optionNames = () =>
  within(screen.getByRole("listbox", { name: "Results" }))
    .queryAllByRole("option")
    .map(spokenText);
const selectedOption = () =>
  screen.getAllByRole("option").find((option) => option.getAttribute("aria-selected") === "true");

async function openWithKeys(events: ReturnType<typeof userEvent.setup>) {
  await events.keyboard("{Control>}k{/Control}");
  await waitFor(() => expect(palette()).not.toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(input()));
}

describe("the command palette", () => {
  it("opens on Ctrl+K with the commands by group, and closes on Ctrl+K or Escape with the focus back", async () => {
    const events = userEvent.setup();
    renderPalette();
    // The theme command waits for the user.
    await waitFor(() => expect(calls.some((call) => call.url === "/api/auth/user")).toBe(true));
    screen.getByRole("button", { name: "Before" }).focus();
    await openWithKeys(events);

    const groups = within(palette() as HTMLElement).getAllByRole("group");
    const headingOf = (group: HTMLElement) =>
      document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent;
    expect(groups.map(headingOf)).toEqual(["Task", "View", "Project", "Go to", "Preferences"]);
    expect(optionNames()).toEqual([
      "New task, keys N",
      "Complete selected task, Select a task first, keys X",
      "Gantt view, keys G then T",
      "New project",
      "Import a plan",
      "Go to My Tasks",
      "Go to Projects",
      "Go to Settings",
      "Switch to dark theme",
    ]);
    expect(selectedOption()?.textContent).toContain("New task");
    expect(screen.getByRole("option", { name: /Complete selected task/ }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    // Opening asked the server nothing.
    expect(searches()).toEqual([]);

    await events.keyboard("{Control>}k{/Control}");
    await waitFor(() => expect(palette()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Before" })));

    await openWithKeys(events);
    await events.keyboard("{Escape}");
    await waitFor(() => expect(palette()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Before" })));
  });

  it("opens from the header's Search button, which shows its key", async () => {
    const events = userEvent.setup();
    renderPalette();
    const button = screen.getByRole("button", { name: "Search…" });
    expect(button.getAttribute("aria-keyshortcuts")).toBe("Control+K");
    expect(button.textContent).toContain("CtrlK");
    await events.click(button);
    await waitFor(() => expect(palette()).not.toBeNull());
  });

  it("matches the commands by their words and runs the one chosen with Enter", async () => {
    const events = userEvent.setup();
    const location = renderPalette();
    await openWithKeys(events);
    await events.keyboard("go proj");
    expect(optionNames()).toEqual(["Go to Projects"]);
    await events.keyboard("{Enter}");
    await waitFor(() => expect(location.history.at(-1)).toBe("/projects"));
    expect(palette()).toBeNull();
  });

  it("does not run a disabled command", async () => {
    const events = userEvent.setup();
    const onNewTask = vi.fn();
    renderPalette({ onNewTask });
    await openWithKeys(events);
    await events.keyboard("complete");
    await events.click(screen.getByRole("option", { name: /Complete selected task/ }));
    expect(palette()).not.toBeNull();
    expect(onNewTask).not.toHaveBeenCalled();
  });

  it("runs New project once it has closed, so the new dialog has the focus and gives it back", async () => {
    const events = userEvent.setup();
    renderPalette();
    screen.getByRole("button", { name: "Before" }).focus();
    await openWithKeys(events);
    await events.keyboard("new project{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "New Project" });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await events.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Before" })));
  });

  it("switches the theme and saves the choice", async () => {
    const events = userEvent.setup();
    renderPalette();
    await openWithKeys(events);
    await events.keyboard("dark");
    await waitFor(() => expect(optionNames()).toEqual(["Switch to dark theme"]));
    await events.keyboard("{Enter}");
    await waitFor(() => expect(document.documentElement.classList.contains("dark")).toBe(true));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "PATCH")).toEqual([
        { method: "PATCH", url: "/api/me/preferences", body: { theme: "dark" } },
      ]),
    );
  });

  it("lists the server's projects and tasks in its order, unfiltered, and opens a task in the view shown", async () => {
    const events = userEvent.setup();
    // The server matches by trigram too: "Order paint" holds no "pain t" as typed, and comes first.
    answers["pain t"] = [order, garden, paint];
    const location = renderPalette({ path: "/projects/office-move-5/kanban" });
    await openWithKeys(events);
    await events.keyboard("pain t");
    await waitFor(() => expect(screen.queryByRole("option", { name: /Paint the shed/ })).not.toBeNull());
    // One request, once typing paused.
    expect(searches()).toEqual(["/api/search?q=pain+t"]);

    const headings = [...(palette() as HTMLElement).querySelectorAll("[cmdk-group-heading]")].map(
      (heading) => heading.textContent,
    );
    expect(headings).toEqual(["Projects", "Tasks"]);
    expect(optionNames()).toEqual([
      "Garden shed",
      "Order paint, in Office move, Completed",
      "Paint the shed, in Garden shed, In Progress",
    ]);
    expect(selectedOption()?.textContent).toBe("Garden shed");

    await events.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(location.history.at(-1)).toBe("/projects/garden-shed-3/kanban?task=41"));
    expect(palette()).toBeNull();
  });

  it("opens a project in its graph view", async () => {
    const events = userEvent.setup();
    answers.garden = [garden];
    const location = renderPalette();
    await openWithKeys(events);
    await events.keyboard("garden");
    await screen.findByRole("option", { name: "Garden shed" });
    await events.keyboard("{Enter}");
    await waitFor(() => expect(location.history.at(-1)).toBe("/projects/garden-shed-3/graph"));
  });

  it("selects the best result when a new answer comes, and keeps the commands under the results", async () => {
    const events = userEvent.setup();
    answers.n = [paint];
    answers.ne = [order, paint];
    renderPalette();
    await openWithKeys(events);
    await events.keyboard("n");
    await screen.findByRole("option", { name: /Paint the shed/ });
    expect(selectedOption()?.textContent).toContain("Paint the shed");
    const keysSeenByThePage: string[] = [];
    const onKeyDown = (event: KeyboardEvent) => keysSeenByThePage.push(event.key);
    window.addEventListener("keydown", onKeyDown);
    await events.keyboard("e");
    await screen.findByRole("option", { name: /Order paint/ });
    expect(selectedOption()?.textContent).toContain("Order paint");
    // Screen readers are told too, and the page's own keys never see the palette's doing.
    expect(input().getAttribute("aria-activedescendant")).toBe(selectedOption()?.id);
    window.removeEventListener("keydown", onKeyDown);
    expect(keysSeenByThePage).toEqual(["e"]);
    expect(optionNames().slice(0, 3)).toEqual([
      "Order paint, in Office move, Completed",
      "Paint the shed, in Garden shed, In Progress",
      "New task, keys N",
    ]);
  });

  it("says when nothing matches, and a failed search in the app's words", async () => {
    const events = userEvent.setup();
    answers["zzz qqq"] = [];
    answers.wxyz = new Response(JSON.stringify({ message: "The search is unavailable" }), {
      status: 503,
      headers: { "content-type": "application/json" },
    });
    renderPalette();
    await openWithKeys(events);
    await events.keyboard("zzz qqq");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("No results found."));
    expect(optionNames()).toEqual([]);

    await events.clear(input());
    await events.keyboard("wxyz");
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("Could not search: The search is unavailable"),
    );
  });

  it("does not open over another dialog", async () => {
    const events = userEvent.setup();
    renderPalette({
      children: (
        <Dialog open>
          <DialogContent>
            <DialogTitle>Edit Task</DialogTitle>
            <DialogDescription>A task.</DialogDescription>
            <input aria-label="Task Name" />
          </DialogContent>
        </Dialog>
      ),
    });
    screen.getByLabelText("Task Name").focus();
    await events.keyboard("{Control>}k{/Control}");
    expect(palette()).toBeNull();
  });
});
