// The Gantt grid's columns in jsdom (docs/spec/gantt-columns.md): picked in the Columns menu and
// remembered per user and project; a cell edited in place shows the schedule preview before it is
// saved and sends the task dialog's write; a predecessors text becomes a dependency with its type
// and lag; a bad text is said beside the cell and sends nothing; viewers read the cells only.
// The server is a stubbed fetch answering by URL (gantt-dom-testing.tsx lays the chart out).
import type { DependencyDto } from "@core/schemas/projects";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { PREVIEW_TITLE } from "@/entities/schedule/components/use-schedule-preview";
import { ganttColumnsKey } from "@/lib/storage-keys";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import { flatPlan, layOutGanttInEachTest, renderGantt } from "./gantt-dom-testing";

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
/** What a dry run answers: Move furniture and the project's finish move. */
const MOVES = {
  preview: {
    moved: [
      {
        id: 2,
        from: { start: "2026-05-11", finish: "2026-05-13" },
        to: { start: "2026-05-13", finish: "2026-05-15" },
      },
    ],
    finish: { from: "2026-05-15", to: "2026-05-19" },
  },
};
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  if (url.endsWith("?dryRun=true")) return jsonResponse(MOVES);
  if (url === "/api/tasks/1" && method === "PUT") return jsonResponse({ ...flatPlan[0], duration: 7 });
  if (url === "/api/dependencies" && method === "POST")
    return jsonResponse({ id: 30, projectId: 3, sourceTaskId: 1, targetTaskId: 3, type: "FS", lag: 2 }, 201);
  return jsonResponse({});
});

layOutGanttInEachTest();
beforeEach(() => {
  calls = [];
});

const writes = () => calls.filter((call) => call.method !== "GET");

/** Pack boxes (ID 1) -> Move furniture (ID 2), start to start with a day's lag. */
const links: DependencyDto[] = [
  { id: 20, projectId: 3, sourceTaskId: 1, targetTaskId: 2, type: "SS", lag: 1 },
];

const row = (taskId: number) => {
  const found = document.querySelector<HTMLElement>(`[data-gantt-row="${taskId}"]`);
  if (!found) throw new Error(`no row ${taskId}`);
  return found;
};
const cell = (taskId: number, column: string) => {
  const found = row(taskId).querySelector<HTMLElement>(`[data-gantt-cell="${column}"]`);
  if (!found) throw new Error(`no ${column} cell in row ${taskId}`);
  return found;
};

async function pickColumns(user: ReturnType<typeof userEvent.setup>, titles: string[]) {
  await user.click(screen.getByRole("button", { name: "Columns" }));
  for (const title of titles) await user.click(await screen.findByRole("menuitemcheckbox", { name: title }));
  await user.keyboard("{Escape}");
}

/** Applies the schedule preview: `write` was sent as a dry run, then for real, and nothing else. */
async function applyPreview(user: ReturnType<typeof userEvent.setup>, write: Call) {
  const dialog = await screen.findByRole("alertdialog", { name: PREVIEW_TITLE });
  await user.click(within(dialog).getByRole("button", { name: "Apply" }));
  await waitFor(() => expect(writes()).toEqual([{ ...write, url: `${write.url}?dryRun=true` }, write]));
}

