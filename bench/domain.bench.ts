// Domain benchmark (docs/performance.md): unblocked tasks, execution phases, cycle detection, the
// critical path, the layout's dependency levels and the scheduling engine on N tasks with 2 N
// dependencies (typed, with lags and leads) and on 2 N with 4 N; the engine also on the same plan
// with one task in ten a summary, nested three deep (bench/outline-plan.ts), so that links into and
// from summaries are held through its gates, under the same 150 ms; and on the plan with
// constraints of the eight types and deadlines on a tenth of its tasks, under the same 150 ms.
//
// Full mode (N = 100,000) times them: the budget is linear scaling, the time at 2 N within 2.3 x the
// time at N, and for scheduling also at most 150 ms at N. Quick mode (N = 5,000, what CI runs) never times anything: it counts, for each
// algorithm at N and at 2 N, how many times it reads its input (every task and dependency is behind
// a counting Proxy) and how much code of core/ it executes (V8 block coverage; bench/operation-count.ts),
// and fails when either count grows more than 2.3 x from N to 2 N (a nested loop over the tasks
// makes it 4 x), or on a wrong answer. Counts are the same on a busy machine, so that verdict cannot
// change by chance; a second run at N must count the same, and a control with a nested loop on
// purpose must fail the check, else the counting is broken.
//   npx tsx bench/domain.bench.ts [--quick]
// Results: test-results/domain.bench.json.

import v8 from "node:v8";
import vm from "node:vm";
import type { GraphDependency } from "@core/graph/dependency-graph";
import type { ProjectCalendar } from "@core/scheduling/calendar";
import { CONSTRAINT_TYPES } from "@core/scheduling/constraints";
import type { DependencyType } from "@core/scheduling/engine";
import type { SchedulingTaskInput } from "@core/scheduling/project-schedule";
import { counted, startOperationCount } from "./operation-count";
import { outlineLevels } from "./outline-plan";
import { machine, printTable, writeReport } from "./report";
import { random } from "./seed";
import { quick, sizeSetting } from "./settings";
import { median, round } from "./timing";

const base = sizeSetting(5_000, 100_000);
const repeats = 7;
/** Full mode: time at 2 N over time at N. Quick mode: reads and operations at 2 N over those at N. */
const BUDGET_RATIO = 2.3;
/** Full mode: the scheduling engine's time at N = 100,000 (docs/performance.md). */
const SCHEDULING_BUDGET_MS = 150;
/** What working out each start's driver may add to the schedule: 20 %. */
const DRIVERS_FACTOR = 1.2;
/** DRIVER.dependency (core/scheduling/constraints.ts). */
const DRIVER_BY_LINK = 1;
/** The control's sizes: its nested loop makes N x 2 N reads, so it stays small. */
const CONTROL_SIZE = 200;

type BenchTask = SchedulingTaskInput & {
  parentId: number | null;
  completed: boolean;
  status: string;
  snoozeUntil: string | null;
  startDate: string | null;
  dueDate: string | null;
};
type BenchDependency = GraphDependency & { id: number; type: DependencyType; lag: number };

/** Mon-Fri with ten holidays a year for ten years, from the plan's start. */
const CALENDAR: ProjectCalendar = {
  startDate: "2026-03-02",
  workingDays: [1, 2, 3, 4, 5],
  holidays: Array.from({ length: 10 }, (_, year) =>
    ["01-01", "01-19", "02-16", "05-25", "07-03", "09-07", "10-12", "11-11", "11-26", "12-25"].map(
      (day) => `${2026 + year}-${day}`,
    ),
  ).flat(),
};
const TYPES: DependencyType[] = ["FS", "FS", "FS", "FS", "FS", "FS", "FS", "SS", "FF", "SF"];

/**
 * A layered DAG like bench/seed.ts's, in memory: about 0.8 x sqrt(N) levels, 2 N dependencies;
 * `outlined`: one task in ten a summary over the next nine of its level (bench/outline-plan.ts);
 * `constrained`: one auto task in ten with a constraint of any of the eight types, one in ten
 * with a deadline.
 */
