// The import dialog as a component, in jsdom: an empty file refused before anything is sent, a
// file's dry run shown (what it creates, its warnings, the project named after the file), a busy
// server said in words, and the import sent once asked. The server is a stubbed fetch.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithQueryClient, stubFetchInEachTest } from "@/testing/component-tests";
import { ImportDialog } from "./import-dialog";

type Call = { method: string; url: string };
let calls: Call[] = [];
let answer: () => Response;

const dryRunAnswer = {
  project: null,
  name: "office move",
  format: "csv",
  imported: { tasks: 2, dependencies: 1, categories: 0 },
  warnings: ['Left out the columns "Owner".'],
  csv: {
    columns: ["Name", "Predecessors", "Owner"],
    mapping: { name: "Name", predecessors: "Predecessors" },
  },
};

beforeEach(() => {
  calls = [];
  answer = () => new Response(JSON.stringify(dryRunAnswer), { status: 200 });
});
stubFetchInEachTest((url, init) => {
  calls.push({ method: init.method ?? "GET", url });
  return answer();
});

function renderDialog(onOpenChange = vi.fn()) {
  renderWithQueryClient(<ImportDialog open onOpenChange={onOpenChange} />);
  return onOpenChange;
}

const csv = (text: string, name = "office_move.csv") => new File([text], name, { type: "text/csv" });

describe("ImportDialog", () => {
  it("refuses an empty file in words, sending nothing", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.upload(screen.getByLabelText("Plan file"), csv(""));
    expect((await screen.findByRole("alert")).textContent).toBe("The file is empty.");
    expect(calls).toEqual([]);
  });

  it("shows the dry run: what the file creates, its warnings, the file's name as the project's", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.upload(screen.getByLabelText("Plan file"), csv("Name,Predecessors\nPack,\nMove,1\n"));
    const preview = await screen.findByTestId("import-preview");
    expect(preview.textContent).toContain("This creates 2 tasks, 1 dependency and 0 categories.");
    expect(screen.getByRole("list", { name: "Warnings" }).textContent).toContain(
      'Left out the columns "Owner".',
    );
    expect((screen.getByLabelText("Project name") as HTMLInputElement).value).toBe("office move");
    expect(calls).toEqual([
      { method: "POST", url: "/api/projects/import?format=csv&fileName=office_move.csv&dryRun=true" },
    ]);
  });

  it("says when the server is busy with other imports, in its words", async () => {
    const user = userEvent.setup();
    answer = () =>
      new Response(JSON.stringify({ message: "The server is busy with other people's imports." }), {
        status: 503,
        headers: { "retry-after": "5" },
      });
    renderDialog();
    await user.upload(screen.getByLabelText("Plan file"), csv("Name\nPack\n"));
    expect((await screen.findByTestId("import-busy")).textContent).toContain(
      "The server is busy with other people's imports.",
    );
  });

  it("imports once asked, under the name typed, and closes", async () => {
    const user = userEvent.setup();
    const onOpenChange = renderDialog();
    await user.upload(screen.getByLabelText("Plan file"), csv("Name\nPack\n"));
    await screen.findByTestId("import-preview");
    const name = screen.getByLabelText("Project name");
    await user.clear(name);
    await user.type(name, "Moving day");
    answer = () =>
      new Response(
        JSON.stringify({
          ...dryRunAnswer,
          name: "Moving day",
          project: { id: 7, slug: "moving-day-1", name: "Moving day" },
        }),
        { status: 201 },
      );
    await user.click(screen.getByRole("button", { name: "Import" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.at(-1)).toEqual({
      method: "POST",
      url: "/api/projects/import?format=csv&name=Moving+day&fileName=office_move.csv",
    });
  });
});
