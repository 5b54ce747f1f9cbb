// The Gantt chart's tracking, in jsdom (docs/spec/tracking.md): progress filled inside each bar and
// a summary's rolled-up band, the status-date line at the end of the status day, a task behind its
// schedule marked, a baseline chosen in "Compare with" drawn under the bars with its variance in
// words and remembered, and "Save baseline" sending the POST and saying so (or the server's 409).
// The server is a stubbed fetch answering by URL; jsdom lays nothing out, so the chart's scroll box
// is given 1,000 by 600 px, as in gantt-view.dom.test.tsx (gantt-dom-testing.tsx).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import {
  bar,
  description,
  flatPlan,
  layOutGanttInEachTest,
  px,
  renderGantt,
  scheduled,
} from "./gantt-dom-testing";

const LIMIT = "A project keeps at most 11 baselines; delete one before saving another.";

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let saveStatus = 201;
stubFetchInEachTest((url, init) => {
  const method = init.method ?? "GET";
  calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  if (url === "/api/projects/3/baselines" && method === "POST") {
    if (saveStatus === 409) return jsonResponse({ message: LIMIT, code: "baseline_limit" }, 409);
    return jsonResponse({ ...summary(8, "Baseline 1"), finish: "2026-05-15" }, 201);
  }
  if (url === "/api/projects/3/baselines") return jsonResponse([summary(7, "Baseline")]);
  if (url === "/api/projects/3/baselines/7")
    return jsonResponse({
      ...summary(7, "Baseline"),
      tasks: [
        // Planned to finish Tuesday May 5: it now finishes Friday May 8, three working days later.
        { taskId: 1, start: "2026-05-04", finish: "2026-05-05", duration: 2 },
        { taskId: 2, start: "2026-05-11", finish: "2026-05-13", duration: 3 },
      ],
    });
  return jsonResponse({});
});

function summary(id: number, name: string) {
  return {
    id,
    name,
    savedAt: "2026-05-01T09:00:00.000Z",
    savedBy: { id: 1, name: "Ada" },
    finish: "2026-05-13",
  };
}

layOutGanttInEachTest();
beforeEach(() => {
  calls = [];
  saveStatus = 201;
});

describe("GanttView's progress", () => {
  it("fills the first percentComplete of a bar darker and says the percent", () => {
    renderGantt();
    const fill = bar(1).querySelector<HTMLElement>("[data-gantt-progress]");
    expect(fill?.dataset.ganttProgress).toBe("40");
    expect(fill?.style.width).toBe("40%");
    expect(description(bar(1))).toContain("40% complete");
    expect(bar(3).querySelector("[data-gantt-progress]")).toBeNull();
    expect(description(bar(3))).toContain("0% complete");
  });

  it("fills a summary's band by its tasks' progress rolled up by duration", () => {
    renderGantt([
      scheduled(10, "Packing", ["2026-05-04", "2026-05-07"], { parentId: null, duration: null }),
      scheduled(11, "Books", ["2026-05-04", "2026-05-05"], {
        parentId: 10,
        duration: 2,
        percentComplete: 50,
      }),
      scheduled(12, "Dishes", ["2026-05-06", "2026-05-07"], { parentId: 10, duration: 2 }),
    ]);
    const summary = bar(10);
    expect(summary.dataset.barKind).toBe("summary");
    expect(summary.querySelector<HTMLElement>("[data-gantt-progress]")?.style.width).toBe("25%");
    expect(description(summary)).toContain("25% complete");
  });
});

