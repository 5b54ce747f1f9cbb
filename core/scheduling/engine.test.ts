import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEPENDENCY_TYPES,
  type DependencyType,
  type EngineDependency,
  type EngineTask,
  scheduleTasks,
} from "./engine";

const auto = (id: number, duration: number | null, notBefore: number | null = null): EngineTask => ({
  id,
  duration,
  mode: "auto",
  notBefore,
  manualStart: null,
  manualFinish: null,
});

const manual = (
  id: number,
  manualStart: number | null,
  manualFinish: number | null,
  duration: number | null = manualStart !== null && manualFinish !== null ? manualFinish - manualStart : 1,
): EngineTask => ({ id, duration, mode: "manual", notBefore: null, manualStart, manualFinish });

const dep = (sourceTaskId: number, targetTaskId: number, type: DependencyType = "FS", lag = 0) => ({
  sourceTaskId,
  targetTaskId,
  type,
  lag,
});

type Boundaries = { s: number; f: number; ls: number; lf: number; float: number };

/** Runs the engine and reads each scheduled task's boundaries by id (null when not scheduled). */
function schedule(tasks: EngineTask[], dependencies: EngineDependency[] = []) {
  const result = scheduleTasks(tasks, dependencies);
  const byId = new Map<number, Boundaries | null>();
  for (const task of tasks) {
    const slot = result.slotOf(task.id);
    byId.set(
      task.id,
      result.scheduled[slot]
        ? {
            s: result.earlyStart[slot],
            f: result.earlyFinish[slot],
            ls: result.lateStart[slot],
            lf: result.lateFinish[slot],
            float: result.lateStart[slot] - result.earlyStart[slot],
          }
        : null,
    );
  }
  const at = (id: number) => {
    const boundaries = byId.get(id);
    if (boundaries === undefined) throw new Error(`no task ${id}`);
    return boundaries;
  };
  /** The early boundaries [s, f] of a task. */
  const early = (id: number) => {
    const boundaries = at(id);
    return boundaries && [boundaries.s, boundaries.f];
  };
  return { result, finish: result.finish, at, early };
}

describe("scheduleTasks: dependency types", () => {
  // A runs 0..3 (3 days) unless said otherwise; B lasts 2 days.
  it("FS: the dependent starts when the prerequisite finishes, plus the lag", () => {
    expect(schedule([auto(1, 3), auto(2, 2)], [dep(1, 2, "FS", 0)]).early(2)).toEqual([3, 5]);
    expect(schedule([auto(1, 3), auto(2, 2)], [dep(1, 2, "FS", 2)]).early(2)).toEqual([5, 7]);
    // A lead of one day: B starts on A's last day.
    expect(schedule([auto(1, 3), auto(2, 2)], [dep(1, 2, "FS", -1)]).early(2)).toEqual([2, 4]);
    // A lead longer than A: no earlier than day 0.
    expect(schedule([auto(1, 3), auto(2, 2)], [dep(1, 2, "FS", -5)]).early(2)).toEqual([0, 2]);
  });

  it("SS: the dependent starts when the prerequisite starts, plus the lag", () => {
    // A starts on day 4 (not before 4).
    const tasks = () => [auto(1, 3, 4), auto(2, 2)];
    expect(schedule(tasks(), [dep(1, 2, "SS", 0)]).early(2)).toEqual([4, 6]);
    expect(schedule(tasks(), [dep(1, 2, "SS", 3)]).early(2)).toEqual([7, 9]);
    expect(schedule(tasks(), [dep(1, 2, "SS", -2)]).early(2)).toEqual([2, 4]);
  });

  it("FF: the dependent finishes when the prerequisite finishes, plus the lag", () => {
    const tasks = () => [auto(1, 3), auto(2, 2)];
    expect(schedule(tasks(), [dep(1, 2, "FF", 0)]).early(2)).toEqual([1, 3]);
    expect(schedule(tasks(), [dep(1, 2, "FF", 2)]).early(2)).toEqual([3, 5]);
    expect(schedule(tasks(), [dep(1, 2, "FF", -1)]).early(2)).toEqual([0, 2]);
    // f(B) >= 0 would let B start on day -2; day 0 comes first.
    expect(schedule(tasks(), [dep(1, 2, "FF", -3)]).early(2)).toEqual([0, 2]);
  });

  it("SF: the dependent finishes when the prerequisite starts, plus the lag", () => {
    const tasks = () => [auto(1, 3, 4), auto(2, 2)];
    expect(schedule(tasks(), [dep(1, 2, "SF", 0)]).early(2)).toEqual([2, 4]);
    expect(schedule(tasks(), [dep(1, 2, "SF", 3)]).early(2)).toEqual([5, 7]);
    expect(schedule(tasks(), [dep(1, 2, "SF", -1)]).early(2)).toEqual([1, 3]);
  });

  it("takes the latest of several prerequisites", () => {
    const { early } = schedule(
      [auto(1, 3), auto(2, 5), auto(3, 1, 6), auto(4, 2)],
      [dep(1, 4, "FS", 1), dep(2, 4, "FF", 0), dep(3, 4, "SS", 0)],
    );
    // FS: s >= 4; FF: f >= 5, s >= 3; SS: s >= 6.
    expect(early(4)).toEqual([6, 8]);
  });

  it("does not depend on the order of the tasks or of the dependencies", () => {
    const tasks = [auto(1, 3), auto(2, 2), auto(3, 4), auto(4, 1)];
    const dependencies = [dep(1, 2), dep(2, 3, "SS", 1), dep(3, 4, "FF", 2), dep(1, 4)];
    const forward = schedule(tasks, dependencies);
    const backward = schedule([...tasks].reverse(), [...dependencies].reverse());
    for (const id of [1, 2, 3, 4]) expect(backward.at(id)).toEqual(forward.at(id));
    expect(forward.early(4)).toEqual([9, 10]);
  });
});

