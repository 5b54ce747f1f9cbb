// Constraints, deadlines, free float and drivers in the engine: each constraint type by hand, and a
// property over random typed plans against a slow reference written apart from the engine
// (relaxation until nothing moves, as engine.test.ts's).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONFLICT,
  CONSTRAINT_TYPES,
  type ConstraintType,
  DRIVER,
  type EngineConstraint,
} from "./constraints";
import { DEPENDENCY_TYPES, type DependencyType, type EngineTask, scheduleTasks } from "./engine";

const task = (
  id: number,
  duration: number,
  constraint: EngineConstraint | null = null,
  deadline: number | null = null,
): EngineTask => ({
  id,
  duration,
  mode: "auto",
  notBefore: null,
  manualStart: null,
  manualFinish: null,
  constraint,
  deadline,
});
const link = (sourceTaskId: number, targetTaskId: number, type: DependencyType = "FS", lag = 0) => ({
  sourceTaskId,
  targetTaskId,
  type,
  lag,
});

/** Each task's s, f, ls, lf, total float, free float, conflict and driver by id. */
function run(tasks: EngineTask[], dependencies: ReturnType<typeof link>[] = []) {
  const result = scheduleTasks(tasks, dependencies);
  return (id: number) => {
    const slot = result.slotOf(id);
    return {
      s: result.earlyStart[slot],
      f: result.earlyFinish[slot],
      ls: result.lateStart[slot],
      lf: result.lateFinish[slot],
      float: result.lateStart[slot] - result.earlyStart[slot],
      free: result.freeFloat[slot],
      conflict: result.conflict[slot],
      driver: result.driver[slot],
      by: result.drivingDependency[slot],
    };
  };
}

describe("constraint types", () => {
  // A (3 days) then B (2 days), FS; C (10 days) alone sets the finish at 10.
  const plan = (constraint: EngineConstraint | null, deadline: number | null = null) =>
    run([task(1, 3), task(2, 2, constraint, deadline), task(3, 10)], [link(1, 2)]);

  it("ASAP: as early as its links allow, float to the finish", () => {
    expect(plan(null)(2)).toMatchObject({ s: 3, f: 5, ls: 8, lf: 10, float: 5, free: 5, conflict: 0 });
  });

  it("SNET and FNET raise the early dates; a date the links already pass changes nothing", () => {
    expect(plan({ type: "SNET", day: 6 })(2)).toMatchObject({ s: 6, f: 8, driver: DRIVER.constraint });
    expect(plan({ type: "SNET", day: 1 })(2)).toMatchObject({ s: 3, driver: DRIVER.dependency, by: 0 });
    // Finishing no earlier than day 7 (its last day worked): it works days 6 and 7.
    expect(plan({ type: "FNET", day: 7 })(2)).toMatchObject({ s: 6, f: 8 });
  });

  it("SNLT and FNLT cap only the late dates: met, the float shrinks; missed, it goes negative", () => {
    expect(plan({ type: "SNLT", day: 4 })(2)).toMatchObject({ s: 3, ls: 4, float: 1, conflict: 0 });
    expect(plan({ type: "SNLT", day: 1 })(2)).toMatchObject({
      s: 3,
      ls: 1,
      float: -2,
      conflict: CONFLICT.startTooLate,
    });
    // The prerequisite is held back by it too.
    expect(plan({ type: "SNLT", day: 1 })(1)).toMatchObject({ s: 0, lf: 1, float: -2 });
    expect(plan({ type: "FNLT", day: 3 })(2)).toMatchObject({
      f: 5,
      lf: 4,
      float: -1,
      conflict: CONFLICT.finishTooLate,
    });
    expect(plan({ type: "FNLT", day: 8 })(2)).toMatchObject({ lf: 9, float: 4, conflict: 0 });
  });

  it("MSO and MFO pin the task on its date, and flag a link they break", () => {
    expect(plan({ type: "MSO", day: 7 })(2)).toMatchObject({ s: 7, f: 9, float: 0, conflict: 0 });
    expect(plan({ type: "MSO", day: 1 })(2)).toMatchObject({
      s: 1,
      f: 3,
      conflict: CONFLICT.pinnedAgainstLink,
      driver: DRIVER.constraint,
    });
    expect(plan({ type: "MFO", day: 6 })(2)).toMatchObject({ s: 5, f: 7, float: 0 });
  });

  it("ALAP: at its late dates, and the tasks after it follow", () => {
    const at = run(
      [task(1, 3), task(2, 2, { type: "ALAP", day: null }), task(3, 1), task(4, 10)],
      [link(1, 2), link(2, 3)],
    );
    expect(at(2)).toMatchObject({ s: 7, f: 9, ls: 7, float: 0, driver: DRIVER.constraint });
    expect(at(3)).toMatchObject({ s: 9, f: 10, float: 0 });
    // Its prerequisite keeps its early dates.
    expect(at(1)).toMatchObject({ s: 0, f: 3 });
  });

  it("a deadline never moves the task, caps its late finish and flags it when missed", () => {
    expect(plan(null, 6)(2)).toMatchObject({ s: 3, f: 5, lf: 7, float: 2, conflict: 0 });
    expect(plan(null, 3)(2)).toMatchObject({ s: 3, f: 5, lf: 4, float: -1, conflict: CONFLICT.pastDeadline });
  });

  it("names the link that drives a start, a tie going to the link", () => {
    const at = run([task(1, 2), task(2, 4), task(3, 1)], [link(1, 3), link(2, 3, "SS", 2)]);
    expect(at(3)).toMatchObject({ s: 2, driver: DRIVER.dependency });
    // Both give 2: the first found drives.
    expect([0, 1]).toContain(at(3).by);
    expect(at(1)).toMatchObject({ driver: DRIVER.projectStart, by: -1 });
  });

  it("gives free float as the slack to the nearest dependent", () => {
    // A (2) -> C, B (5) -> C: C starts at 5; A can slip 3 days, B none.
    const at = run([task(1, 2), task(2, 5), task(3, 1)], [link(1, 3), link(2, 3)]);
    expect(at(1)).toMatchObject({ free: 3, float: 3 });
    expect(at(2)).toMatchObject({ free: 0, float: 0 });
  });
});