describe("GanttView's status date and late tasks", () => {
  it("draws the status-date line at the end of the status day, named by its date", () => {
    renderGantt();
    const line = screen.getByRole("img", { name: "Status date May 6, 2026" });
    expect(line.dataset.ganttStatusLine).toBe("2026-05-06");
    // The line is placed over the rows from the chart's left; a bar within its row's timeline,
    // which starts after the task column. Pack boxes starts May 4: May 6 ends three days on.
    const packing = bar(1);
    const taskCell = packing.parentElement?.previousElementSibling as HTMLElement | null | undefined;
    const taskColumn = px(taskCell?.style.width ?? "");
    expect(px(line.style.left)).toBeCloseTo(taskColumn + px(packing.style.left) + 3 * 40);
    expect(document.querySelector("[data-gantt-status-flag]")?.textContent).toBe("Status date");
  });

  it("marks a task behind its schedule, apart from the red of negative float", () => {
    renderGantt();
    const behind = bar(2);
    expect(behind.dataset.ganttLateProgress).toBe("true");
    expect(behind.querySelector("[data-gantt-behind-mark]")).not.toBeNull();
    expect(description(behind)).toContain("Behind schedule");
    expect(behind.dataset.late).toBeUndefined();
    expect(bar(1).dataset.ganttLateProgress).toBeUndefined();
    expect(description(bar(1))).not.toContain("Behind schedule");
  });
});

describe("GanttView's Compare with", () => {
  it("draws the chosen baseline's bars under the tasks with the variance in words, and remembers it", async () => {
    const events = userEvent.setup();
    const first = renderGantt();
    const select = await screen.findByLabelText("Compare with");
    await waitFor(() => expect(within(select).getByRole("option", { name: "Baseline" })).toBeTruthy());
    expect(document.querySelector("[data-gantt-baseline-bar]")).toBeNull();
    await events.selectOptions(select, "Baseline");
    await waitFor(() => expect(document.querySelector('[data-gantt-baseline-bar="1"]')).not.toBeNull());
    const planned = document.querySelector<HTMLElement>('[data-gantt-baseline-bar="1"]') as HTMLElement;
    // May 4 to the end of May 5: two days of 40 px under the bar's start.
    expect(px(planned.style.left)).toBeCloseTo(px(bar(1).style.left));
    expect(px(planned.style.width)).toBeCloseTo(80);
    expect(description(bar(1))).toContain("Finish 3 working days later than “Baseline”");
    expect(description(bar(1))).toContain("Start as in “Baseline”");
    expect(description(bar(2))).toContain("Finish as in “Baseline”");
    // Added since the baseline was saved: no bar, and said so.
    expect(document.querySelector('[data-gantt-baseline-bar="3"]')).toBeNull();
    expect(description(bar(3))).toContain("Not in “Baseline”");
    expect(localStorage.getItem("compared_baseline_1_3")).toBe("baseline:7");

    first.unmount();
    renderGantt();
    await waitFor(() => expect(document.querySelector('[data-gantt-baseline-bar="1"]')).not.toBeNull());
    expect((screen.getByLabelText("Compare with") as HTMLSelectElement).value).toBe("7");
    await events.selectOptions(screen.getByLabelText("Compare with"), "None");
    expect(document.querySelector("[data-gantt-baseline-bar]")).toBeNull();
    expect(localStorage.getItem("compared_baseline_1_3")).toBeNull();
  });

  it("saves a baseline under the name offered, and says so", async () => {
    const events = userEvent.setup();
    renderGantt();
    await waitFor(() => expect(screen.getByRole("option", { name: "Baseline" })).toBeTruthy());
    await events.click(screen.getByRole("button", { name: "Save baseline" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("Baseline name") as HTMLInputElement).value).toBe("Baseline 1");
    await events.click(within(dialog).getByRole("button", { name: "Save baseline" }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "POST")).toEqual([
        { method: "POST", url: "/api/projects/3/baselines", body: { name: "Baseline 1" } },
      ]),
    );
    expect(await screen.findByText("Baseline saved")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal of a 12th baseline", async () => {
    saveStatus = 409;
    const events = userEvent.setup();
    renderGantt();
    await events.click(await screen.findByRole("button", { name: "Save baseline" }));
    const dialog = await screen.findByRole("dialog");
    await events.click(within(dialog).getByRole("button", { name: "Save baseline" }));
    expect(await screen.findByText(LIMIT)).toBeTruthy();
    expect(screen.getByText("Failed to save baseline")).toBeTruthy();
  });

  it("offers no save to a viewer", async () => {
    renderGantt(flatPlan, "viewer");
    expect(await screen.findByLabelText("Compare with")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save baseline" })).toBeNull();
  });
});
