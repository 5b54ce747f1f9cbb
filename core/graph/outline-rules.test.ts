// The leaves are the work: in a plan with summaries, unblocked, waiting, the "waiting for N" counts
// and the phases read leaves only; a link into a summary holds every leaf below it, and a link from
// a summary waits for the leaves below it. Worked examples, then random outlines against a plain
// reading of those rules.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOutline } from "../tasks/outline";
import {
  type GraphDependency,
  outlineOfTasks,
  tasksWithIncompletePrerequisites,
  unfinishedPrerequisiteCounts,
} from "./dependency-graph";
import { executionPhases, groupByPhase } from "./phases";
import { unblockedTaskIds } from "./unblocked";

type Task = {
  id: number;
  parentId: number | null;
  order: number;
  completed: boolean;
  status: string;
  snoozeUntil: Date | null;
};

const task = (id: number, parentId: number | null, order: number, completed = false): Task => ({
  id,
  parentId,
  order,
  completed,
  status: "not-started",
  snoozeUntil: null,
});
const link = (sourceTaskId: number, targetTaskId: number, type?: "SS"): GraphDependency =>
  type ? { sourceTaskId, targetTaskId, type } : { sourceTaskId, targetTaskId };

/**
 * 1 Design (2 Sketch, 3 Review (4 Notes, 5 Sign-off)), 6 Build, 7 Launch; Design → Build (from a
 * summary: Build waits for 2, 4 and 5), Launch → Review (into a summary: 4 and 5 wait for Launch).
 */
const plan = [
  task(1, null, 0),
  task(2, 1, 0),
  task(3, 1, 1),
  task(4, 3, 0),
  task(5, 3, 1),
  task(6, null, 1),
  task(7, null, 2),
];
const links = [link(1, 6), link(7, 3)];
const now = new Date("2026-11-27T12:00:00Z");
const done = (tasks: Task[], ...ids: number[]) =>
  tasks.map((each) => (ids.includes(each.id) ? { ...each, completed: true } : each));

describe("the leaves are the work", () => {
  it("never counts a summary as unblocked work, and a link into a summary holds its leaves", () => {
    expect(unblockedTaskIds(plan, links, now)).toEqual(new Set([2, 7]));
    expect(unblockedTaskIds(done(plan, 7), links, now)).toEqual(new Set([2, 4, 5]));
  });

  it("makes the dependents of a summary wait for every leaf below it", () => {
    expect(unblockedTaskIds(done(plan, 7, 2, 4), links, now)).toEqual(new Set([5]));
    expect(unblockedTaskIds(done(plan, 7, 2, 4, 5), links, now)).toEqual(new Set([6]));
  });

  it("reads a summary's own completion not at all: only its leaves'", () => {
    // Design marked completed by hand, its leaves not: Build still waits.
    expect(unblockedTaskIds(done(plan, 1, 7), links, now).has(6)).toBe(false);
  });

  it("names the waiting tasks and how many links hold each, those into the summaries above included", () => {
    expect(tasksWithIncompletePrerequisites(plan, links)).toEqual(new Set([3, 4, 5, 6]));
    expect(Object.fromEntries(unfinishedPrerequisiteCounts(plan, [...links, link(2, 4)]))).toEqual({
      3: 1,
      4: 2,
      5: 1,
      6: 1,
    });
  });

  it("lets a start-to-start link from a summary go once one leaf below it has started", () => {
    const ss = [link(1, 6, "SS")];
    expect(unblockedTaskIds(plan, ss, now).has(6)).toBe(false);
    const started = plan.map((each) => (each.id === 4 ? { ...each, status: "in-progress" } : each));
    expect(unblockedTaskIds(started, ss, now).has(6)).toBe(true);
  });

  it("gives phases to leaves only, after the leaves a summary waits for", () => {
    expect(Object.fromEntries(executionPhases(plan, links))).toEqual({ 2: 1, 4: 2, 5: 2, 6: 3, 7: 1 });
    // Launch done: Notes and Sign-off can start at once, Build after them.
    expect(Object.fromEntries(executionPhases(done(plan, 7), links))).toEqual({
      2: 1,
      4: 1,
      5: 1,
      6: 2,
      7: 1,
    });
    const groups = groupByPhase(plan, links).map((group) => [
      group.phase,
      group.tasks.map((each) => each.id),
    ]);
    expect(groups).toEqual([
      [1, [2, 7]],
      [2, [4, 5]],
      [3, [6]],
    ]);
  });

  it("gives a leaf caught in a cycle through a summary a phase after the last", () => {
    // Launch → Review, and Notes (under Review) → Launch: the server refuses it, the views survive it.
    const phases = executionPhases(plan, [link(7, 3), link(4, 7)]);
    expect(phases.get(2)).toBe(1);
    expect(phases.get(6)).toBe(1);
    expect([phases.get(4), phases.get(5), phases.get(7)]).toEqual([2, 2, 2]);
  });

  it("takes the flat path when no task sits under another", () => {
    const flat = plan.map((each) => ({ ...each, parentId: null }));
    expect(outlineOfTasks(flat)).toBeNull();
    expect(unblockedTaskIds(flat, links, now)).toEqual(new Set([1, 2, 4, 5, 7]));
    expect(executionPhases(flat, links).get(3)).toBe(2);
  });
});

