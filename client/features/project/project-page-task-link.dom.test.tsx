// The project page opened from a link naming a task (`/projects/<slug>/list?task=<id>`, what the
// bell and the notification emails link to), in jsdom: the task's dialog opens once the project is
// loaded, and the address loses `?task=` without a new history entry. The server is a stubbed
// fetch answering by URL (project-page-testing.tsx); the address is wouter's memory location.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubFetchInEachTest } from "@/testing/component-tests";
import { answerPageRead, renderProjectPage } from "./project-page-testing";

stubFetchInEachTest((url) => answerPageRead(url));

describe("a link naming a task", () => {
  it("opens the task's dialog and leaves ?task= out of the address", async () => {
    const location = renderProjectPage("/projects/office-move-3/list?task=43", "list");
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" }, { timeout: 5000 });
    expect((within(dialog).getByLabelText("Task Name") as HTMLInputElement).value).toBe("Book the van");
    await waitFor(() => expect(location.history).toEqual(["/projects/office-move-3/list"]));
  });

  it("says an unknown task no longer exists", async () => {
    const location = renderProjectPage("/projects/office-move-3/list?task=999", "list");
    expect(await screen.findByText("That task no longer exists.", {}, { timeout: 5000 })).toBeTruthy();
    expect(location.history).toEqual(["/projects/office-move-3/list"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
