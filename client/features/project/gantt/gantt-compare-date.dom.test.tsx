// The Gantt compared with the plan on a past day, in jsdom (docs/spec/tracking.md, "The plan on a
// past day"): "A past date…" in "Compare with" shows the Compared date input; a day picked reads
// GET /api/projects/3/as-of?at=<day> and draws that plan's thin bars with the variance in words,
// as a baseline's; the choice is remembered; a day before the project's history is refused under
// the input, which then offers the first day as its min. The server is a stubbed fetch by URL.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, stubFetchInEachTest } from "@/testing/component-tests";
import {
  bar,
  comparedBar,
  description,
  layOutGanttInEachTest,
  px,
  renderGantt,
  scheduled,
} from "./gantt-dom-testing";

const FIRST_MOMENT = "2026-03-02T09:14:00.000Z";
let urls: string[] = [];
stubFetchInEachTest((url) => {
  urls.push(url);
  if (url.startsWith("/api/projects/3/categories")) return jsonResponse([]);
  if (url === "/api/projects/3/baselines") return jsonResponse([]);
  if (url === "/api/projects/3/as-of?at=2026-03-03")
    return jsonResponse({
      project: { id: 3, name: "Office move" },
      // On Mar 3, Pack boxes was to run May 4 to Tuesday May 5 (it now finishes Friday May 8), and
      // Move furniture as now; Unpack was not planned yet.
      tasks: [
        scheduled(1, "Pack boxes", ["2026-05-04", "2026-05-05"]),
        scheduled(2, "Move furniture", ["2026-05-11", "2026-05-13"]),
      ],
      dependencies: [],
      schedule: { finish: "2026-05-13" },
      accessLevel: "owner",
      asOf: "2026-03-03T23:59:59.999Z",
    });
  if (url === "/api/projects/3/as-of?at=2026-02-27")
    return jsonResponse(
      {
        message: `The history of this project begins at ${FIRST_MOMENT}; pick a later moment.`,
        code: "before_history",
        firstMoment: FIRST_MOMENT,
      },
      409,
    );
  return jsonResponse({});
});

layOutGanttInEachTest();
beforeEach(() => {
  urls = [];
});

const compareWith = () => screen.getByLabelText("Compare with") as HTMLSelectElement;
const comparedDate = () => screen.getByLabelText("Compared date") as HTMLInputElement;
/** Picks a day in the date input, as the browser's picker sets it. */
const pickDay = (day: string) => fireEvent.change(comparedDate(), { target: { value: day } });

describe("GanttView compared with a past date", () => {
  it("reads the plan at the end of the day picked and draws its bars with the variance in words", async () => {
    const events = userEvent.setup();
    renderGantt();
    await events.selectOptions(await screen.findByLabelText("Compare with"), "A past date…");
    const input = comparedDate();
    expect(input.type).toBe("date");
    expect(input.max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.activeElement).toBe(input);
    // No day yet: nothing read, nothing drawn.
    expect(urls.some((url) => url.includes("/as-of"))).toBe(false);
    expect(comparedBar(1)).toBeNull();

    pickDay("2026-03-03");
    await waitFor(() => expect(comparedBar(1)).not.toBeNull());
    expect(urls).toContain("/api/projects/3/as-of?at=2026-03-03");
    const planned = comparedBar(1) as HTMLElement;
    expect(planned.title).toBe("“Mar 3, 2026”: May 4 – May 5, 2026");
    // May 4 to the end of May 5: two days of 40 px under the bar's start.
    expect(px(planned.style.left)).toBeCloseTo(px(bar(1).style.left));
    expect(px(planned.style.width)).toBeCloseTo(80);
    expect(description(bar(1))).toContain("Finish 3 working days later than “Mar 3, 2026”");
    expect(description(bar(1))).toContain("Start as in “Mar 3, 2026”");
    expect(description(bar(2))).toContain("Finish as in “Mar 3, 2026”");
    // Added since that day: no bar, and said so.
    expect(comparedBar(3)).toBeNull();
    expect(description(bar(3))).toContain("Not in “Mar 3, 2026”");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("remembers the day for this user and project", async () => {
    const events = userEvent.setup();
    const first = renderGantt();
    await events.selectOptions(await screen.findByLabelText("Compare with"), "A past date…");
    pickDay("2026-03-03");
    await waitFor(() => expect(comparedBar(1)).not.toBeNull());
    expect(localStorage.getItem("compared_baseline_1_3")).toBe("date:2026-03-03");

    first.unmount();
    renderGantt();
    await waitFor(() => expect(comparedBar(1)).not.toBeNull());
    expect(compareWith().value).toBe("date");
    expect(comparedDate().value).toBe("2026-03-03");
    expect(description(bar(1))).toContain("Finish 3 working days later than “Mar 3, 2026”");

    await events.selectOptions(compareWith(), "None");
    expect(comparedBar(1)).toBeNull();
    expect(screen.queryByLabelText("Compared date")).toBeNull();
    expect(localStorage.getItem("compared_baseline_1_3")).toBeNull();
  });

  it("says under the date input when the day is before the project's history, and compares with nothing", async () => {
    const events = userEvent.setup();
    renderGantt();
    await events.selectOptions(await screen.findByLabelText("Compare with"), "A past date…");
    pickDay("2026-02-27");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "This project's history begins on Mar 2, 2026: pick that day or a later one.",
    );
    expect(urls).toContain("/api/projects/3/as-of?at=2026-02-27");
    expect(comparedDate().min).toBe("2026-03-02");
    expect(comparedDate().getAttribute("aria-invalid")).toBe("true");
    expect(comparedBar(1)).toBeNull();
    expect(description(bar(1))).not.toContain("“");
    // The select stays usable, and a later day is compared.
    pickDay("2026-03-03");
    await waitFor(() => expect(comparedBar(1)).not.toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(comparedDate().min).toBe("2026-03-02");
  });
});