function plan(count: number, outlined = false, constrained = false) {
  const next = random(count);
  const levels = Math.max(2, Math.round(0.8 * Math.sqrt(count)));
  const perLevel = Math.ceil(count / levels);
  const tasks: BenchTask[] = [];
  for (let index = 0; index < count; index++) {
    const level = Math.floor(index / perLevel);
    const day = 1 + (level % 28);
    // Scheduling inputs like a real plan's: durations of 0 (milestones) to 10 days, one task in
    // twenty without a duration, one in ten manual, one in twenty with a start-no-earlier-than.
    const shape = next();
    tasks.push({
      id: index + 1,
      parentId: null,
      completed: next() < 0.2,
      status: "not-started",
      snoozeUntil: null,
      startDate: `2026-03-${String(day).padStart(2, "0")}`,
      dueDate: `2026-04-${String(day).padStart(2, "0")}`,
      duration: shape < 0.05 ? null : Math.floor(next() * 11),
      schedulingMode: shape > 0.9 ? "manual" : "auto",
      startNoEarlierThan: shape > 0.85 && shape <= 0.9 ? `2026-0${4 + (level % 6)}-15` : null,
    });
  }
  const dependencies: BenchDependency[] = [];
  const seen = new Set<number>();
  const inLevel = (level: number) => {
    const first = level * perLevel;
    return first + Math.floor(next() * Math.min(perLevel, count - first));
  };
  while (dependencies.length < 2 * count) {
    const target = perLevel + Math.floor(next() * (count - perLevel));
    const source = inLevel(Math.floor(target / perLevel) - 1);
    const key = source * count + target;
    if (seen.has(key)) continue;
    seen.add(key);
    dependencies.push({
      id: dependencies.length + 1,
      sourceTaskId: source + 1,
      targetTaskId: target + 1,
      type: TYPES[Math.floor(next() * TYPES.length)],
      lag: next() < 0.7 ? 0 : Math.floor(next() * 8) - 3,
    });
  }
  const summaries = outlined ? outlineLevels(tasks, perLevel) : 0;
  if (constrained)
    for (const [index, task] of tasks.entries()) {
      if (task.schedulingMode !== "auto" || task.startNoEarlierThan) continue;
      const level = Math.floor(index / perLevel);
      const date = `2026-0${3 + (level % 7)}-${String(1 + (index % 28)).padStart(2, "0")}`;
      if (next() < 0.1) {
        task.constraintType = CONSTRAINT_TYPES[Math.floor(next() * CONSTRAINT_TYPES.length)];
        task.constraintDate = date;
      }
      if (next() < 0.1) task.deadline = date;
    }
  return { tasks, dependencies, levels, summaries };
}
type Graph = ReturnType<typeof plan>;

/**
 * The algorithms, imported when called: quick mode starts counting first, since a function
 * compiled before the counting starts would not be counted.
 */
