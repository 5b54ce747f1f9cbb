import { describe, expect, it } from "vitest";
import { buildOutline, OUTLINE_LEVELS_MAX, type OutlineTask, placesForMove } from "./outline";
import { dropTargets, treeDrop } from "./outline-drop";

const task = (id: number, parentId: number | null = null, order = 0): OutlineTask => ({
  id,
  parentId,
  order,
});

/** 1 Design (2 Sketch, 3 Review (4 Notes)), 5 Build, 6 Ship. */
const plan = [
  task(1, null, 0),
  task(2, 1, 0),
  task(3, 1, 1),
  task(4, 3, 0),
  task(5, null, 1),
  task(6, null, 2),
];
const outline = buildOutline(plan);

/** The WBS numbers after applying a drop as the server would (placesForMove). */
function wbsAfter(taskId: number, drop: { parentId: number | null; index: number }) {
  const orders = new Map(plan.map((t) => [t.id, t.order]));
  const moved = new Map(plan.map((t) => [t.id, { ...t }]));
  for (const place of placesForMove(outline, orders, taskId, drop.parentId, drop.index)) {
    Object.assign(moved.get(place.taskId) as OutlineTask, { parentId: place.parentId, order: place.order });
  }
  const after = buildOutline([...moved.values()]);
  return Object.fromEntries(after.order.map((id) => [id, after.fieldsOf(id).wbs]));
}

describe("treeDrop", () => {
  it("drops before or after a row as its sibling, counting the siblings without the task", () => {
    expect(treeDrop(outline, 6, 5, "before")).toEqual({ parentId: null, index: 1 });
    expect(treeDrop(outline, 2, 5, "after")).toEqual({ parentId: null, index: 2 });
    expect(treeDrop(outline, 5, 2, "before")).toEqual({ parentId: 1, index: 0 });
    // Moving down among its own siblings: the place counts them without it.
    expect(treeDrop(outline, 1, 6, "before")).toEqual({ parentId: null, index: 1 });
    expect(wbsAfter(1, { parentId: null, index: 1 })).toMatchObject({ 5: "1", 1: "2", 2: "2.1", 6: "3" });
  });

  it("drops into a summary as its last child", () => {
    expect(treeDrop(outline, 5, 1, "inside")).toEqual({ parentId: 1, index: 2 });
    expect(treeDrop(outline, 6, 3, "inside")).toEqual({ parentId: 3, index: 1 });
    expect(wbsAfter(6, { parentId: 3, index: 1 })).toMatchObject({ 4: "1.2.1", 6: "1.2.2", 5: "2" });
    // Into a leaf: not offered.
    expect(treeDrop(outline, 6, 5, "inside")).toBeNull();
  });

  it("after an expanded summary means its first child; after a collapsed one, its next sibling", () => {
    expect(treeDrop(outline, 6, 1, "after")).toEqual({ parentId: 1, index: 0 });
    expect(treeDrop(outline, 6, 1, "after", (id) => id === 1)).toEqual({ parentId: null, index: 1 });
  });

  it("offers no drop into the task's own subtree, nor one that leaves it where it is", () => {
    expect(treeDrop(outline, 1, 1, "before")).toBeNull();
    expect(treeDrop(outline, 1, 3, "inside")).toBeNull();
    expect(treeDrop(outline, 1, 4, "after")).toBeNull();
    expect(treeDrop(outline, 5, 6, "before")).toBeNull();
    expect(treeDrop(outline, 5, 1, "after", () => true)).toBeNull();
    expect(treeDrop(outline, 4, 3, "inside")).toBeNull();
  });

  it("offers no drop the server would refuse as too deep", () => {
    const chain = Array.from({ length: OUTLINE_LEVELS_MAX }, (_, at) =>
      task(at + 1, at === 0 ? null : at, 0),
    );
    const deep = buildOutline([...chain, task(100, null, 1), task(101, 100, 0)]);
    expect(treeDrop(deep, 100, OUTLINE_LEVELS_MAX - 1, "inside")).toBeNull();
    expect(treeDrop(deep, 101, OUTLINE_LEVELS_MAX - 1, "inside")).toEqual({
      parentId: OUTLINE_LEVELS_MAX - 1,
      index: 1,
    });
  });
});

describe("dropTargets", () => {
  it("lists each move once, top to bottom, none into the task's subtree and none that stays put", () => {
    const targets = dropTargets(outline, 3, outline.order);
    expect(targets.map(({ targetId, position, drop }) => [`${position} ${targetId}`, drop])).toEqual([
      ["before 1", { parentId: null, index: 0 }],
      ["after 1", { parentId: 1, index: 0 }],
      ["before 5", { parentId: null, index: 1 }],
      ["after 5", { parentId: null, index: 2 }],
      ["after 6", { parentId: null, index: 3 }],
    ]);
  });

  it("offers only the rows shown", () => {
    const targets = dropTargets(outline, 6, [1, 5, 6], (id) => id === 1);
    expect(targets.map(({ targetId, position }) => `${position} ${targetId}`)).toEqual([
      "before 1",
      "inside 1",
      "after 1",
    ]);
  });
});