// The property: random acyclic typed plans with constraints and deadlines, against the reference.

type RefTask = { duration: number; constraint: EngineConstraint | null; deadline: number | null };
type RefEdge = { from: number; to: number; type: DependencyType; lag: number };

const linkBound = (type: DependencyType, s: number, f: number, lag: number, length: number) =>
  ({ FS: f + lag, SS: s + lag, FF: f + lag - length, SF: s + lag - length })[type];

/** Early starts by relaxation from each task's base; `placed` tasks stand where given. */
function relaxForward(tasks: RefTask[], edges: RefEdge[], placed: Map<number, number>) {
  const length = tasks.map((t) => t.duration);
  const base = tasks.map((t) => {
    const c = t.constraint;
    let start = 0;
    if (c?.type === "SNET") start = Math.max(start, c.day as number);
    if (c?.type === "FNET") start = Math.max(start, (c.day as number) + 1 - t.duration);
    return start;
  });
  const s = [...base];
  for (const [index, at] of placed) s[index] = at;
  for (let changed = true, rounds = 0; changed; rounds++) {
    if (rounds > tasks.length + 1) throw new Error("does not settle");
    changed = false;
    for (const { from, to, type, lag } of edges) {
      if (placed.has(to)) continue;
      const bound = linkBound(type, s[from], s[from] + length[from], lag, length[to]);
      if (bound > s[to]) {
        s[to] = bound;
        changed = true;
      }
    }
  }
  return s;
}

