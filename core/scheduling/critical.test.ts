import { describe, expect, it } from "vitest";
import { taskDto } from "../testing/dto-factories";
import { criticalTasks } from "./critical";

const schedule = (critical: boolean) => ({
  start: "2026-03-02",
  finish: "2026-03-04",
  lateStart: "2026-03-02",
  lateFinish: "2026-03-04",
  totalFloat: critical ? 0 : 2,
  critical,
});

describe("criticalTasks", () => {
  it("highlights a critical summary but counts only the work: its leaves' days and number", () => {
    const tasks = [
      taskDto({ id: 1, summary: true, duration: null, schedule: schedule(true) }),
      taskDto({ id: 2, parentId: 1, duration: 3, schedule: schedule(true) }),
      taskDto({ id: 3, parentId: 1, duration: 1, schedule: schedule(false) }),
      taskDto({ id: 4, duration: 2, schedule: schedule(true) }),
    ];
    const path = criticalTasks(tasks, [{ sourceTaskId: 2, targetTaskId: 4 }]);
    expect([...path.taskIds]).toEqual([1, 2, 4]);
    expect(path.workCount).toBe(2);
    expect(path.totalDays).toBe(5);
    expect(path.pairs).toEqual([[2, 4]]);
  });
});
