import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { describe, expect, it } from "vitest";
import { ganttLayout, PAPER_ROWS, planSpan, scaleToFit } from "./gantt-layout";

const now = new Date(2026, 4, 13, 12);
const day = (month: number, date: number) => new Date(2026, month - 1, date).toISOString();

describe("ganttLayout", () => {
  const tasks = [
    taskDto({ id: 1, name: "Survey", startDate: day(5, 4), dueDate: day(5, 9), categoryId: 7, order: 0 }),
    taskDto({ id: 2, name: "Dig", startDate: day(5, 11), dueDate: day(5, 20), order: 1 }),
    taskDto({ id: 3, name: "Later", startDate: day(6, 1), dueDate: day(6, 3), categoryId: 7, order: 2 }),
  ];
  const categories = [{ id: 7, projectId: 1, name: "Design", color: "#3357FF" }];

  it("draws every task of a flat plan in a row, grouped by category, with a bar each", () => {
    const layout = ganttLayout({
      tasks,
      dependencies: [dependencyDto(1, 1, 2)],
      categories: categories as never,
      now,
      statusDay: "2026-05-12",
      scale: "days",
    });
    expect(layout.rows.map((row) => (row.kind === "group" ? row.label : row.name))).toEqual([
      "Design (2)",
      "Survey",
      "Later",
      "Uncategorized (1)",
      "Dig",
    ]);
    expect(layout.bars).toHaveLength(3);
    expect(layout.taskCount).toBe(3);
    // A unit before the first bar and two after the last, on the days scale 40 px a day.
    expect(layout.window.start).toEqual(new Date(2026, 4, 3));
    const survey = layout.bars.find((bar) => bar.taskId === 1);
    expect(survey).toMatchObject({ left: 40, width: 200, color: "#3357FF", row: 1 });
    // Routed as on screen: out of Survey's end (row 1), down to Dig's start (row 4).
    expect(layout.arrows).toEqual([
      { d: "M240 56H248V184H319", fromRow: 1, toRow: 4, left: 240, right: 319 },
    ]);
    expect(layout.statusX).toBe(40 * 10);
    expect(layout.height).toBe(32 * 2 + 48 * 3);
  });

  it("shows a plan with summaries as its tree, every summary open, with a bracket spanning its tasks", () => {
    const tree = [
      taskDto({ id: 10, name: "Phase", order: 0 }),
      taskDto({ id: 11, name: "A", parentId: 10, startDate: day(5, 4), dueDate: day(5, 6), order: 0 }),
      taskDto({ id: 12, name: "B", parentId: 10, startDate: day(5, 8), dueDate: day(5, 12), order: 1 }),
    ];
    const layout = ganttLayout({
      tasks: tree,
      dependencies: [],
      categories: [],
      now,
      statusDay: "2026-05-12",
      scale: "days",
      rowSizes: PAPER_ROWS,
    });
    expect(layout.rows).toMatchObject([
      { kind: "task", name: "Phase", level: 1, wbs: "1", summary: true, height: 22 },
      { kind: "task", name: "A", level: 2, wbs: "1.1" },
      { kind: "task", name: "B", level: 2, wbs: "1.2" },
    ]);
    const phase = layout.bars.find((bar) => bar.taskId === 10);
    const a = layout.bars.find((bar) => bar.taskId === 11);
    const b = layout.bars.find((bar) => bar.taskId === 12);
    expect(phase?.shape).toBe("summary");
    expect(phase?.left).toBe(a?.left);
    expect((phase?.left ?? 0) + (phase?.width ?? 0)).toBe((b?.left ?? 0) + (b?.width ?? 0));
    expect(layout.taskCount).toBe(2);
  });

  it("keeps to a chosen date range, cutting bars at its edges", () => {
    const layout = ganttLayout({
      tasks,
      dependencies: [],
      categories: [],
      now,
      statusDay: "2026-05-12",
      scale: "days",
      range: { start: new Date(2026, 4, 10), end: new Date(2026, 4, 15) },
    });
    expect(layout.width).toBe(6 * 40);
    const survey = layout.bars.find((bar) => bar.taskId === 1);
    expect(survey?.left).toBeLessThan(0);
  });
});

describe("scales and spans", () => {
  it("chooses the finest scale that fits", () => {
    const year = { start: new Date(2026, 0, 1), end: new Date(2026, 11, 31) };
    expect(scaleToFit(year, 1600)).toBe("months");
    expect(scaleToFit(year, 6000)).toBe("weeks");
    expect(scaleToFit({ start: year.start, end: new Date(2026, 0, 10) }, 1600)).toBe("days");
  });

  it("spans the plan's bars", () => {
    expect(planSpan([taskDto({ startDate: day(5, 4), dueDate: day(5, 9) })], now)).toEqual({
      start: new Date(day(5, 4)),
      end: new Date(day(5, 9)),
    });
    expect(planSpan([], now)).toBeNull();
    // A summary without dates of its own does not stretch the span to today.
    const summary = taskDto({ id: 50 });
    const leaf = taskDto({ id: 51, parentId: 50, startDate: day(7, 1), dueDate: day(7, 3) });
    expect(planSpan([summary, leaf], now)?.start).toEqual(new Date(day(7, 1)));
  });
});
