import { taskDto } from "@core/testing/dto-factories";
import { describe, expect, it } from "vitest";
import { summaryDays } from "./summary-dates";

const schedule = (start: string, finish: string) => ({
  start,
  finish,
  lateStart: start,
  lateFinish: finish,
  totalFloat: 0,
  critical: false,
});

// Design holds Sketch (typed dates) and Review, which holds Notes (scheduled).
const design = taskDto({ id: 1, name: "Design" });
const sketch = taskDto({
  id: 2,
  parentId: 1,
  startDate: "2026-06-01T09:00:00.000Z",
  dueDate: "2026-06-03T17:00:00.000Z",
});
const review = taskDto({ id: 3, parentId: 1, order: 1 });
const notes = taskDto({
  id: 4,
  parentId: 3,
  schedule: schedule("2026-06-04", "2026-06-09"),
});

describe("summaryDays", () => {
  it("spans the leaves under a summary, scheduled or typed, at every level", () => {
    const tasks = [design, sketch, review, notes];
    expect(summaryDays(tasks, 1)).toEqual({ start: "2026-06-01", finish: "2026-06-09" });
    expect(summaryDays(tasks, 3)).toEqual({ start: "2026-06-04", finish: "2026-06-09" });
    // A due date alone stands for both ends.
    const dueOnly = { ...sketch, startDate: null };
    expect(summaryDays([design, dueOnly], 1)).toEqual({ start: "2026-06-03", finish: "2026-06-03" });
  });

  it("takes the schedule the server rolled up, and answers null when nothing under it has dates", () => {
    const scheduled = { ...design, schedule: schedule("2026-05-04", "2026-05-29") };
    expect(summaryDays([scheduled, sketch], 1)).toEqual({ start: "2026-05-04", finish: "2026-05-29" });
    expect(summaryDays([design, taskDto({ id: 5, parentId: 1 })], 1)).toBeNull();
  });
});
