import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ganttRows, groupTasks, reorderWithinGroup, rowOffsets } from "./rows";

const task = (id: number, categoryId: number | null, order = id) => ({ id, categoryId, order });

describe("groupTasks", () => {
  it("follows the categories' order, then unknown categories, then the uncategorized tasks", () => {
    const groups = groupTasks([task(1, null), task(2, 7), task(3, 5), task(4, 9), task(5, 5, 0)], [5, 7]);
    expect(groups.map((group) => [group.key, group.tasks.map((t) => t.id)])).toEqual([
      ["category-5", [5, 3]],
      ["category-7", [2]],
      ["category-9", [4]],
      ["uncategorized", [1]],
    ]);
  });

  it("leaves out categories without tasks", () => {
    expect(groupTasks([task(1, 5)], [4, 5, 6]).map((group) => group.key)).toEqual(["category-5"]);
  });

  it("orders by order, then id", () => {
    const groups = groupTasks([task(3, null, 1), task(2, null, 1), task(1, null, 2)], []);
    expect(groups[0].tasks.map((t) => t.id)).toEqual([2, 3, 1]);
  });
});

describe("ganttRows", () => {
  const groups = groupTasks([task(1, 5), task(2, 5), task(3, null)], [5]);

  it("puts each group's row above its tasks", () => {
    expect(ganttRows(groups, new Set()).map((row) => row.key)).toEqual([
      "category-5",
      "task-1",
      "task-2",
      "uncategorized",
      "task-3",
    ]);
  });

  it("hides the tasks of a collapsed group and keeps its row with the count", () => {
    const rows = ganttRows(groups, new Set(["category-5"]));
    expect(rows.map((row) => row.key)).toEqual(["category-5", "uncategorized", "task-3"]);
    expect(rows[0]).toMatchObject({ kind: "group", count: 2, collapsed: true });
  });

  it("shows only task rows without group rows", () => {
    expect(ganttRows(groups, new Set(["category-5"]), false).map((row) => row.key)).toEqual([
      "task-1",
      "task-2",
      "task-3",
    ]);
  });

  it("stacks 32 px group rows and 48 px task rows", () => {
    const { tops, total } = rowOffsets(ganttRows(groups, new Set()));
    expect(tops).toEqual([0, 32, 80, 128, 160]);
    expect(total).toBe(208);
  });
});

describe("reorderWithinGroup", () => {
  const group = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it("moves a task and renumbers the group", () => {
    expect(reorderWithinGroup(group, 3, 0)).toEqual([
      { taskId: 3, order: 0 },
      { taskId: 1, order: 1 },
      { taskId: 2, order: 2 },
    ]);
    expect(reorderWithinGroup(group, 1, 1)?.map((entry) => entry.taskId)).toEqual([2, 1, 3]);
  });

  it("answers null when nothing moves or the task is in another group", () => {
    expect(reorderWithinGroup(group, 2, 1)).toBeNull();
    expect(reorderWithinGroup(group, 9, 0)).toBeNull();
  });

  it("clamps the target into the group", () => {
    expect(reorderWithinGroup(group, 1, 99)?.map((entry) => entry.taskId)).toEqual([2, 3, 1]);
    expect(reorderWithinGroup(group, 3, -5)?.map((entry) => entry.taskId)).toEqual([3, 1, 2]);
  });

  it("keeps exactly the group's tasks, each once, ordered 0..n-1", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        fc.integer({ min: -5, max: 40 }),
        (size, pick, to) => {
          const tasks = Array.from({ length: size }, (_, index) => ({ id: index + 10 }));
          const moved = tasks[pick % size].id;
          const result = reorderWithinGroup(tasks, moved, to);
          if (result === null) return;
          expect(result.map((entry) => entry.order)).toEqual(tasks.map((_, index) => index));
          expect(new Set(result.map((entry) => entry.taskId))).toEqual(new Set(tasks.map((t) => t.id)));
        },
      ),
    );
  });
});
