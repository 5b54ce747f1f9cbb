import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildOutline,
  moveProblem,
  OUTLINE_CHILDREN_MAX,
  OUTLINE_LEVELS_MAX,
  OUTLINE_MESSAGES,
  type OutlineTask,
  planOutlineAction,
} from "./outline";

const task = (id: number, parentId: number | null = null, order = 0): OutlineTask => ({
  id,
  parentId,
  order,
});

/** A three-level plan: 1 Design (2 Sketch, 3 Review (4 Notes)), 5 Build. */
const plan = [task(1, null, 0), task(2, 1, 0), task(3, 1, 1), task(4, 3, 0), task(5, null, 1)];

describe("buildOutline", () => {
  it("numbers each task by its place among its siblings, and marks summaries and levels", () => {
    const outline = buildOutline(plan);
    expect(outline.order).toEqual([1, 2, 3, 4, 5]);
    expect(outline.fieldsOf(1)).toEqual({ summary: true, outlineLevel: 1, wbs: "1" });
    expect(outline.fieldsOf(3)).toEqual({ summary: true, outlineLevel: 2, wbs: "1.2" });
    expect(outline.fieldsOf(4)).toEqual({ summary: false, outlineLevel: 3, wbs: "1.2.1" });
    expect(outline.fieldsOf(5)).toEqual({ summary: false, outlineLevel: 1, wbs: "2" });
    expect(outline.descendantsOf(1)).toEqual([2, 3, 4]);
    expect(outline.ancestorsOf(4)).toEqual([3, 1]);
    expect(outline.heightOf(1)).toBe(3);
  });

  it("orders siblings by order, then id", () => {
    const outline = buildOutline([task(9, null, 1), task(8, null, 1), task(7, null, 0)]);
    expect(outline.order).toEqual([7, 8, 9]);
  });

  it("puts a task whose parent is not there, or that sits on a loop, at the top level", () => {
    const outline = buildOutline([task(1, 99), task(2, 3), task(3, 2), task(4, null, 5)]);
    expect(outline.parentOf(1)).toBeNull();
    expect(outline.order).toHaveLength(4);
    expect(new Set(outline.order)).toEqual(new Set([1, 2, 3, 4]));
  });

  it("reads a plan 10,000 levels deep without recursion", () => {
    const deep = Array.from({ length: 10_000 }, (_, index) => task(index + 1, index === 0 ? null : index));
    expect(buildOutline(deep).fieldsOf(10_000).outlineLevel).toBe(10_000);
  });
});

describe("moveProblem", () => {
  const outline = buildOutline(plan);
  const knows = (id: number) => plan.some((each) => each.id === id);

  it("refuses a parent elsewhere, the task itself and its own subtree", () => {
    expect(moveProblem(outline, knows, 2, 42)).toBe(OUTLINE_MESSAGES.notInProject);
    expect(moveProblem(outline, knows, 1, 1)).toBe(OUTLINE_MESSAGES.ownSubtree);
    expect(moveProblem(outline, knows, 1, 4)).toBe(OUTLINE_MESSAGES.ownSubtree);
    expect(moveProblem(outline, knows, 5, 4)).toBeNull();
    expect(moveProblem(outline, knows, 4, null)).toBeNull();
  });

  it(`refuses a move past ${OUTLINE_LEVELS_MAX} levels, counting the subtree that moves along`, () => {
    const chain = Array.from({ length: OUTLINE_LEVELS_MAX }, (_, index) => task(index + 1, index || null));
    const withPair = [...chain, task(100), task(101, 100)];
    const deep = buildOutline(withPair);
    const all = (id: number) => withPair.some((each) => each.id === id);
    expect(moveProblem(deep, all, null, OUTLINE_LEVELS_MAX - 1)).toBeNull();
    expect(moveProblem(deep, all, null, OUTLINE_LEVELS_MAX)).toBe(OUTLINE_MESSAGES.tooDeep);
    // 100 holds 101: under level 18 they reach levels 19 and 20; under 19, one too many.
    expect(moveProblem(deep, all, 100, OUTLINE_LEVELS_MAX - 2)).toBeNull();
    expect(moveProblem(deep, all, 100, OUTLINE_LEVELS_MAX - 1)).toBe(OUTLINE_MESSAGES.tooDeep);
  });

  it(`refuses a parent that holds ${OUTLINE_CHILDREN_MAX} tasks already`, () => {
    const full = [task(1), ...Array.from({ length: OUTLINE_CHILDREN_MAX }, (_, index) => task(index + 2, 1))];
    const outline = buildOutline([...full, task(5000)]);
    const knows = () => true;
    expect(moveProblem(outline, knows, 5000, 1)).toBe(OUTLINE_MESSAGES.tooManyChildren);
    // One of them moving among its own siblings is no new child.
    expect(moveProblem(outline, knows, 2, 1)).toBeNull();
  });
});

describe("planOutlineAction", () => {
  const apply = (tasks: OutlineTask[], ids: number[], action: "indent" | "outdent") => {
    const places = new Map(planOutlineAction(tasks, ids, action).map((place) => [place.taskId, place]));
    return tasks.map((each) => {
      const place = places.get(each.id);
      return place ? { id: each.id, parentId: place.parentId, order: place.order } : each;
    });
  };
  const shape = (tasks: OutlineTask[]) => {
    const outline = buildOutline(tasks);
    return outline.order.map((id) => `${outline.fieldsOf(id).wbs}:${id}`).join(" ");
  };
  const flat = [task(1, null, 0), task(2, null, 1), task(3, null, 2), task(4, null, 3)];

  it("indents under the previous sibling, as its last child; the first task stays", () => {
    expect(shape(apply(flat, [2], "indent"))).toBe("1:1 1.1:2 2:3 3:4");
    expect(shape(apply(flat, [1], "indent"))).toBe("1:1 2:2 3:3 4:4");
    // Two at once both go under the task before the first.
    expect(shape(apply(flat, [2, 3], "indent"))).toBe("1:1 1.1:2 1.2:3 2:4");
  });

  it("outdents to the place after the parent; later siblings stay where they are", () => {
    const nested = apply(flat, [2, 3, 4], "indent");
    expect(shape(apply(nested, [3], "outdent"))).toBe("1:1 1.1:2 1.2:4 2:3");
    expect(shape(apply(nested, [2, 3], "outdent"))).toBe("1:1 1.1:4 2:2 3:3");
    // A task at the top level has nowhere to go.
    expect(planOutlineAction(flat, [1], "outdent")).toEqual([]);
  });

  it("moves a chosen task's subtree with it, and a chosen child with its chosen parent", () => {
    const nested = apply(apply(flat, [3], "indent"), [4], "indent");
    expect(shape(nested)).toBe("1:1 2:2 2.1:3 2.2:4");
    expect(shape(apply(nested, [2, 3], "indent"))).toBe("1:1 1.1:2 1.1.1:3 1.1.2:4");
  });

  it("indenting then outdenting the same tasks gives the outline back", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 2, max: 8 }), { minLength: 1 }), (chosen) => {
        const tasks = Array.from({ length: 8 }, (_, index) => task(index + 1, null, index));
        const indented = apply(tasks, chosen, "indent");
        const back = apply(indented, chosen, "outdent");
        expect(shape(back)).toBe(shape(tasks));
      }),
    );
  });
});
