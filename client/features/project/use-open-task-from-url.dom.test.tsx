// `?task=<id>` on a project page, in jsdom: once the project's tasks are there the task opens, once,
// and the parameter leaves the address in place of the entry (no new one); an id the project does
// not hold says so in a toast and is removed too. The address is wouter's memory location.
import type { TaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { useOpenTaskFromUrl, withoutTaskParam } from "./use-open-task-from-url";

afterEach(cleanup);

const tasks = [
  taskDto({ id: 41, projectId: 3, name: "Dig footings" }),
  taskDto({ id: 43, projectId: 3, name: "Pour foundation" }),
];

function Page({ tasks, onOpen }: { tasks: TaskDto[] | undefined; onOpen: (task: TaskDto) => void }) {
  useOpenTaskFromUrl(tasks, onOpen);
  return null;
}

function renderAt(address: string, loaded: TaskDto[] | undefined) {
  const [path, search = ""] = address.split("?");
  const location = memoryLocation({ path, searchPath: search, record: true });
  const onOpen = vi.fn();
  const ui = (shown: TaskDto[] | undefined) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {/* First, as in the app: it listens before the page's first effects raise a toast. */}
      <Toaster />
      <Page tasks={shown} onOpen={onOpen} />
    </Router>
  );
  const view = render(ui(loaded));
  return { location, onOpen, rerender: (shown: TaskDto[] | undefined) => view.rerender(ui(shown)) };
}

describe("useOpenTaskFromUrl", () => {
  it("opens the named task once the tasks are loaded, then removes the parameter in place", () => {
    const { location, onOpen, rerender } = renderAt("/projects/garden-shed-3/list?task=43", undefined);
    expect(onOpen).not.toHaveBeenCalled();
    expect(location.history).toEqual(["/projects/garden-shed-3/list?task=43"]);

    rerender(tasks);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.calls[0]?.[0]).toMatchObject({ id: 43, name: "Pour foundation" });
    // Replaced: Back does not come back to ?task=.
    expect(location.history).toEqual(["/projects/garden-shed-3/list"]);

    // The tasks changing later (a live edit) opens nothing again.
    rerender([...tasks]);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("opens it again when a new link names it", () => {
    const { location, onOpen } = renderAt("/projects/garden-shed-3/graph?task=41", tasks);
    expect(onOpen).toHaveBeenCalledTimes(1);
    act(() => location.navigate("/projects/garden-shed-3/graph?task=41"));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(location.history).toEqual(["/projects/garden-shed-3/graph", "/projects/garden-shed-3/graph"]);
  });

  it("says a task the project does not hold no longer exists, and removes the parameter", async () => {
    const { location, onOpen } = renderAt("/projects/garden-shed-3/kanban?task=999&view=x", tasks);
    expect(onOpen).not.toHaveBeenCalled();
    expect(await screen.findByText("That task no longer exists.")).toBeTruthy();
    expect(location.history).toEqual(["/projects/garden-shed-3/kanban?view=x"]);
  });

  it("keeps the address's other parameters", () => {
    expect(withoutTaskParam("/projects/a/list", "task=4&x=1")).toBe("/projects/a/list?x=1");
    expect(withoutTaskParam("/projects/a/list", "task=4")).toBe("/projects/a/list");
  });
});