async function algorithms(now: Date) {
  const [
    { unblockedTaskIds },
    { executionPhases },
    { findCycle },
    { criticalPath },
    { dependencyLevels },
    { scheduleProject },
  ] = await Promise.all([
    import("@core/graph/unblocked"),
    import("@core/graph/phases"),
    import("@core/graph/cycles"),
    import("@core/graph/critical-path"),
    import("@core/graph/levels"),
    import("@core/scheduling/project-schedule"),
  ]);
  const list: {
    name: string;
    /** Full mode reports its time but holds it to no time budget (no figure from a quiet machine yet). */
    timeReportedOnly?: boolean;
    /** Full mode: the most milliseconds it may take at N = 100,000. */
    budgetMs?: number;
    /** Runs on the plan with summaries (`plan(count, true)`). */
    outlined?: boolean;
    /** Runs on the plan with constraints and deadlines (`plan(count, false, true)`). */
    constrained?: boolean;
    /** Held to at most `factor` times the time at N of the row `name` (measured in the same run). */
    relativeTo?: { name: string; factor: number };
    run: (graph: Graph) => unknown;
    check: (result: unknown, graph: Graph) => string | null;
  }[] = [
    {
      name: "unblocked",
      run: (graph) => unblockedTaskIds(graph.tasks, graph.dependencies, now),
      check: (result) => ((result as Set<number>).size > 0 ? null : "no unblocked task"),
    },
    {
      name: "phases",
      run: (graph) => executionPhases(graph.tasks, graph.dependencies),
      check: (result, graph) =>
        (result as Map<number, number>).size === graph.tasks.length ? null : "tasks without a phase",
    },
    {
      name: "cycle detection",
      run: (graph) =>
        findCycle(
          graph.tasks.map((task) => task.id),
          graph.dependencies,
        ),
      check: (result) => (result === null ? null : "a cycle in a DAG"),
    },
    {
      name: "critical path",
      run: (graph) => criticalPath(graph.tasks, graph.dependencies),
      check: (result, graph) =>
        // Dependencies only go to the next level, so a chain has at most one task per level.
        (result as { taskIds: number[] }).taskIds.length > 1 &&
        (result as { taskIds: number[] }).taskIds.length <= graph.levels
          ? null
          : "critical path longer than the levels or trivial",
    },
    {
      name: "layout levels",
      timeReportedOnly: true,
      run: (graph) =>
        dependencyLevels(
          graph.tasks.map((task) => task.id),
          graph.dependencies,
        ),
      check: (result, graph) => {
        const { level, order } = result as { level: Map<number, number>; order: number[] };
        if (level.size !== graph.tasks.length || order.length !== graph.tasks.length)
          return "tasks without a level";
        let deepest = 0;
        for (const value of level.values()) deepest = Math.max(deepest, value);
        return deepest < graph.levels ? null : "more levels than the plan has";
      },
    },
    {
      // Scheduling at scale: the server's and the client's whole computation: calendar, both passes, dates out.
      name: "scheduling",
      budgetMs: SCHEDULING_BUDGET_MS,
      run: (graph) => scheduleProject(CALENDAR, graph.tasks, graph.dependencies),
      check: (result, graph) => {
        const { tasks, finish } = result as ReturnType<typeof scheduleProject>;
        let scheduled = 0;
        for (const schedule of tasks.values()) if (schedule) scheduled++;
        // One task in twenty has no duration; every other is scheduled, and something finishes.
        return finish !== null && tasks.size === graph.tasks.length && scheduled > 0.9 * graph.tasks.length
          ? null
          : `scheduled ${scheduled} of ${graph.tasks.length}, finish ${finish}`;
      },
    },
    {
      // The same with summaries: the gates and roll-ups add slots and edges, never a copy of a
      // summary's links per task below it; held to the same budget.
      name: "scheduling, 1 task in 10 a summary",
      outlined: true,
      budgetMs: SCHEDULING_BUDGET_MS,
      run: (graph) => scheduleProject(CALENDAR, graph.tasks, graph.dependencies),
      check: (result, graph) => {
        const { tasks, finish, result: engine } = result as ReturnType<typeof scheduleProject>;
        let summaries = 0;
        for (let slot = 0; slot < engine.summary.length; slot++) summaries += engine.summary[slot];
        if (graph.summaries < graph.tasks.length / 12 || summaries !== graph.summaries)
          return `${summaries} summaries scheduled as such, ${graph.summaries} in the plan`;
        // Every scheduled task lies within its summary's roll-up.
        for (const task of graph.tasks) {
          const own = tasks.get(task.id);
          if (task.parentId === null || !own) continue;
          const above = tasks.get(task.parentId);
          if (!above || own.start < above.start || own.finish > above.finish)
            return `task ${task.id} (${own.start}..${own.finish}) outside its summary ${task.parentId}`;
        }
        return finish !== null && tasks.size === graph.tasks.length ? null : `finish ${finish}`;
      },
    },
    {
      // The eight constraint types and deadlines on a tenth of the tasks each: a second forward
      // pass for ALAP, free float and each start's driver, held to the same budget.
      name: "scheduling, constraints and deadlines on 1 in 10",
      constrained: true,
      budgetMs: SCHEDULING_BUDGET_MS,
      run: (graph) => scheduleProject(CALENDAR, graph.tasks, graph.dependencies),
      check: (result, graph) => {
        const { tasks, result: engine } = result as ReturnType<typeof scheduleProject>;
        let negative = 0;
        let conflicts = 0;
        for (let slot = 0; slot < engine.ids.length; slot++) {
          if (!engine.scheduled[slot]) continue;
          if (engine.lateStart[slot] < engine.earlyStart[slot]) negative++;
          if (engine.conflict[slot]) conflicts++;
          if (engine.freeFloat[slot] < 0) return `task ${engine.ids[slot]} with negative free float`;
        }
        // Deadlines and finish-no-later-thans early in the plan are missed by the tasks after them.
        if (negative === 0 || conflicts === 0) return `${negative} tasks late, ${conflicts} in conflict`;
        return tasks.size === graph.tasks.length ? null : "tasks missing";
      },
    },
    {
      // The same, and what drives each start (drivers.ts, worked out from the final dates when
      // first read): at most 20 % more than the schedule alone, measured in the same run.
      name: "scheduling with constraints, each start's driver",
      constrained: true,
      budgetMs: SCHEDULING_BUDGET_MS * DRIVERS_FACTOR,
      relativeTo: { name: "scheduling, constraints and deadlines on 1 in 10", factor: DRIVERS_FACTOR },
      run: (graph) => {
        const schedule = scheduleProject(CALENDAR, graph.tasks, graph.dependencies);
        return { schedule, driver: schedule.result.driver };
      },
      check: (result) => {
        const { driver } = result as { driver: Uint8Array };
        return driver.includes(DRIVER_BY_LINK) ? null : "no start driven by a link";
      },
    },
    {
      // What an answer carries: each task's schedule also with its free float, drivenBy and its
      // conflict in words (schedule-explanation.ts). Linear; its time is reported.
      name: "scheduling with constraints, answers explained",
      constrained: true,
      timeReportedOnly: true,
      run: (graph) => scheduleProject(CALENDAR, graph.tasks, graph.dependencies, { explain: true }),
      check: (result) => {
        const { tasks } = result as ReturnType<typeof scheduleProject>;
        let byLinks = 0;
        for (const [id, schedule] of tasks) {
          if (!schedule) continue;
          if (!schedule.drivenBy || schedule.freeFloat === undefined) return `task ${id} unexplained`;
          if (schedule.drivenBy.kind === "dependency") byLinks++;
        }
        return byLinks > 0 ? null : "no start driven by a link";
      },
    },
  ];
  // Not an algorithm of the app: a nested loop on purpose (every task against every dependency),
  // which the quick mode's counts must catch.
  const control = {
    name: "control: nested loop (must be caught)",
    run: (graph: Graph) => graph.tasks.map((task) => unblockedTaskIds([task], graph.dependencies, now).size),
  };
  return { list, control };
}