describe("scheduleTasks: tasks", () => {
  it("schedules a milestone as a zero-length task between its neighbours", () => {
    const { early, at } = schedule([auto(1, 3), auto(2, 0), auto(3, 2)], [dep(1, 2), dep(2, 3)]);
    expect(early(2)).toEqual([3, 3]);
    expect(early(3)).toEqual([3, 5]);
    expect(at(2)).toMatchObject({ ls: 3, lf: 3, float: 0 });
  });

  it("starts an auto task no earlier than its notBefore", () => {
    expect(schedule([auto(1, 2, 5)]).early(1)).toEqual([5, 7]);
    // A dependency later than notBefore wins.
    expect(schedule([auto(1, 6), auto(2, 2, 5)], [dep(1, 2)]).early(2)).toEqual([6, 8]);
    // notBefore later than the dependency wins.
    expect(schedule([auto(1, 3), auto(2, 2, 5)], [dep(1, 2)]).early(2)).toEqual([5, 7]);
    // A notBefore before day 0 changes nothing.
    expect(schedule([auto(1, 2, -3)]).early(1)).toEqual([0, 2]);
  });

  it("keeps a manual task's own boundaries, and it still drives its dependents", () => {
    const { early } = schedule([manual(1, 10, 13), auto(2, 2)], [dep(1, 2)]);
    expect(early(1)).toEqual([10, 13]);
    expect(early(2)).toEqual([13, 15]);
    // A manual task before day 0 drives no auto task before day 0.
    expect(schedule([manual(1, -4, -2), auto(2, 2)], [dep(1, 2)]).early(2)).toEqual([0, 2]);
  });

  it("does not move a manual task for its prerequisites, which then have negative float", () => {
    const { at, finish } = schedule([auto(1, 5), manual(2, 2, 4)], [dep(1, 2)]);
    expect(at(2)).toEqual({ s: 2, f: 4, ls: 3, lf: 5, float: 1 });
    // A must finish by the manual task's late start, day 3: two days late.
    expect(at(1)).toEqual({ s: 0, f: 5, ls: -2, lf: 3, float: -2 });
    expect(finish).toBe(5);
  });

  it("takes a manual task's length from its boundaries, not its duration", () => {
    expect(schedule([manual(1, 2, 6, 1)]).at(1)).toMatchObject({ s: 2, f: 6 });
  });

  it("completes a manual task lacking a date from its duration, and leaves one without dates out", () => {
    expect(schedule([manual(1, 4, null, 3)]).early(1)).toEqual([4, 7]);
    expect(schedule([manual(1, null, 9, 3)]).early(1)).toEqual([6, 9]);
    const { at, finish } = schedule([manual(1, null, null, 3), auto(2, 2)], [dep(1, 2)]);
    expect(at(1)).toBeNull();
    expect(at(2)).toMatchObject({ s: 0, f: 2 });
    expect(finish).toBe(2);
  });

  it("ignores a task with no duration and its dependencies, in the middle of a chain", () => {
    const { at, early, finish } = schedule([auto(1, 3), auto(2, null), auto(3, 2)], [dep(1, 2), dep(2, 3)]);
    expect(at(2)).toBeNull();
    expect(early(3)).toEqual([0, 2]);
    expect(at(1)).toMatchObject({ ls: 0, lf: 3, float: 0 });
    expect(at(3)).toMatchObject({ ls: 1, lf: 3, float: 1 });
    expect(finish).toBe(3);
  });

  it("ignores a dependency on an unknown task or on the task itself", () => {
    const { early } = schedule(
      [auto(1, 3), auto(2, 2)],
      [dep(99, 2), dep(2, 2, "FS", 5), dep(1, 2, "SS", 1)],
    );
    expect(early(2)).toEqual([1, 3]);
  });

  it("schedules the tasks of a cycle from the prerequisites outside it", () => {
    // The API refuses cycles; the engine still ends, with B after A.
    const { early } = schedule([auto(1, 2), auto(2, 3), auto(3, 1)], [dep(1, 2), dep(2, 3), dep(3, 2)]);
    expect(early(2)).toEqual([2, 5]);
    expect(early(3)).toEqual([5, 6]);
  });
});

