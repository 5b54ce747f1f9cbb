import { describe, expect, it } from "vitest";
import { tasksWithIncompletePrerequisites, unfinishedPrerequisiteCounts } from "./dependency-graph";

const task = (id: number, completed = false) => ({ id, completed });

describe("tasksWithIncompletePrerequisites", () => {
  it("finds the tasks waiting for an incomplete prerequisite, with dense ids", () => {
    const tasks = [task(101), task(102, true), task(103), task(104)];
    const dependencies = [
      { sourceTaskId: 101, targetTaskId: 103 },
      { sourceTaskId: 102, targetTaskId: 104 },
    ];
    expect(tasksWithIncompletePrerequisites(tasks, dependencies)).toEqual(new Set([103]));
  });

  it("gives the same answer with ids far apart, and ignores edges naming unknown tasks", () => {
    const tasks = [task(1), task(1_000_000_000), task(2_000_000_000, true), task(7)];
    const dependencies = [
      { sourceTaskId: 1, targetTaskId: 1_000_000_000 },
      { sourceTaskId: 2_000_000_000, targetTaskId: 7 },
      { sourceTaskId: 1, targetTaskId: 5 }, // 5 is not a task
      { sourceTaskId: 6, targetTaskId: 7 }, // neither is 6
      { sourceTaskId: 0, targetTaskId: 1 }, // below the lowest id
    ];
    expect(tasksWithIncompletePrerequisites(tasks, dependencies)).toEqual(new Set([1_000_000_000]));
  });

  it("ignores edges just outside a dense id range", () => {
    const tasks = [task(10), task(11)];
    const dependencies = [
      { sourceTaskId: 9, targetTaskId: 10 },
      { sourceTaskId: 11, targetTaskId: 12 },
      { sourceTaskId: 11, targetTaskId: 10 },
    ];
    expect(tasksWithIncompletePrerequisites(tasks, dependencies)).toEqual(new Set([10]));
  });

  it("answers an empty set for no tasks", () => {
    expect(tasksWithIncompletePrerequisites([], [{ sourceTaskId: 1, targetTaskId: 2 }])).toEqual(new Set());
  });
});

describe("unfinishedPrerequisiteCounts", () => {
  it("counts each task's prerequisites that are not completed, leaving out tasks waiting for none", () => {
    const tasks = [task(1), task(2, true), task(3), task(4), task(5)];
    const dependencies = [
      { sourceTaskId: 1, targetTaskId: 4 },
      { sourceTaskId: 2, targetTaskId: 4 }, // completed: not counted
      { sourceTaskId: 3, targetTaskId: 4 },
      { sourceTaskId: 2, targetTaskId: 5 },
      { sourceTaskId: 1, targetTaskId: 3 },
      { sourceTaskId: 9, targetTaskId: 3 }, // 9 is not a task
    ];
    expect(unfinishedPrerequisiteCounts(tasks, dependencies)).toEqual(
      new Map([
        [4, 2],
        [3, 1],
      ]),
    );
  });

  it("agrees with tasksWithIncompletePrerequisites on which tasks wait", () => {
    const tasks = Array.from({ length: 40 }, (_, index) => task(index + 1, index % 3 === 0));
    const dependencies = Array.from({ length: 60 }, (_, index) => ({
      sourceTaskId: ((index * 7) % 40) + 1,
      targetTaskId: ((index * 13 + 5) % 40) + 1,
    }));
    const counts = unfinishedPrerequisiteCounts(tasks, dependencies);
    expect(new Set(counts.keys())).toEqual(tasksWithIncompletePrerequisites(tasks, dependencies));
  });
});