/** Quick mode: counts reads and operations at N and 2 N, and judges on those alone. */
async function countScaling() {
  const counter = await startOperationCount(new URL("../core/", import.meta.url).href);
  const { list, control } = await algorithms(new Date("2026-03-15T00:00:00Z"));
  const problems: string[] = [];
  const rows: Record<string, string | number>[] = [];
  const countPair = async (
    name: string,
    run: (graph: Graph) => unknown,
    size: number,
    outlined = false,
    constrained = false,
  ) => {
    const [small, large] = [plan(size, outlined, constrained), plan(2 * size, outlined, constrained)].map(
      (graph) => ({
        graph,
        view: { ...graph, tasks: counted(graph.tasks), dependencies: counted(graph.dependencies) },
      }),
    );
    const atN = { graph: small.graph, ...(await counter.count(() => run(small.view))) };
    const at2N = { graph: large.graph, ...(await counter.count(() => run(large.view))) };
    // N once more, after 2 N: the counts must not depend on what ran before (nor on anything else).
    const again = await counter.count(() => run(small.view));
    if (again.reads !== atN.reads || again.operations !== atN.operations)
      problems.push(
        `${name}: two runs at N counted ${atN.reads} and ${again.reads} reads, ${atN.operations} and ${again.operations} operations: counting is not deterministic`,
      );
    const readRatio = at2N.reads / atN.reads;
    const operationRatio = at2N.operations / atN.operations;
    return { atN, at2N, readRatio, operationRatio };
  };
  const row = (
    name: string,
    size: number,
    counts: Awaited<ReturnType<typeof countPair>>,
    verdict: string,
  ) => ({
    algorithm: name,
    N: size,
    "reads at N": counts.atN.reads,
    "reads at 2N": counts.at2N.reads,
    "reads 2N / N": counts.readRatio.toFixed(2),
    "operations at N": counts.atN.operations,
    "operations at 2N": counts.at2N.operations,
    "operations 2N / N": counts.operationRatio.toFixed(2),
    verdict,
  });
  for (const algorithm of list) {
    const before = problems.length;
    const counts = await countPair(
      algorithm.name,
      algorithm.run,
      base,
      algorithm.outlined,
      algorithm.constrained,
    );
    for (const { graph, result } of [counts.atN, counts.at2N]) {
      const problem = algorithm.check(result, graph);
      if (problem) problems.push(`${algorithm.name} at ${graph.tasks.length}: ${problem}`);
    }
    if (!(counts.atN.reads > 0 && counts.atN.operations > 0))
      problems.push(
        `${algorithm.name}: nothing counted (reads ${counts.atN.reads}, operations ${counts.atN.operations})`,
      );
    if (!(counts.readRatio <= BUDGET_RATIO))
      problems.push(`${algorithm.name}: input reads 2N / N = ${round(counts.readRatio)} > ${BUDGET_RATIO}`);
    if (!(counts.operationRatio <= BUDGET_RATIO))
      problems.push(
        `${algorithm.name}: operations 2N / N = ${round(counts.operationRatio)} > ${BUDGET_RATIO}`,
      );
    rows.push(row(algorithm.name, base, counts, problems.length === before ? "linear" : "FAILED"));
  }
  const check = await countPair(control.name, control.run, CONTROL_SIZE);
  const caught = check.readRatio > BUDGET_RATIO && check.operationRatio > BUDGET_RATIO;
  if (!caught)
    problems.push(
      `the counts missed the control's nested loop (reads ${round(check.readRatio)}, operations ${round(check.operationRatio)}): counting is broken`,
    );
  rows.push(row(control.name, CONTROL_SIZE, check, caught ? "caught, as it must be" : "MISSED"));
  await counter.stop();
  return { rows, problems };
}