describe("scheduleTasks: late dates, float and the project's finish", () => {
  it("gives a side branch its float", () => {
    // A (3) then B (4) and C (1) side by side, then D (2).
    const { at, finish } = schedule(
      [auto(1, 3), auto(2, 4), auto(3, 1), auto(4, 2)],
      [dep(1, 2), dep(1, 3), dep(2, 4), dep(3, 4)],
    );
    expect(finish).toBe(9);
    expect(at(1)).toEqual({ s: 0, f: 3, ls: 0, lf: 3, float: 0 });
    expect(at(2)).toEqual({ s: 3, f: 7, ls: 3, lf: 7, float: 0 });
    expect(at(3)).toEqual({ s: 3, f: 4, ls: 6, lf: 7, float: 3 });
    expect(at(4)).toEqual({ s: 7, f: 9, ls: 7, lf: 9, float: 0 });
  });

  it("gives an unconnected task the float up to the project's finish", () => {
    const { at } = schedule([auto(1, 8), auto(2, 3, 2)]);
    expect(at(2)).toEqual({ s: 2, f: 5, ls: 5, lf: 8, float: 3 });
  });

  it("takes each type's late bound from the dependent", () => {
    // B is on the critical path (0..3 then C 3..9); A (2 days) drives B with each type.
    const late = (type: DependencyType, lag: number) =>
      schedule([auto(1, 2), auto(2, 3), auto(3, 6)], [dep(1, 2, type, lag), dep(2, 3)]).at(1);
    // B's late boundaries are 0..3 (when A lets B start at 0) and the finish is 9.
    expect(late("FS", -2)).toMatchObject({ lf: 2 }); // LS(B) - L = 0 + 2
    expect(late("SS", 0)).toMatchObject({ lf: 2 }); // LS(B) - L + dur = 0 + 2
    expect(late("FF", 1)).toMatchObject({ lf: 2 }); // LF(B) - L = 3 - 1
    expect(late("SF", 3)).toMatchObject({ lf: 2 }); // LF(B) - L + dur = 3 - 3 + 2
  });

  it("finishes at the largest finish, which need not end a chain", () => {
    expect(schedule([auto(1, 2), auto(2, 9), auto(3, 1)], [dep(1, 3)]).finish).toBe(9);
  });

  it("has no finish without a scheduled task", () => {
    expect(schedule([]).finish).toBeNull();
    expect(schedule([auto(1, null)]).finish).toBeNull();
  });

  it("answers -1 for the slot of an unknown id", () => {
    expect(scheduleTasks([auto(5, 1)], []).slotOf(6)).toBe(-1);
  });
});

// The property: random DAGs against a small reference, relaxing the constraints until they hold.

type RefTask = {
  duration: number | null;
  manual: boolean;
  manualStart: number;
  manualLength: number;
  notBefore: number | null;
};
type RefEdge = { from: number; to: number; type: DependencyType; lag: number };

