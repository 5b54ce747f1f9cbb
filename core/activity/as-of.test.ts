import { describe, expect, it } from "vitest";
import type { DependencyDto, TaskDto } from "../schemas/projects";
import { type AsOfEntry, CannotWalkBack, planAsOf } from "./as-of";

const task = (id: number, fields: Partial<TaskDto> = {}) =>
  ({
    id,
    name: `T${id}`,
    order: id,
    parentId: null,
    categoryId: null,
    startDate: null,
    dueDate: null,
    ...fields,
  }) as TaskDto;
const dependency = (id: number, sourceTaskId: number, targetTaskId: number) =>
  ({ id, projectId: 1, sourceTaskId, targetTaskId, type: "FS", lag: 0 }) as DependencyDto;
const entry = (fields: Partial<AsOfEntry> & Pick<AsOfEntry, "action">): AsOfEntry => ({
  id: 9,
  at: "2026-03-02T09:14:00.000Z",
  taskId: null,
  dependencyId: null,
  changes: {},
  items: [],
  moved: [],
  restore: null,
  ...fields,
});
const project = { startDate: "2026-03-02", workingDays: [1, 2, 3, 4, 5], holidays: [], statusDate: null };

describe("planAsOf", () => {
  it("takes a created task away with its subtree and links, and gives a deleted one back", () => {
    const now = {
      project,
      tasks: [task(1), task(2, { parentId: 1 }), task(3)],
      dependencies: [dependency(5, 2, 3)],
    };
    const before = planAsOf(now, [entry({ action: "task.created", taskId: 1 })]);
    expect(before.tasks.map((each) => each.id)).toEqual([3]);
    expect(before.dependencies).toEqual([]);
    const back = planAsOf(before, [
      entry({
        action: "task.deleted",
        taskId: 1,
        restore: { task: task(1), subtree: [task(2, { parentId: 1 })], dependencies: [dependency(5, 2, 3)] },
      }),
    ]);
    expect(back).toEqual(now);
  });

  it("sets an update's fields, the scheduler's moves and the calendar back", () => {
    const now = {
      project: { ...project, workingDays: [1, 2, 3, 4] },
      tasks: [task(1, { name: "B" }), task(2)],
      dependencies: [],
    };
    const before = planAsOf(now, [
      entry({
        action: "project.updated",
        changes: {
          workingDays: [
            [1, 2, 3, 4, 5],
            [1, 2, 3, 4],
          ],
        },
      }),
      entry({
        action: "task.updated",
        taskId: 1,
        changes: { name: ["A", "B"] },
        moved: [
          {
            id: 2,
            name: "T2",
            from: { start: "2026-03-02", finish: "2026-03-03" },
            to: { start: "2026-03-04", finish: "2026-03-05" },
          },
        ],
      }),
    ]);
    expect(before.project.workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(before.tasks[0].name).toBe("A");
    expect(before.tasks[1]).toMatchObject({
      startDate: "2026-03-02T00:00:00.000Z",
      dueDate: "2026-03-03T00:00:00.000Z",
    });
  });

  it("gives a task moved to another project back to the project it left, with its links, and takes it from the other", () => {
    const moved = task(4, { name: "Before" });
    const leaving = entry({
      action: "task.updated",
      taskId: 4,
      changes: { projectId: [1, 2], name: ["Before", "After"] },
      restore: { task: moved, dependencies: [dependency(6, 3, 4)] },
    });
    const left = planAsOf({ project, tasks: [task(3)], dependencies: [] }, [leaving]);
    expect(left.tasks).toEqual([task(3), moved]);
    expect(left.dependencies).toEqual([dependency(6, 3, 4)]);
    const arrivedNow = { project, tasks: [task(4, { name: "After" }), task(7)], dependencies: [] };
    const arrived = planAsOf(arrivedNow, [{ ...leaving, restore: null }]);
    expect(arrived.tasks.map((each) => each.id)).toEqual([7]);
  });

  it("refuses what it cannot walk back, naming the moment", () => {
    const now = { project, tasks: [], dependencies: [] };
    expect(() => planAsOf(now, [entry({ action: "import" })])).toThrow(CannotWalkBack);
    expect(() =>
      planAsOf(now, [entry({ action: "task.updated", taskId: 4, changes: { projectId: [1, 2] } })]),
    ).toThrow("The plan cannot be shown before 2026-03-02T09:14:00.000Z");
    expect(() => planAsOf(now, [entry({ action: "task.unknown" as never })])).toThrow(CannotWalkBack);
  });
});
