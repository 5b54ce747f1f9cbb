// Phases, unblocked and cycle detection checked against plain reference implementations on random
// graphs (fast-check), plus the worked examples of the spec.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cycleClosedBy, findCycle } from "./cycles";
import type { GraphDependency } from "./dependency-graph";
import { executionPhases, groupByPhase, phaseLabel } from "./phases";
import { unblockedTaskIds } from "./unblocked";

const edge = (sourceTaskId: number, targetTaskId: number): GraphDependency => ({
  sourceTaskId,
  targetTaskId,
});

type Task = { id: number; completed: boolean; snoozeUntil: Date | null; status: string };

/** A random DAG: edges only go from a lower position to a higher one, ids are shuffled. */
const randomDag = fc
  .integer({ min: 0, max: 25 })
  .chain((size) =>
    fc.record({
      ids: fc.shuffledSubarray(
        Array.from({ length: 60 }, (_, index) => index + 1),
        { minLength: size, maxLength: size },
      ),
      completed: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
      snoozed: fc.array(fc.constantFrom(null, -1, 1), { minLength: size, maxLength: size }),
      statuses: fc.array(fc.constantFrom("todo", "in-progress", "blocked"), {
        minLength: size,
        maxLength: size,
      }),
      pairs: fc.array(fc.tuple(fc.nat(size), fc.nat(size)), { maxLength: size * 3 }),
    }),
  )
  .map(({ ids, completed, snoozed, statuses, pairs }) => {
    const now = new Date("2026-11-22T12:00:00Z");
    const tasks: Task[] = ids.map((id, index) => ({
      id,
      completed: completed[index],
      snoozeUntil:
        snoozed[index] === null ? null : new Date(now.getTime() + (snoozed[index] as number) * 3_600_000),
      status: statuses[index],
    }));
    const seen = new Set<string>();
    const dependencies: GraphDependency[] = [];
    for (const [a, b] of pairs) {
      if (a >= ids.length || b >= ids.length || a === b) continue;
      const [low, high] = a < b ? [a, b] : [b, a];
      const key = `${low}-${high}`;
      if (seen.has(key)) continue;
      seen.add(key);
      dependencies.push(edge(ids[low], ids[high]));
    }
    return { tasks, dependencies, now };
  });

/** A random directed graph that may have cycles and self-loops. */
const randomGraph = fc.integer({ min: 1, max: 15 }).chain((size) =>
  fc.record({
    ids: fc.constant(Array.from({ length: size }, (_, index) => index + 1)),
    dependencies: fc.array(
      fc
        .tuple(fc.integer({ min: 1, max: size }), fc.integer({ min: 1, max: size }))
        .map(([a, b]) => edge(a, b)),
      { maxLength: size * 2 },
    ),
  }),
);

function referencePhase(id: number, tasks: Task[], dependencies: GraphDependency[]): number {
  const incomplete = dependencies.filter(
    (dependency) =>
      dependency.targetTaskId === id &&
      tasks.find((task) => task.id === dependency.sourceTaskId)?.completed === false,
  );
  if (incomplete.length === 0) return 1;
  return (
    1 +
    Math.max(...incomplete.map((dependency) => referencePhase(dependency.sourceTaskId, tasks, dependencies)))
  );
}

function referenceIsAcyclic(ids: number[], dependencies: GraphDependency[]): boolean {
  let remaining = new Set(ids);
  for (;;) {
    const sources = [...remaining].filter(
      (id) =>
        !dependencies.some(
          (dependency) => dependency.targetTaskId === id && remaining.has(dependency.sourceTaskId),
        ),
    );
    if (sources.length === 0) return remaining.size === 0;
    remaining = new Set([...remaining].filter((id) => !sources.includes(id)));
  }
}

function referenceReaches(from: number, to: number, dependencies: GraphDependency[]): boolean {
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === to) return true;
    for (const dependency of dependencies) {
      if (dependency.sourceTaskId === id && !seen.has(dependency.targetTaskId)) {
        seen.add(dependency.targetTaskId);
        stack.push(dependency.targetTaskId);
      }
    }
  }
  return false;
}

const isEdge = (dependencies: GraphDependency[], from: number, to: number) =>
  dependencies.some((dependency) => dependency.sourceTaskId === from && dependency.targetTaskId === to);