function reference(tasks: RefTask[], edges: RefEdge[]) {
  const length = tasks.map((t) => t.duration);
  const pins = new Map<number, number>();
  tasks.forEach((t, index) => {
    if (t.constraint?.type === "MSO") pins.set(index, t.constraint.day as number);
    if (t.constraint?.type === "MFO") pins.set(index, (t.constraint.day as number) + 1 - t.duration);
  });
  let s = relaxForward(tasks, edges, pins);
  const finish = Math.max(...s.map((start, index) => start + length[index]));
  const cap = tasks.map((t) => {
    let latest = t.deadline === null ? Number.POSITIVE_INFINITY : t.deadline + 1;
    const c = t.constraint;
    if (c?.type === "SNLT" || c?.type === "MSO") latest = Math.min(latest, (c.day as number) + t.duration);
    if (c?.type === "FNLT" || c?.type === "MFO") latest = Math.min(latest, (c.day as number) + 1);
    return latest;
  });
  const lf = cap.map((latest) => Math.min(finish, latest));
  for (let changed = true, rounds = 0; changed; rounds++) {
    if (rounds > tasks.length + 1) throw new Error("does not settle");
    changed = false;
    for (const { from, to, type, lag } of edges) {
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
  const ls = lf.map((late, index) => late - length[index]);
  const alap = tasks.flatMap((t, index) => (t.constraint?.type === "ALAP" ? [index] : []));
  if (alap.length > 0) {
    const placed = new Map(pins);
    for (const index of alap) placed.set(index, Math.max(s[index], ls[index]));
    // An ALAP task's own links still hold it no earlier than they allow (its early start stands).
    s = relaxForward(tasks, edges, placed);
  }
  const f = s.map((start, index) => start + length[index]);
  const free = tasks.map((_, index) => {
    const out = edges.filter((edge) => edge.from === index);
    let least = out.length === 0 ? finish - f[index] : Number.POSITIVE_INFINITY;
    for (const { to, type, lag } of out) {
      const slack = {
        FS: s[to] - f[index] - lag,
        SS: s[to] - s[index] - lag,
        FF: f[to] - f[index] - lag,
        SF: f[to] - s[index] - lag,
      }[type];
      least = Math.min(least, slack);
    }
    const total = ls[index] - s[index];
    return total < 0 ? 0 : Math.min(Math.max(0, least), total);
  });
  const conflict = tasks.map((t, index) => {
    const c = t.constraint;
    if (pins.has(index)) {
      const wanted = relaxForward(tasks, edges, new Map([...pins].filter(([at]) => at !== index)))[index];
      const unpinned = Math.max(
        wanted,
        ...edges
          .filter((edge) => edge.to === index)
          .map((edge) => linkBound(edge.type, s[edge.from], f[edge.from], edge.lag, length[index])),
      );
      if (unpinned > pins.get(index)!) return CONFLICT.pinnedAgainstLink;
    } else if (c?.type === "SNLT" && s[index] > (c.day as number)) return CONFLICT.startTooLate;
    else if (c?.type === "FNLT" && f[index] > (c.day as number) + 1) return CONFLICT.finishTooLate;
    if (t.deadline !== null && f[index] > t.deadline + 1) return CONFLICT.pastDeadline;
    return CONFLICT.none;
  });
  return { s, f, ls, lf, free, conflict, finish };
}

describe("the engine with constraints and deadlines against a relaxation reference", () => {
  const MAX_TASKS = 20;
  const constraintArbitrary: fc.Arbitrary<EngineConstraint | null> = fc.option(
    fc
      .record({
        type: fc.constantFrom<ConstraintType>(...CONSTRAINT_TYPES),
        day: fc.integer({ min: 0, max: 30 }),
      })
      .map(({ type, day }) => ({ type, day: type === "ASAP" || type === "ALAP" ? null : day })),
    { nil: null, freq: 2 },
  );
  const taskArbitrary: fc.Arbitrary<RefTask> = fc.record({
    duration: fc.integer({ min: 0, max: 8 }),
    constraint: constraintArbitrary,
    deadline: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null, freq: 3 }),
  });
  const edgeArbitrary = fc.record({
    a: fc.nat(MAX_TASKS - 1),
    b: fc.nat(MAX_TASKS - 1),
    type: fc.constantFrom(...DEPENDENCY_TYPES),
    lag: fc.integer({ min: -3, max: 6 }),
  });

  it("agrees on every date, float, free float and conflict, and each driver explains its start", () => {
    fc.assert(
      fc.property(
        fc.array(taskArbitrary, { minLength: 1, maxLength: MAX_TASKS }),
        fc.array(edgeArbitrary, { maxLength: 40 }),
        (tasks, rawEdges) => {
          const count = tasks.length;
          const edges: RefEdge[] = rawEdges
            .map(({ a, b, type, lag }) => ({
              from: Math.min(a % count, b % count),
              to: Math.max(a % count, b % count),
              type,
              lag,
            }))
            .filter((edge) => edge.from !== edge.to);
          const idOf = (index: number) => 50 + 3 * index;
          const dependencies = edges.map(({ from, to, type, lag }) => link(idOf(from), idOf(to), type, lag));
          const result = scheduleTasks(
            tasks.map((t, index) => task(idOf(index), t.duration, t.constraint, t.deadline)),
            dependencies,
          );
          const expected = reference(tasks, edges);
          const mismatches: string[] = [];
          for (let index = 0; index < count; index++) {
            const slot = result.slotOf(idOf(index));
            const actual = [
              result.earlyStart[slot],
              result.earlyFinish[slot],
              result.lateStart[slot],
              result.lateFinish[slot],
              result.freeFloat[slot],
              result.conflict[slot],
            ];
            const wanted = [
              expected.s[index],
              expected.f[index],
              expected.ls[index],
              expected.lf[index],
              expected.free[index],
              expected.conflict[index],
            ];
            if (JSON.stringify(actual) !== JSON.stringify(wanted))
              mismatches.push(`task ${index} [s, f, ls, lf, free, conflict]: ${actual}, expected ${wanted}`);
            // The driver explains the start: a link's bound equals it, or the constraint, or day 0.
            const start = result.earlyStart[slot];
            const by = result.drivingDependency[slot];
            if (result.driver[slot] === DRIVER.dependency) {
              const { from, type, lag } = edges[by];
              const bound = linkBound(type, expected.s[from], expected.f[from], lag, tasks[index].duration);
              if (bound !== start || edges[by].to !== index)
                mismatches.push(`task ${index}: driven by link ${by}`);
            } else if (result.driver[slot] === DRIVER.projectStart && start !== 0)
              mismatches.push(`task ${index}: starts at ${start}, said to be the project's start`);
          }
          expect(mismatches).toEqual([]);
          expect(result.finish).toBe(expected.finish);
        },
      ),
      { numRuns: 400 },
    );
  });
});