/**
 * A random outline (each task under an earlier one or at the top) and links that never close a
 * cycle: each runs from a task to one after the prerequisite's whole subtree in tree order.
 */
const randomOutline = fc
  .integer({ min: 1, max: 20 })
  .chain((size) =>
    fc.record({
      parents: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: size, maxLength: size }),
      completed: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
      started: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
      pairs: fc.array(fc.tuple(fc.nat(size - 1), fc.nat(size - 1), fc.boolean()), { maxLength: size * 2 }),
    }),
  )
  .map(({ parents, completed, started, pairs }) => {
    const tasks: Task[] = parents.map((draw, index) => {
      const parent = Math.floor(draw * (index + 1));
      return {
        ...task(index + 1, parent === 0 ? null : parent, index, completed[index]),
        status: started[index] ? "in-progress" : "not-started",
      };
    });
    const outline = buildOutline(tasks);
    const links: GraphDependency[] = [];
    for (const [a, b, ss] of pairs) {
      const source = outline.order[a];
      if (b <= a + outline.descendantsOf(source).length) continue;
      links.push(link(source, outline.order[b], ss ? "SS" : undefined));
    }
    return { tasks, links, outline };
  });

describe("the leaves are the work, on random outlines", () => {
  it("agrees with a plain reading of the rules", () => {
    fc.assert(
      fc.property(randomOutline, ({ tasks, links, outline }) => {
        const byId = new Map(tasks.map((each) => [each.id, each]));
        const leavesOf = (id: number) =>
          outline.isSummary(id)
            ? outline.descendantsOf(id).filter((below) => !outline.isSummary(below))
            : [id];
        const isStarted = (id: number) => byId.get(id)?.status === "in-progress" || byId.get(id)?.completed;
        const holds = (dependency: GraphDependency) =>
          dependency.type === "SS"
            ? !leavesOf(dependency.sourceTaskId).some(isStarted)
            : leavesOf(dependency.sourceTaskId).some((leaf) => !byId.get(leaf)?.completed);
        const holding = (id: number) =>
          links.filter(
            (dependency) =>
              (dependency.targetTaskId === id || outline.ancestorsOf(id).includes(dependency.targetTaskId)) &&
              holds(dependency),
          );
        const phase = new Map<number, number>();
        const phaseOf = (id: number): number => {
          const known = phase.get(id);
          if (known !== undefined) return known;
          let value = 1;
          for (const dependency of holding(id)) {
            const source = dependency.sourceTaskId;
            const before =
              dependency.type === "SS"
                ? outline.isSummary(source)
                  ? Math.max(1, ...[source, ...outline.ancestorsOf(source)].flatMap(reach))
                  : phaseOf(source)
                : Math.max(
                    ...leavesOf(source)
                      .filter((leaf) => !byId.get(leaf)?.completed)
                      .map(phaseOf),
                  );
            value = Math.max(value, before + 1);
          }
          phase.set(id, value);
          return value;
        };
        /** What holds a summary's entry: the phases its holding links ask for. */
        function reach(id: number): number[] {
          return links
            .filter((dependency) => dependency.targetTaskId === id && holds(dependency))
            .map((dependency) => {
              const source = dependency.sourceTaskId;
              if (dependency.type === "SS")
                return outline.isSummary(source)
                  ? Math.max(1, ...[source, ...outline.ancestorsOf(source)].flatMap(reach)) + 1
                  : phaseOf(source) + 1;
              return (
                Math.max(
                  ...leavesOf(source)
                    .filter((leaf) => !byId.get(leaf)?.completed)
                    .map(phaseOf),
                ) + 1
              );
            });
        }

        const unblocked = unblockedTaskIds(tasks, links, now);
        const phases = executionPhases(tasks, links);
        const counts = unfinishedPrerequisiteCounts(tasks, links);
        for (const each of tasks) {
          const held = holding(each.id).length;
          expect(counts.get(each.id) ?? 0).toBe(held);
          if (outline.isSummary(each.id)) {
            expect(unblocked.has(each.id)).toBe(false);
            expect(phases.has(each.id)).toBe(false);
            continue;
          }
          expect(unblocked.has(each.id)).toBe(!each.completed && held === 0);
          expect(phases.get(each.id)).toBe(phaseOf(each.id));
        }
      }),
    );
  });
});
