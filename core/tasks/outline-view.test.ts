import { describe, expect, it } from "vitest";
import { buildOutline, type OutlineTask } from "./outline";
import {
  breadcrumb,
  outlineRows,
  planOutline,
  rolledUpCompletion,
  summaryPath,
  summarySpans,
  topmostTasks,
} from "./outline-view";

const task = (id: number, parentId: number | null = null, order = 0): OutlineTask => ({
  id,
  parentId,
  order,
});

/** 1 Design (2 Sketch, 3 Review (4 Notes)), 5 Build. */
const plan = [task(1, null, 0), task(2, 1, 0), task(3, 1, 1), task(4, 3, 0), task(5, null, 1)];
const names = new Map([
  [1, "Design"],
  [2, "Sketch"],
  [3, "Review"],
  [4, "Notes"],
  [5, "Build"],
]);
const outline = buildOutline(plan);
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe("planOutline", () => {
  it("is null for a flat plan and for one whose parents are all gone", () => {
    expect(planOutline([task(1), task(2)])).toBeNull();
    expect(planOutline([task(1, 99)])).toBeNull();
    expect(planOutline(plan)?.order).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("outlineRows", () => {
  it("lists the tree in order with each row's level and WBS number", () => {
    expect(outlineRows(outline, new Set())).toEqual([
      { id: 1, level: 1, wbs: "1", summary: true, collapsed: false },
      { id: 2, level: 2, wbs: "1.1", summary: false, collapsed: false },
      { id: 3, level: 2, wbs: "1.2", summary: true, collapsed: false },
      { id: 4, level: 3, wbs: "1.2.1", summary: false, collapsed: false },
      { id: 5, level: 1, wbs: "2", summary: false, collapsed: false },
    ]);
  });

  it("hides the subtree of a collapsed summary, nested collapses included", () => {
    expect(ids(outlineRows(outline, new Set([3])))).toEqual([1, 2, 3, 5]);
    expect(outlineRows(outline, new Set([3]))[2].collapsed).toBe(true);
    expect(ids(outlineRows(outline, new Set([1, 3])))).toEqual([1, 5]);
    // A leaf's id in the set collapses nothing.
    expect(ids(outlineRows(outline, new Set([2])))).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the summaries above each kept task, and nothing else", () => {
    expect(ids(outlineRows(outline, new Set(), (id) => id === 4))).toEqual([1, 3, 4]);
    expect(ids(outlineRows(outline, new Set(), (id) => id === 5))).toEqual([5]);
    expect(ids(outlineRows(outline, new Set([1]), (id) => id === 4))).toEqual([1]);
  });
});

describe("summary paths", () => {
  it("names the summaries above a task from the top down", () => {
    const nameOf = (id: number) => names.get(id);
    expect(summaryPath(outline, nameOf, 4)).toEqual(["Design", "Review"]);
    expect(breadcrumb(summaryPath(outline, nameOf, 4))).toBe("Design › Review");
    expect(summaryPath(outline, nameOf, 5)).toEqual([]);
  });
});

describe("rolledUpCompletion", () => {
  it("completes a summary when every leaf below it is completed, and says nothing of leaves", () => {
    const completion = (done: number[]) =>
      Object.fromEntries(rolledUpCompletion(outline, (id) => done.includes(id)));
    expect(completion([2])).toEqual({ 1: false, 3: false });
    expect(completion([4])).toEqual({ 1: false, 3: true });
    expect(completion([2, 4])).toEqual({ 1: true, 3: true });
    // A summary's own completion is not read.
    expect(completion([1, 3])).toEqual({ 1: false, 3: false });
  });
});

describe("topmostTasks", () => {
  it("drops the chosen tasks that a chosen summary takes along", () => {
    expect(topmostTasks(outline, [4, 1, 5])).toEqual([1, 5]);
    expect(topmostTasks(outline, [4, 2])).toEqual([4, 2]);
  });
});

describe("summarySpans", () => {
  const day = (date: number) => new Date(Date.UTC(2026, 4, date));
  it("spans a summary from its earliest leaf's start to its latest leaf's end, leaves without dates aside", () => {
    const bars = new Map([
      [2, { start: day(4), end: day(6) }],
      [4, { start: day(5), end: day(12) }],
    ]);
    const spans = summarySpans(outline, (id) => bars.get(id));
    expect(spans.get(3)).toEqual({ start: day(5), end: day(12) });
    expect(spans.get(1)).toEqual({ start: day(4), end: day(12) });
    expect(spans.has(2)).toBe(false);
    expect(summarySpans(outline, () => undefined).size).toBe(0);
  });
});
