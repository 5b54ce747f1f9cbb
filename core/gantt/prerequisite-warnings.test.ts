import { describe, expect, it } from "vitest";
import { startsBeforePrerequisiteEnds, type WarningTask } from "./prerequisite-warnings";

const now = new Date(2026, 4, 13);
const at = (d: number) => new Date(2026, 4, d).toISOString();
const task = (id: number, fields: Partial<WarningTask> = {}): WarningTask => ({
  id,
  completed: false,
  ...fields,
});
const edge = (sourceTaskId: number, targetTaskId: number) => ({ sourceTaskId, targetTaskId });

describe("startsBeforePrerequisiteEnds", () => {
  it("marks a dependent that starts before its prerequisite is due", () => {
    const tasks = [
      task(1, { startDate: at(1), dueDate: at(5) }),
      task(2, { startDate: at(3), dueDate: at(8) }),
      task(3, { startDate: at(5), dueDate: at(9) }),
    ];
    const warnings = startsBeforePrerequisiteEnds(tasks, [edge(1, 2), edge(1, 3)], now);
    expect([...warnings]).toEqual([[2, [1]]]);
  });

  it("lists every prerequisite that ends too late", () => {
    const tasks = [
      task(1, { dueDate: at(20) }),
      task(2, { startDate: at(1), dueDate: at(25) }),
      task(3, { startDate: at(10), dueDate: at(30) }),
    ];
    expect(startsBeforePrerequisiteEnds(tasks, [edge(1, 3), edge(2, 3)], now).get(3)).toEqual([1, 2]);
  });

  it("counts the snooze date as a planned start", () => {
    const tasks = [task(1, { startDate: at(1), dueDate: at(5) }), task(2, { snoozeUntil: at(2) })];
    expect(startsBeforePrerequisiteEnds(tasks, [edge(1, 2)], now).has(2)).toBe(true);
  });

  it("leaves out undated starts, undated prerequisites and completed work", () => {
    const tasks = [
      task(1, { startDate: at(1), dueDate: at(30) }),
      task(2, { dueDate: at(31) }), // starts "now": not planned
      task(3, {}), // no dates
      task(4, { startDate: at(2) }),
      task(5, { startDate: at(1), dueDate: at(30), completed: true }),
      task(6, { startDate: at(2), completed: true }),
    ];
    const dependencies = [edge(1, 2), edge(3, 4), edge(5, 4), edge(1, 6)];
    expect(startsBeforePrerequisiteEnds(tasks, dependencies, now).size).toBe(0);
  });

  it("ignores dependencies naming tasks it was not given", () => {
    expect(
      startsBeforePrerequisiteEnds([task(1, { startDate: at(1) })], [edge(9, 1), edge(1, 9)], now).size,
    ).toBe(0);
  });
});