describe("the Gantt's grid columns", () => {
  it("shows the columns picked, and remembers them per user and project", async () => {
    const user = userEvent.setup();
    const { unmount } = renderGantt(flatPlan, "owner", links);
    expect(document.querySelector("[data-gantt-cells]")).toBeNull();

    await pickColumns(user, [
      "ID",
      "Duration",
      "Start",
      "Finish",
      "Predecessors",
      "% Complete",
      "Constraint",
    ]);
    expect(cell(1, "id").textContent).toContain("1");
    expect(cell(1, "duration").textContent).toContain("5 days");
    expect(cell(1, "start").textContent).toContain("May 4, 2026");
    expect(cell(1, "finish").textContent).toContain("May 8, 2026");
    expect(cell(1, "percentComplete").textContent).toContain("40%");
    expect(cell(1, "constraint").textContent).toContain("As soon as possible");
    expect(cell(2, "predecessors").textContent).toContain("1SS+1d");
    expect(cell(1, "predecessors").textContent).toContain("none");
    const titles = document.querySelector("[data-gantt-grid-titles]");
    expect(titles?.textContent).toBe("IDDurationStartFinishPredecessors% CompleteConstraint");
    expect(JSON.parse(localStorage.getItem(ganttColumnsKey(1, 3)) ?? "null")).toEqual([
      "id",
      "duration",
      "start",
      "finish",
      "predecessors",
      "percentComplete",
      "constraint",
    ]);

    // Another project of the same user keeps its own choice.
    expect(localStorage.getItem(ganttColumnsKey(1, 4))).toBeNull();
    unmount();
    renderGantt(flatPlan, "owner", links);
    expect(cell(2, "predecessors").textContent).toContain("1SS+1d");

    await pickColumns(user, ["Start", "Finish", "Constraint"]);
    expect(row(1).querySelector('[data-gantt-cell="start"]')).toBeNull();
    expect(JSON.parse(localStorage.getItem(ganttColumnsKey(1, 3)) ?? "null")).toEqual([
      "id",
      "duration",
      "predecessors",
      "percentComplete",
    ]);
  });

  it("edits a duration in place: the preview shows what it moves, then the task's update is sent", async () => {
    const user = userEvent.setup();
    renderGantt(flatPlan, "owner", links);
    await pickColumns(user, ["Duration"]);

    cell(1, "duration").focus();
    await user.keyboard("{Enter}");
    const input = within(row(1)).getByRole("textbox", { name: "Duration of “Pack boxes”" });
    expect((input as HTMLInputElement).value).toBe("5");
    await user.clear(input);
    await user.type(input, "7d{Enter}");

    const dialog = await screen.findByRole("alertdialog", { name: PREVIEW_TITLE });
    expect(within(dialog).getByTestId("schedule-preview").textContent).toMatch(/This moves 1 task/);
    expect(writes()).toEqual([{ method: "PUT", url: "/api/tasks/1?dryRun=true", body: { duration: 7 } }]);
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));

    await waitFor(() =>
      expect(writes().at(-1)).toEqual({ method: "PUT", url: "/api/tasks/1", body: { duration: 7 } }),
    );
    await waitFor(() => expect(row(1).querySelector("[data-gantt-editor]")).toBeNull());
  });

  it("cancelling the preview saves nothing and keeps the editor open; Escape closes it", async () => {
    const user = userEvent.setup();
    renderGantt(flatPlan, "owner", links);
    await pickColumns(user, ["% Complete"]);

    await user.dblClick(cell(1, "percentComplete"));
    const input = within(row(1)).getByRole("textbox", { name: "% Complete of “Pack boxes”" });
    await user.clear(input);
    await user.type(input, "60{Enter}");
    // Progress moves no date: no preview, the write goes at once.
    await waitFor(() =>
      expect(writes()).toEqual([{ method: "PUT", url: "/api/tasks/1", body: { percentComplete: 60 } }]),
    );

    // A duration moves others: Cancel on the preview sends nothing more, and the editor stays.
    await pickColumns(user, ["Duration"]);
    calls = [];
    await user.dblClick(cell(1, "duration"));
    const duration = within(row(1)).getByRole("textbox", { name: "Duration of “Pack boxes”" });
    await user.clear(duration);
    await user.type(duration, "9{Enter}");
    const dialog = await screen.findByRole("alertdialog", { name: PREVIEW_TITLE });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes()).toEqual([{ method: "PUT", url: "/api/tasks/1?dryRun=true", body: { duration: 9 } }]);
    expect(row(1).querySelector('[data-gantt-editor="duration"]')).not.toBeNull();

    // Tab goes to the next editable cell of the row (Duration, then % Complete); Escape closes it.
    await user.click(within(row(1)).getByRole("textbox", { name: "Duration of “Pack boxes”" }));
    await user.clear(within(row(1)).getByRole("textbox", { name: "Duration of “Pack boxes”" }));
    await user.type(within(row(1)).getByRole("textbox", { name: "Duration of “Pack boxes”" }), "5");
    await user.keyboard("{Tab}");
    await waitFor(() => expect(row(1).querySelector('[data-gantt-editor="percentComplete"]')).not.toBeNull());
    await user.keyboard("{Escape}");
    expect(row(1).querySelector("[data-gantt-editor]")).toBeNull();
    expect(writes()).toHaveLength(1);
  });

  it("makes a link from predecessors text, with its type and lag, after the preview", async () => {
    const user = userEvent.setup();
    renderGantt(flatPlan, "owner", links);
    await pickColumns(user, ["ID", "Predecessors"]);
    expect(cell(3, "id").textContent).toContain("3");

    cell(3, "predecessors").focus();
    await user.keyboard("{F2}");
    await user.type(
      within(row(3)).getByRole("textbox", { name: "Predecessors of “Unpack”" }),
      "1FS+2d{Enter}",
    );

    await applyPreview(user, {
      method: "POST",
      url: "/api/dependencies",
      body: { sourceTaskId: 1, targetTaskId: 3, type: "FS", lag: 2 },
    });
  });

  it("says what is wrong with a bad predecessors text beside the cell, and sends nothing", async () => {
    const user = userEvent.setup();
    renderGantt(flatPlan, "owner", links);
    await pickColumns(user, ["Predecessors"]);

    await user.dblClick(cell(3, "predecessors"));
    const input = within(row(3)).getByRole("textbox", { name: "Predecessors of “Unpack”" });
    await user.type(input, "5XX{Enter}");
    const alert = await within(row(3)).findByRole("alert");
    expect(alert.textContent).toBe(
      "“5XX” is not a link: write a task ID followed by FS, SS, FF or SF, e.g. 5SS+2d.",
    );
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain(alert.id);

    await user.clear(input);
    await user.type(input, "3{Enter}");
    expect((await within(row(3)).findByRole("alert")).textContent).toBe(
      "Task 3 cannot be its own predecessor.",
    );
    // Move furniture waits for Pack boxes: Pack boxes cannot wait for it.
    await user.dblClick(cell(1, "predecessors"));
    const first = within(row(1)).getByRole("textbox", { name: "Predecessors of “Pack boxes”" });
    await user.type(first, "2{Enter}");
    expect((await within(row(1)).findByRole("alert")).textContent).toBe(
      'This dependency would create a cycle: "Move furniture" → "Pack boxes" → "Move furniture".',
    );
    expect(writes()).toEqual([]);
  });

  it("edits a constraint's type and date in place, asking for the date a dated type needs", async () => {
    const user = userEvent.setup();
    renderGantt(flatPlan, "owner", links);
    await pickColumns(user, ["Constraint"]);

    await user.dblClick(cell(3, "constraint"));
    await user.selectOptions(
      within(row(3)).getByRole("combobox", { name: "Constraint type of “Unpack”" }),
      "MSO",
    );
    const date = within(row(3)).getByLabelText("Constraint date of “Unpack”");
    date.focus();
    await user.keyboard("{Enter}");
    expect((await within(row(3)).findByRole("alert")).textContent).toBe("Choose a date for this constraint.");
    expect(writes()).toEqual([]);

    await user.type(date, "2026-05-18");
    await user.keyboard("{Enter}");
    await applyPreview(user, {
      method: "PUT",
      url: "/api/tasks/3",
      body: { constraintType: "MSO", constraintDate: "2026-05-18" },
    });
  });

  it("shows viewers the cells to read, not to edit", async () => {
    const user = userEvent.setup();
    renderGantt(flatPlan, "viewer", links);
    await pickColumns(user, ["Duration", "Predecessors"]);
    expect(cell(1, "duration").tagName).toBe("DIV");
    expect(cell(2, "predecessors").textContent).toContain("1SS+1d");
    expect(within(row(1)).queryByRole("button", { name: /Duration of/ })).toBeNull();
  });
});
