import { describe, expect, it } from "vitest";
import { outlineLinkProblem } from "./outline-links";

const task = (id: number, parentId: number | null = null) => ({ id, parentId });
const link = (sourceTaskId: number, targetTaskId: number) => ({ sourceTaskId, targetTaskId });

// 1 Design holds 2 Sketch and 3 Review; 4 Build and 5 Ship stand alone.
const plan = [task(1), task(2, 1), task(3, 1), task(4), task(5)];

describe("outlineLinkProblem", () => {
  it("finds nothing in links that respect the outline", () => {
    expect(outlineLinkProblem(plan, [link(1, 4), link(4, 5), link(2, 3)])).toBeNull();
  });

  it("refuses a link between a task and a summary above it, either way", () => {
    expect(outlineLinkProblem(plan, [link(1, 3)])).toEqual({ kind: "ancestor", summaryId: 1, taskId: 3 });
    expect(outlineLinkProblem(plan, [link(3, 1)])).toEqual({ kind: "ancestor", summaryId: 1, taskId: 3 });
  });

  it("sees a cycle through a summary: Build waits for Design, Sketch waits for Build", () => {
    const problem = outlineLinkProblem(plan, [link(1, 4), link(4, 2)]);
    expect(problem?.kind).toBe("cycle");
    const ids = problem?.kind === "cycle" ? problem.taskIds : [];
    expect(ids[0]).toBe(ids[ids.length - 1]);
    expect(new Set(ids)).toEqual(new Set([1, 4, 2]));
  });

  it("sees a cycle into a summary from a task below another summary, nested", () => {
    const nested = [task(1), task(2, 1), task(3, 2), task(4), task(5, 4)];
    // 5 (under 4) waits for 1's subtree; 3 (deep under 1) waits for 4's subtree.
    expect(outlineLinkProblem(nested, [link(1, 5), link(4, 3)])?.kind).toBe("cycle");
    expect(outlineLinkProblem(nested, [link(1, 5)])).toBeNull();
  });

  it("finds a plain cycle among leaves too", () => {
    expect(outlineLinkProblem(plan, [link(4, 5), link(5, 4)])?.kind).toBe("cycle");
  });

  it("stays linear: a chain of 50,000 tasks under nested summaries", () => {
    const many = Array.from({ length: 50_000 }, (_, index) =>
      task(index + 1, index % 100 === 0 ? null : index),
    );
    const chain = Array.from({ length: 49_999 }, (_, index) => link(index + 1, index + 2)).filter(
      (each) => each.targetTaskId % 100 === 1,
    );
    expect(outlineLinkProblem(many, chain)).toBeNull();
  });
});
