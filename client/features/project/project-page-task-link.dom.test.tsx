// The project page opened from a link naming a task (`/projects/<slug>/list?task=<id>`, what the
// bell and the notification emails link to), in jsdom: the task's dialog opens once the project is
// loaded, and the address loses `?task=` without a new history entry. The server is a stubbed
// fetch answering by URL; the address is wouter's memory location.
import type { ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  jsonResponse,
  officeMoveProject,
  renderWithProviders,
  stubFetchInEachTest,
} from "@/testing/component-tests";
import { ProjectPage } from "./project-page";

const user = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };
const project = { ...officeMoveProject, preferredView: "list", version: 1 };
const tasks: ScheduledTaskDto[] = [
  { ...taskDto({ id: 41, projectId: 3, name: "Pack boxes" }), schedule: null },
  { ...taskDto({ id: 43, projectId: 3, name: "Book the van", order: 1 }), schedule: null },
];

stubFetchInEachTest((url) => {
  if (url === "/api/auth/user") return jsonResponse(user);
  if (url.startsWith("/api/projects/by-slug/")) return jsonResponse(project);
  if (url === "/api/projects/3")
    return jsonResponse({
      project,
      tasks,
      dependencies: [],
      schedule: { finish: null },
      accessLevel: "owner",
    });
  if (url.startsWith("/api/projects/3/shares"))
    return jsonResponse({ shares: [], isOwner: true, owner: user });
  if (url.startsWith("/api/projects/3/activity")) return jsonResponse([]);
  return jsonResponse([]);
});

function renderPage(address: string) {
  const [path, search = ""] = address.split("?");
  const location = memoryLocation({ path, searchPath: search, record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ProjectPage slug="office-move-3" view="list" />
    </Router>,
  );
  return location;
}

describe("a link naming a task", () => {
  it("opens the task's dialog and leaves ?task= out of the address", async () => {
    const location = renderPage("/projects/office-move-3/list?task=43");
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" }, { timeout: 5000 });
    expect((within(dialog).getByLabelText("Task Name") as HTMLInputElement).value).toBe("Book the van");
    await waitFor(() => expect(location.history).toEqual(["/projects/office-move-3/list"]));
  });

  it("says an unknown task no longer exists", async () => {
    const location = renderPage("/projects/office-move-3/list?task=999");
    expect(await screen.findByText("That task no longer exists.", {}, { timeout: 5000 })).toBeTruthy();
    expect(location.history).toEqual(["/projects/office-move-3/list"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
