// Which tasks a change unblocked, in memory: the waiting set with the change undone against the
// waiting set now, by the views' blocking rules (types, summaries, hand-marked Blocked).
import { describe, expect, it } from "vitest";
import { type GraphDependencyRow, type GraphTaskRow, unblockedByChange } from "./unblocked-by-change";

const task = (id: number, fields: Partial<GraphTaskRow> = {}): GraphTaskRow => ({
  id,
  parentId: null,
  order: id,
  completed: false,
  status: "not-started",
  assigneeId: 7,
  name: `Task ${id}`,
  ...fields,
});
const link = (
  id: number,
  sourceTaskId: number,
  targetTaskId: number,
  type: GraphDependencyRow["type"] = "FS",
) => ({
  id,
  sourceTaskId,
  targetTaskId,
  type,
});
const ids = (tasks: GraphTaskRow[]) => tasks.map((each) => each.id);

describe("unblockedByChange", () => {
  it("answers a dependent whose only prerequisite was completed, assigned or not", () => {
    const graph = {
      tasks: [task(1, { completed: true, status: "completed" }), task(2), task(3, { assigneeId: null })],
      dependencies: [link(10, 1, 2), link(11, 1, 3)],
    };
    const ready = unblockedByChange(graph, [
      { kind: "task", id: 1, fields: { completed: false, status: "in-progress" } },
    ]);
    expect(ids(ready)).toEqual([2, 3]);
  });

  it("leaves out a dependent still waiting for another prerequisite, a completed one and one marked Blocked", () => {
    const graph = {
      tasks: [
        task(1, { completed: true }),
        task(2),
        task(3),
        task(4, { completed: true }),
        task(5, { status: "blocked" }),
      ],
      dependencies: [link(10, 1, 3), link(11, 2, 3), link(12, 1, 4), link(13, 1, 5)],
    };
    expect(unblockedByChange(graph, [{ kind: "task", id: 1, fields: { completed: false } }])).toEqual([]);
  });

  it("answers the dependents of a deleted prerequisite, and those of a deleted link", () => {
    const graph = { tasks: [task(2), task(4), task(5)], dependencies: [] };
    const ready = unblockedByChange(graph, [
      { kind: "restore", tasks: [task(1)], dependencies: [link(10, 1, 2)] },
      { kind: "restore", tasks: [], dependencies: [link(11, 5, 4)] },
    ]);
    expect(ids(ready)).toEqual([2, 4]);
  });

  it("answers a dependent whose link eased from FS to FF, not one eased from FS to SS on a task not started", () => {
    const eased = { tasks: [task(1), task(2)], dependencies: [link(10, 1, 2, "FF")] };
    expect(ids(unblockedByChange(eased, [{ kind: "dependency", id: 10, type: "FS" }]))).toEqual([2]);
    const stillHeld = { tasks: [task(1), task(2)], dependencies: [link(10, 1, 2, "SS")] };
    expect(unblockedByChange(stillHeld, [{ kind: "dependency", id: 10, type: "FS" }])).toEqual([]);
  });

  it("answers an SS dependent once its prerequisite started, not an FS one", () => {
    const graph = {
      tasks: [task(1, { status: "in-progress" }), task(2), task(3)],
      dependencies: [link(10, 1, 2, "SS"), link(11, 1, 3)],
    };
    expect(
      ids(unblockedByChange(graph, [{ kind: "task", id: 1, fields: { status: "not-started" } }])),
    ).toEqual([2]);
  });

  it("answers the leaves under a summary a completed prerequisite held, never the summary", () => {
    // 1 -> summary 2, which holds leaves 3 and 4.
    const graph = {
      tasks: [task(1, { completed: true }), task(2), task(3, { parentId: 2 }), task(4, { parentId: 2 })],
      dependencies: [link(10, 1, 2)],
    };
    expect(ids(unblockedByChange(graph, [{ kind: "task", id: 1, fields: { completed: false } }]))).toEqual([
      3, 4,
    ]);
  });

  it("answers the dependent of a summary prerequisite once its last leaf is done", () => {
    // Summary 1 holds 2 and 3; 1 -> 4.
    const tasks = (lastDone: boolean) => [
      task(1),
      task(2, { parentId: 1, completed: true }),
      task(3, { parentId: 1, completed: lastDone }),
      task(4),
    ];
    const dependencies = [link(10, 1, 4)];
    const revert = [{ kind: "task" as const, id: 3, fields: { completed: false } }];
    expect(ids(unblockedByChange({ tasks: tasks(true), dependencies }, revert))).toEqual([4]);
    // The first leaf done of two unblocks nothing.
    expect(
      unblockedByChange({ tasks: tasks(false), dependencies }, [
        { kind: "task", id: 2, fields: { completed: false } },
      ]),
    ).toEqual([]);
  });

  it("answers a leaf moved out of a held summary", () => {
    const graph = { tasks: [task(1), task(2), task(3)], dependencies: [link(10, 1, 2)] };
    expect(ids(unblockedByChange(graph, [{ kind: "task", id: 3, fields: { parentId: 2 } }]))).toEqual([3]);
  });
});