/** Early and late boundaries by repeated relaxation (Bellman-Ford style), indexes as given. */
function reference(tasks: RefTask[], edges: RefEdge[]) {
  const count = tasks.length;
  const on = tasks.map((task) => task.duration !== null);
  const length = tasks.map((task) => (task.manual ? task.manualLength : (task.duration ?? 0)));
  const s = tasks.map((task) => (task.manual ? task.manualStart : Math.max(0, task.notBefore ?? 0)));
  const live = edges.filter((edge) => on[edge.from] && on[edge.to]);
  for (let changed = true, rounds = 0; changed; rounds++) {
    if (rounds > count + 1) throw new Error("the forward relaxation does not settle");
    changed = false;
    for (const { from, to, type, lag } of live) {
      if (tasks[to].manual) continue;
      const bound = {
        FS: s[from] + length[from] + lag,
        SS: s[from] + lag,
        FF: s[from] + length[from] + lag - length[to],
        SF: s[from] + lag - length[to],
      }[type];
      if (bound > s[to]) {
        s[to] = bound;
        changed = true;
      }
    }
  }
  const f = s.map((start, at) => start + length[at]);
  const finishes = f.filter((_, at) => on[at]);
  const finish = finishes.length ? Math.max(...finishes) : null;
  const lf = tasks.map(() => finish ?? 0);
  for (let changed = true, rounds = 0; changed; rounds++) {
    if (rounds > count + 1) throw new Error("the backward relaxation does not settle");
    changed = false;
    for (const { from, to, type, lag } of live) {
      // MS Project carries no late date back through a start-based link between manual tasks.
      if ((type === "SS" || type === "SF") && tasks[from].manual && tasks[to].manual) continue;
      const ls = lf[to] - length[to];
      const bound = {
        FS: ls - lag,
        SS: ls - lag + length[from],
        FF: lf[to] - lag,
        SF: lf[to] - lag + length[from],
      }[type];
      if (bound < lf[from]) {
        lf[from] = bound;
        changed = true;
      }
    }
  }
  return { on, s, f, ls: lf.map((late, at) => late - length[at]), lf, finish };
}

describe("scheduleTasks against a relaxation reference", () => {
  const MAX_TASKS = 30;
  const taskArbitrary: fc.Arbitrary<RefTask> = fc.record({
    duration: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null, freq: 6 }),
    manual: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    manualStart: fc.integer({ min: -5, max: 30 }),
    manualLength: fc.integer({ min: 0, max: 10 }),
    notBefore: fc.option(fc.integer({ min: -3, max: 25 }), { nil: null, freq: 3 }),
  });
  const edgeArbitrary = fc.record({
    a: fc.nat(MAX_TASKS - 1),
    b: fc.nat(MAX_TASKS - 1),
    type: fc.constantFrom(...DEPENDENCY_TYPES),
    lag: fc.integer({ min: -5, max: 10 }),
  });

  it("agrees on every early and late boundary and the project's finish", () => {
    fc.assert(
      fc.property(
        fc.array(taskArbitrary, { minLength: 1, maxLength: MAX_TASKS }),
        fc.array(edgeArbitrary, { maxLength: 60 }),
        // Sort keys shuffling the tasks, so the engine finds the order itself.
        fc.array(fc.integer(), { minLength: MAX_TASKS, maxLength: MAX_TASKS }),
        (tasks, rawEdges, keys) => {
          const count = tasks.length;
          // Edges from a lower index to a higher one only: acyclic (parallel edges allowed).
          const edges: RefEdge[] = rawEdges
            .map(({ a, b, type, lag }) => ({
              from: Math.min(a % count, b % count),
              to: Math.max(a % count, b % count),
              type,
              lag,
            }))
            .filter((edge) => edge.from !== edge.to);
          const idOf = (index: number) => 100 + 7 * index;
          const engineTasks: EngineTask[] = tasks.map((task, index) =>
            task.manual
              ? {
                  id: idOf(index),
                  duration: task.duration,
                  mode: "manual",
                  notBefore: task.notBefore,
                  manualStart: task.manualStart,
                  manualFinish: task.manualStart + task.manualLength,
                }
              : {
                  id: idOf(index),
                  duration: task.duration,
                  mode: "auto",
                  notBefore: task.notBefore,
                  manualStart: null,
                  manualFinish: null,
                },
          );
          const shuffled = engineTasks
            .map((task, index) => ({ task, key: keys[index] }))
            .sort((x, y) => x.key - y.key)
            .map(({ task }) => task);
          const result = scheduleTasks(
            shuffled,
            edges.map(({ from, to, type, lag }) => ({
              sourceTaskId: idOf(from),
              targetTaskId: idOf(to),
              type,
              lag,
            })),
          );
          const expected = reference(tasks, edges);

          const mismatches: string[] = [];
          for (let index = 0; index < count; index++) {
            const slot = result.slotOf(idOf(index));
            const actual = result.scheduled[slot]
              ? [
                  result.earlyStart[slot],
                  result.earlyFinish[slot],
                  result.lateStart[slot],
                  result.lateFinish[slot],
                ]
              : null;
            const wanted = expected.on[index]
              ? [expected.s[index], expected.f[index], expected.ls[index], expected.lf[index]]
              : null;
            if (JSON.stringify(actual) !== JSON.stringify(wanted)) {
              mismatches.push(
                `task ${index} [s, f, ls, lf]: ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`,
              );
            }
          }
          expect(mismatches).toEqual([]);
          expect(result.finish).toBe(expected.finish);
        },
      ),
      { numRuns: 300 },
    );
  });
});