/** Full mode: times N and 2 N alternately, so a noisy moment of the machine hits both sizes alike. */
async function timeScaling() {
  // A collection before each sample, outside the timing, so one run's garbage is not billed to the
  // next (the 2 N runs came after the N runs and paid for their garbage).
  v8.setFlagsFromString("--expose-gc");
  const collectGarbage = vm.runInNewContext("gc") as () => void;
  const timePair = (atN: () => unknown, at2N: () => unknown) => {
    const samples: [number[], number[]] = [[], []];
    const results: [unknown, unknown] = [undefined, undefined];
    for (let index = 0; index < repeats; index++) {
      for (const [slot, operation] of [atN, at2N].entries()) {
        collectGarbage();
        const begin = performance.now();
        results[slot] = operation();
        samples[slot].push(performance.now() - begin);
      }
    }
    return [
      { ms: median(samples[0]), result: results[0] },
      { ms: median(samples[1]), result: results[1] },
    ] as const;
  };
  const { list } = await algorithms(new Date("2026-03-15T00:00:00Z"));
  const plans = [plan(base), plan(2 * base)];
  const outlinedPlans = list.some((algorithm) => algorithm.outlined)
    ? [plan(base, true), plan(2 * base, true)]
    : plans;
  const constrainedPlans = list.some((algorithm) => algorithm.constrained)
    ? [plan(base, false, true), plan(2 * base, false, true)]
    : plans;
  const plansOf = (algorithm: (typeof list)[number]) =>
    algorithm.outlined ? outlinedPlans : algorithm.constrained ? constrainedPlans : plans;
  const rows: Record<string, string | number>[] = [];
  const problems: string[] = [];
  const timesAtN = new Map<string, number>();
  // Warm up the JIT on the small graph so the first measurement is not the compiler's.
  for (const algorithm of list) algorithm.run(plansOf(algorithm)[0]);
  for (const algorithm of list) {
    const [small, large] = plansOf(algorithm);
    const [atN, at2N] = timePair(
      () => algorithm.run(small),
      () => algorithm.run(large),
    );
    for (const [graph, measured] of [
      [small, atN],
      [large, at2N],
    ] as const) {
      const problem = algorithm.check(measured.result, graph);
      if (problem) problems.push(`${algorithm.name} at ${graph.tasks.length}: ${problem}`);
    }
    const ratio = at2N.ms / atN.ms;
    const held = !algorithm.timeReportedOnly;
    if (held && ratio > BUDGET_RATIO)
      problems.push(`${algorithm.name}: 2N / N = ${round(ratio)} > ${BUDGET_RATIO}`);
    let withinMs = algorithm.budgetMs === undefined || atN.ms <= algorithm.budgetMs;
    if (!withinMs) problems.push(`${algorithm.name}: ${round(atN.ms)} ms at N > ${algorithm.budgetMs} ms`);
    const relative = algorithm.relativeTo;
    const reference = relative && timesAtN.get(relative.name);
    if (relative && reference !== undefined && atN.ms > reference * relative.factor) {
      withinMs = false;
      problems.push(
        `${algorithm.name}: ${round(atN.ms)} ms at N, more than ${relative.factor} x ${relative.name}'s ${round(reference)} ms`,
      );
    }
    timesAtN.set(algorithm.name, atN.ms);
    rows.push({
      algorithm: algorithm.name,
      N: base,
      "ms at N": round(atN.ms),
      "ms at 2N": round(at2N.ms),
      "2N / N": round(ratio),
      budget: held
        ? ratio <= BUDGET_RATIO && withinMs
          ? `met${algorithm.budgetMs ? ` (and <= ${algorithm.budgetMs} ms)` : ""}`
          : "missed"
        : "(reported only)",
    });
  }
  return { rows, problems };
}

const { rows, problems } = quick ? await countScaling() : await timeScaling();
printTable(rows);
writeReport("domain.bench", {
  machine: machine(),
  quick,
  measure: quick ? "input reads and operations executed (counts)" : "milliseconds",
  ...(quick ? {} : { repeats }),
  budgetRatio: BUDGET_RATIO,
  dependenciesPerTask: 2,
  rows,
  problems,
});
if (problems.length > 0) {
  console.error(`DOMAIN BENCH FAILED:\n${problems.join("\n")}`);
  process.exitCode = 1;
}
