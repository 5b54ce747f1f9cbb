import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { criticalPath, type DatedTask, taskDurationDays } from "./critical-path";
import type { GraphDependency } from "./dependency-graph";
import { autoLayout, DEFAULT_LAYOUT } from "./layout";

const edge = (sourceTaskId: number, targetTaskId: number): GraphDependency => ({
  sourceTaskId,
  targetTaskId,
});
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

/** Small random DAGs (edges from lower to higher id) whose tasks have random durations. */
const datedDag = fc.integer({ min: 1, max: 9 }).chain((size) =>
  fc
    .record({
      durations: fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }), {
        minLength: size,
        maxLength: size,
      }),
      // Only pairs a < b become edges, so the graph is acyclic by construction.
      pairs: fc.array(fc.tuple(fc.integer({ min: 1, max: size }), fc.integer({ min: 1, max: size })), {
        maxLength: size * 2,
      }),
    })
    .map(({ durations, pairs }) => ({
      tasks: durations.map(
        (length, index): DatedTask => ({
          id: index + 1,
          startDate: length === null ? null : day(0),
          snoozeUntil: null,
          dueDate: length === null ? null : day(length),
        }),
      ),
      dependencies: [...new Set(pairs.filter(([a, b]) => a < b).map(([a, b]) => `${a}-${b}`))].map((key) => {
        const [a, b] = key.split("-").map(Number);
        return edge(a, b);
      }),
    })),
);

function allChains(tasks: DatedTask[], dependencies: GraphDependency[]): number[][] {
  const chains: number[][] = [];
  const extend = (chain: number[]) => {
    chains.push(chain);
    for (const dependency of dependencies) {
      if (dependency.sourceTaskId === chain[chain.length - 1]) extend([...chain, dependency.targetTaskId]);
    }
  };
  for (const task of tasks) extend([task.id]);
  return chains;
}

describe("taskDurationDays", () => {
  it("measures from start (or snooze) to due, and 0 without dates", () => {
    expect(taskDurationDays({ id: 1, startDate: day(0), snoozeUntil: null, dueDate: day(3) })).toBe(3);
    expect(taskDurationDays({ id: 1, startDate: null, snoozeUntil: day(1), dueDate: day(3) })).toBe(2);
    expect(taskDurationDays({ id: 1, startDate: null, snoozeUntil: null, dueDate: day(3) })).toBe(0);
    expect(taskDurationDays({ id: 1, startDate: day(5), snoozeUntil: null, dueDate: day(3) })).toBe(0);
  });
});

describe("criticalPath", () => {
  it("picks the chain with the most days of work", () => {
    const tasks: DatedTask[] = [
      { id: 1, startDate: day(0), snoozeUntil: null, dueDate: day(1) },
      { id: 2, startDate: day(0), snoozeUntil: null, dueDate: day(10) },
      { id: 3, startDate: day(0), snoozeUntil: null, dueDate: day(1) },
      { id: 4, startDate: day(0), snoozeUntil: null, dueDate: day(1) },
    ];
    const path = criticalPath(tasks, [edge(1, 2), edge(1, 3), edge(3, 4)]);
    expect(path.taskIds).toEqual([1, 2]);
    expect(path.dependencyPairs).toEqual([[1, 2]]);
    expect(path.totalDays).toBe(11);
  });

  it("is the longest chain in a plan without dates", () => {
    const tasks = [1, 2, 3, 4].map(
      (id): DatedTask => ({ id, startDate: null, snoozeUntil: null, dueDate: null }),
    );
    expect(criticalPath(tasks, [edge(1, 2), edge(2, 3), edge(1, 4)]).taskIds).toEqual([1, 2, 3]);
  });

  it("matches the best of all chains found by brute force", () => {
    fc.assert(
      fc.property(datedDag, ({ tasks, dependencies }) => {
        const path = criticalPath(tasks, dependencies);
        const weigh = (chain: number[]) =>
          chain.reduce(
            (sum, id) => sum + taskDurationDays(tasks.find((task) => task.id === id) as DatedTask),
            0,
          );
        const best = Math.max(...allChains(tasks, dependencies).map(weigh));
        expect(path.totalDays).toBeCloseTo(best);
        expect(weigh(path.taskIds)).toBeCloseTo(best);
        for (const [prerequisite, dependent] of path.dependencyPairs) {
          expect(dependencies).toContainEqual(edge(prerequisite, dependent));
        }
      }),
    );
  });
});

describe("autoLayout", () => {
  it("places a chain left to right and unconnected tasks below in the first column", () => {
    const positions = autoLayout([1, 2, 3, 4], [edge(1, 2), edge(2, 3)]);
    const { columnWidth, rowHeight } = DEFAULT_LAYOUT;
    expect(positions.get(1)).toEqual({ x: 0, y: 0 });
    expect(positions.get(2)).toEqual({ x: columnWidth, y: 0 });
    expect(positions.get(3)).toEqual({ x: 2 * columnWidth, y: 0 });
    expect(positions.get(4)).toEqual({ x: 0, y: rowHeight });
  });

  it("never overlaps cards and always puts a prerequisite left of its dependent", () => {
    fc.assert(
      fc.property(datedDag, ({ tasks, dependencies }) => {
        const ids = tasks.map((task) => task.id);
        const positions = autoLayout(ids, dependencies);
        expect(positions.size).toBe(ids.length);
        const cells = new Set([...positions.values()].map(({ x, y }) => `${x},${y}`));
        expect(cells.size).toBe(ids.length);
        for (const { sourceTaskId, targetTaskId } of dependencies) {
          expect(positions.get(sourceTaskId)?.x).toBeLessThan(positions.get(targetTaskId)?.x as number);
        }
      }),
    );
  });
});