describe("executionPhases", () => {
  it("puts a chain one phase after another, and completed work pulls dependents forward", () => {
    const tasks = [
      { id: 1, completed: false },
      { id: 2, completed: false },
      { id: 3, completed: false },
      { id: 4, completed: false },
    ];
    const dependencies = [edge(1, 2), edge(2, 3), edge(1, 3)];
    expect(Object.fromEntries(executionPhases(tasks, dependencies))).toEqual({ 1: 1, 2: 2, 3: 3, 4: 1 });
    const afterFirst = tasks.map((task) => (task.id === 1 ? { ...task, completed: true } : task));
    expect(Object.fromEntries(executionPhases(afterFirst, dependencies))).toEqual({ 1: 1, 2: 1, 3: 2, 4: 1 });
  });

  it("agrees with the recursive definition on random graphs", () => {
    fc.assert(
      fc.property(randomDag, ({ tasks, dependencies }) => {
        const phases = executionPhases(tasks, dependencies);
        for (const task of tasks)
          expect(phases.get(task.id)).toBe(referencePhase(task.id, tasks, dependencies));
      }),
    );
  });

  it("groups by phase in ascending order, keeping the order of tasks inside a phase", () => {
    fc.assert(
      fc.property(randomDag, ({ tasks, dependencies }) => {
        const groups = groupByPhase(tasks, dependencies);
        expect(groups.flatMap((group) => group.tasks)).toHaveLength(tasks.length);
        const numbers = groups.map((group) => group.phase);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        for (const group of groups) {
          const positions = group.tasks.map((task) => tasks.indexOf(task));
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
        }
      }),
    );
  });

  it("still gives every task a phase when the input has a cycle", () => {
    const tasks = [1, 2, 3].map((id) => ({ id, completed: false }));
    const phases = executionPhases(tasks, [edge(2, 3), edge(3, 2)]);
    expect(Object.fromEntries(phases)).toEqual({ 1: 1, 2: 2, 3: 2 });
  });

  it("handles ids far apart, repeated ids and edges naming unknown tasks", () => {
    // Far-apart ids take the Map path of taskIndex; dense ones the array path.
    const tasks = [5, 1_000_000, 42, 5].map((id) => ({ id, completed: false }));
    const dependencies = [edge(5, 1_000_000), edge(1_000_000, 42), edge(7, 5), edge(42, 8)];
    expect(Object.fromEntries(executionPhases(tasks, dependencies))).toEqual({ 5: 1, 1000000: 2, 42: 3 });
    expect(findCycle([5, 1_000_000, 42], [...dependencies, edge(42, 5)])).toEqual([5, 1_000_000, 42, 5]);
    expect(findCycle([5, 1_000_000, 42], dependencies)).toBeNull();
    // A completed prerequisite holds nothing back, wherever its id lies.
    const done = tasks.map((task) => (task.id === 1_000_000 ? { ...task, completed: true } : task));
    expect(Object.fromEntries(executionPhases(done, dependencies))).toEqual({ 5: 1, 1000000: 2, 42: 1 });
  });

  it("labels phases as the view shows them", () => {
    expect(phaseLabel(1)).toBe("Can start immediately");
    expect(phaseLabel(2)).toBe("1 dependency level");
    expect(phaseLabel(3)).toBe("2 dependency levels");
  });
});

describe("unblockedTaskIds", () => {
  it("agrees with a direct reading of the unblocked rule on random graphs", () => {
    fc.assert(
      fc.property(randomDag, ({ tasks, dependencies, now }) => {
        const unblocked = unblockedTaskIds(tasks, dependencies, now);
        for (const task of tasks) {
          const prerequisitesDone = dependencies
            .filter((dependency) => dependency.targetTaskId === task.id)
            .every((dependency) => tasks.find((other) => other.id === dependency.sourceTaskId)?.completed);
          const awake = task.snoozeUntil === null || task.snoozeUntil <= now;
          const markedBlocked = task.status === "blocked";
          expect(unblocked.has(task.id)).toBe(
            !task.completed && !markedBlocked && awake && prerequisitesDone,
          );
        }
      }),
    );
  });

  it("treats a snooze ending exactly now as over", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const task = { id: 1, completed: false, snoozeUntil: now.toISOString(), status: "todo" };
    expect(unblockedTaskIds([task], [], now).has(1)).toBe(true);
  });
});

describe("findCycle", () => {
  it("finds a cycle exactly when the graph has one, and the cycle is real", () => {
    fc.assert(
      fc.property(randomGraph, ({ ids, dependencies }) => {
        const cycle = findCycle(ids, dependencies);
        expect(cycle === null).toBe(referenceIsAcyclic(ids, dependencies));
        if (cycle) {
          expect(cycle[0]).toBe(cycle[cycle.length - 1]);
          for (let index = 0; index + 1 < cycle.length; index++) {
            expect(isEdge(dependencies, cycle[index], cycle[index + 1])).toBe(true);
          }
        }
      }),
    );
  });

  it("handles a chain far longer than any recursion limit", () => {
    const ids = Array.from({ length: 100_000 }, (_, index) => index + 1);
    const chain = ids.slice(1).map((id) => edge(id - 1, id));
    expect(findCycle(ids, chain)).toBeNull();
    expect(findCycle(ids, [...chain, edge(100_000, 1)])).toHaveLength(100_001);
  });
});

describe("cycleClosedBy", () => {
  it("names the cycle a new dependency would close", () => {
    const dependencies = [edge(1, 2), edge(2, 3)];
    expect(cycleClosedBy([1, 2, 3], dependencies, 3, 1)).toEqual([3, 1, 2, 3]);
    expect(cycleClosedBy([1, 2, 3], dependencies, 1, 3)).toBeNull();
    expect(cycleClosedBy([1, 2, 3], dependencies, 2, 2)).toEqual([2, 2]);
  });

  it("refuses exactly the edges that would make a random DAG cyclic", () => {
    fc.assert(
      fc.property(randomDag, fc.nat(), fc.nat(), ({ tasks, dependencies }, a, b) => {
        if (tasks.length === 0) return;
        const prerequisite = tasks[a % tasks.length].id;
        const dependent = tasks[b % tasks.length].id;
        const ids = tasks.map((task) => task.id);
        const cycle = cycleClosedBy(ids, dependencies, prerequisite, dependent);
        const withEdge = [...dependencies, edge(prerequisite, dependent)];
        expect(cycle === null).toBe(referenceIsAcyclic(ids, withEdge));
        expect(cycle === null).toBe(
          prerequisite !== dependent && !referenceReaches(dependent, prerequisite, dependencies),
        );
        if (cycle) {
          expect(cycle[0]).toBe(prerequisite);
          expect(cycle[cycle.length - 1]).toBe(prerequisite);
          for (let index = 0; index + 1 < cycle.length; index++) {
            expect(isEdge(withEdge, cycle[index], cycle[index + 1])).toBe(true);
          }
        }
      }),
    );
  });
});
