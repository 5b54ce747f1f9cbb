// The scheduling engine: forward and backward passes over typed dependencies with lags, in whole
// working days (day numbers of a WorkingCalendar). A task occupies the boundaries s (the start of
// working day s) to f = s + duration. A dependency from P to D with lag L requires
// FS s(D) >= f(P) + L, SS s(D) >= s(P) + L, FF f(D) >= f(P) + L, SF f(D) >= s(P) + L.
// Flat typed arrays over task slots and one topological order: O(tasks + dependencies).
//
// Summary tasks (a task with tasks under it, MS Project's rules; docs/decisions/024-scheduling.md,
// "Summary tasks"): a summary's boundaries are its subtree's roll-up (the earliest start, the latest
// finish), never its own inputs. Its links are not copied to each task below it (that multiplies).
// Each summary gets one more node, its entry, after the tasks' slots, holding two gates: a start
// gate (a link into the summary FS or SS raises it, and its notBefore) and a finish gate (FF, SF).
// Every child starts no earlier than its summary's start gate and finishes no earlier than its
// finish gate (a child summary's entry takes both gates on), so a link into a summary holds its
// whole subtree, nested summaries included. The summary's own slot is its roll-up, computed from
// its children once they are scheduled; its links leave from there. The tree's relations (entry to
// child, child to summary) are read from the parent slots and child lists, not made into edges.
// Backward, a summary hands the bounds its links set to its children: a finish bound (FS, FF: its
// latest finish) to all of them, a start bound (SS, SF: its earliest start) to those that open it
// (the same early start); an entry's late gates are its children's earliest late start and
// earliest late finish, which bound the links into the summary. A summary's own late dates are its
// children's earliest late start and latest late finish. Nodes: tasks + summaries; edges: the
// dependencies; each tree relation is visited a fixed number of times. Still linear.

import { edgesBySlot, taskIndex } from "../graph/slot-edges";
import {
  CONFLICT,
  conflictOf,
  DRIVER,
  type EngineConstraint,
  earliestStartOf,
  latestFinishOf,
  pinnedStartOf,
} from "./constraints";
import { driversOf, type ScheduledPasses } from "./drivers";
import { freeFloats } from "./free-float";
import { isAbove, readOutline } from "./slot-outline";

export const DEPENDENCY_TYPES = ["FS", "SS", "FF", "SF"] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];
export const SCHEDULING_MODES = ["auto", "manual"] as const;
export type SchedulingMode = (typeof SCHEDULING_MODES)[number];

export type EngineTask = {
  id: number;
  /** Working days; null: not scheduled (the task and its dependencies take no part). */
  duration: number | null;
  mode: SchedulingMode;
  /** An auto task starts on or after this working day (its start-no-earlier-than); null: none. */
  notBefore: number | null;
  /** A manual task's own boundaries (from its dates); null when it lacks that date. */
  manualStart: number | null;
  manualFinish: number | null;
  /**
   * The summary task it sits under; null or absent: the top level (so is a task whose parent is
   * not among the tasks). A task with tasks under it is a summary: its duration, mode and manual
   * boundaries are ignored, and its notBefore holds every task below it.
   */
  parentId?: number | null;
  /**
   * An auto task's constraint (constraints.ts); a start-no-earlier-than may come as `notBefore`
   * or as SNET here. Absent or null: as soon as possible.
   */
  constraint?: EngineConstraint | null;
  /** The last working day it should be done by: caps its late finish, never moves it. */
  deadline?: number | null;
  /**
   * An auto task's actual start (a working day) and actual finish (a finish boundary, as
   * manualFinish): it starts then whatever its links say, and with a finish it ends then.
   */
  actualStart?: number | null;
  actualFinish?: number | null;
};

export type EngineDependency = {
  sourceTaskId: number;
  targetTaskId: number;
  type: DependencyType;
  lag: number;
};

export type EngineResult = {
  /** The slot of a task id in the arrays below, -1 when unknown. */
  slotOf: (id: number) => number;
  ids: Int32Array;
  /**
   * 1 when the task is scheduled (a duration, and for a manual task a date to stand on; a summary
   * when a task below it is).
   */
  scheduled: Uint8Array;
  earlyStart: Int32Array;
  earlyFinish: Int32Array;
  lateStart: Int32Array;
  lateFinish: Int32Array;
  /** 1 for a summary (a task with tasks under it): its boundaries are its subtree's roll-up. */
  summary: Uint8Array;
  /**
   * The working day a scheduled task's start date names: its early start, but a milestone's is the
   * day it falls at the end of (as datesOfBoundaries reads it) and a summary's the earliest of its
   * children's, so a summary opened by a milestone starts on the milestone's day, as in MS Project.
   */
  startDay: Int32Array;
  /** The project's finish boundary (the largest f), null when no task is scheduled. */
  finish: number | null;
  /**
   * Working days a task can slip without moving a dependent (or the project's finish, for a task
   * none waits for); never negative, never more than its total float when that is positive.
   * Worked out when first read, as the drivers are (drivers.ts): the passes never pay for them.
   */
  readonly freeFloat: Int32Array;
  /** What sets a scheduled task's start: a DRIVER code (constraints.ts). */
  readonly driver: Uint8Array;
  /** With DRIVER.dependency: the index in `dependencies` of the driving link, else -1. */
  readonly drivingDependency: Int32Array;
  /** A CONFLICT code (constraints.ts): a constraint or a deadline its schedule does not meet. */
  conflict: Uint8Array;
};

/** No latest finish: its constraint and deadline (if any) allow any. */
const NO_LIMIT = 0x7fffffff;

/** A dependency type's code in the passes: FS 0, SS 1, FF 2, SF 3 (an unknown type reads as FS). */
const typeCode = (type: DependencyType) => (type === "SS" ? 1 : type === "FF" ? 2 : type === "SF" ? 3 : 0);

/** The day a start date names for the boundaries s..f (a milestone's is the day it ends). */
const startDayOf = (start: number, finish: number) =>
  start < finish ? start : finish === 0 ? 0 : finish - 1;

/**
 * Schedules tasks: an auto task takes the earliest start meeting its dependencies, day 0 and its
 * notBefore; a manual task keeps its own boundaries and still drives its dependents. A summary
 * spans its subtree and holds it (see the top of this file). Late boundaries come from a backward
 * pass from the project finish; total float = lateStart - earlyStart. Tasks on a cycle (the API
 * refuses cycles) are scheduled from the prerequisites outside it; a link between a task and a
 * summary above it means nothing and is left out.
 * @example scheduleTasks([{ id: 1, duration: 2, mode: "auto", notBefore: null, manualStart: null, manualFinish: null }], []).finish // 2
 */
export function scheduleTasks(
  tasks: readonly EngineTask[],
  dependencies: readonly EngineDependency[],
): EngineResult {
  const count = tasks.length;
  const ids = new Int32Array(count);
  for (let slot = 0; slot < count; slot++) ids[slot] = tasks[slot].id;
  const slotOf = taskIndex(ids);

  // Each summary's entry follows the tasks' slots: entry[s] for summary s, summaryAt[e - count]
  // for entry e. An entry's earlyStart is its start gate, its earlyFinish its finish gate.
  const outline = readOutline(tasks, slotOf);
  const summary = new Uint8Array(count);
  const entry = new Int32Array(outline ? count : 0);
  let total = count;
  if (outline) {
    for (let slot = 0; slot < count; slot++) {
      if (outline.size[slot] === 1) continue;
      summary[slot] = 1;
      entry[slot] = total++;
    }
  }
  const summaryAt = new Int32Array(total - count);
  for (let slot = 0; slot < count; slot++) if (summary[slot]) summaryAt[entry[slot] - count] = slot;
  const parent = outline ? outline.parent : new Int32Array(0);
  const firstChild = outline ? outline.first : new Int32Array(0);
  const children = outline ? outline.children : new Int32Array(0);

  const scheduled = new Uint8Array(total);
  const duration = new Int32Array(total);
  const fixed = new Uint8Array(total);
  const earlyStart = new Int32Array(total);
  const earlyFinish = new Int32Array(total);
  const lateStart = new Int32Array(total);
  const lateFinish = new Int32Array(total);
  const startDay = new Int32Array(count);
  // What holds each task's start before its links: the project's start, or its constraint (a
  // start-no-earlier-than, a finish-no-earlier-than); MSO and MFO pin it; ALAP is placed late.
  const base = new Int32Array(total);
  const baseDriver = new Uint8Array(total);
  const pinned = new Uint8Array(total);
  const pinnedStart = new Int32Array(total);
  // Pinned by its actual start rather than a constraint: no conflict, and "actual" drives it.
  const actual = new Uint8Array(total);
  let alapCount = 0;
  const alap = new Uint8Array(count);
  const conflict = new Uint8Array(count);
  // The latest finish boundary a task's constraint (SNLT, FNLT, MSO, MFO) or deadline allows.
  const latestAllowed = new Int32Array(count).fill(NO_LIMIT);
  // The tasks with a constraint or a deadline, whose conflicts are checked at the end.
  const constrainedSlots: number[] = [];
  for (let slot = 0; slot < count; slot++) {
    const task = tasks[slot];
    const { constraint, deadline } = task;
    const hasConstraint = constraint !== null && constraint !== undefined && constraint.type !== "ASAP";
    if (deadline !== null && deadline !== undefined) latestAllowed[slot] = deadline + 1;
    if (hasConstraint || (deadline !== null && deadline !== undefined)) constrainedSlots.push(slot);
    if (summary[slot] || task.duration === null) continue;
    if (task.mode === "manual") {
      if (task.manualStart === null && task.manualFinish === null) continue;
      const start = task.manualStart ?? (task.manualFinish as number) - task.duration;
      const finish = Math.max(start, task.manualFinish ?? start + task.duration);
      earlyStart[slot] = start;
      earlyFinish[slot] = finish;
      duration[slot] = finish - start;
      fixed[slot] = 1;
    } else {
      duration[slot] = task.duration;
      const notBefore = task.notBefore ?? 0;
      base[slot] = Math.max(0, notBefore);
      baseDriver[slot] = notBefore > 0 ? DRIVER.constraint : DRIVER.projectStart;
      if (hasConstraint) {
        const earliest = earliestStartOf(constraint, task.duration) ?? Number.NEGATIVE_INFINITY;
        if (earliest > base[slot]) {
          base[slot] = earliest;
          baseDriver[slot] = DRIVER.constraint;
        }
        latestAllowed[slot] = Math.min(NO_LIMIT, latestFinishOf(constraint, task.duration, deadline));
        const pin = pinnedStartOf(constraint, task.duration);
        if (pin !== null) {
          pinned[slot] = 1;
          pinnedStart[slot] = pin;
        } else if (constraint.type === "ALAP") {
          alap[slot] = 1;
          alapCount++;
        }
      }
      const { actualStart, actualFinish } = task;
      if (actualStart !== null && actualStart !== undefined) {
        // Work has begun: on its actual start, whatever its links or its constraint say.
        pinned[slot] = 1;
        actual[slot] = 1;
        pinnedStart[slot] = actualStart;
        if (alap[slot]) {
          alap[slot] = 0;
          alapCount--;
        }
        if (actualFinish !== null && actualFinish !== undefined)
          duration[slot] = Math.max(0, actualFinish - actualStart);
      }
    }
    scheduled[slot] = 1;
  }
  if (outline) {
    // A summary is scheduled when a task below it is (children come after it in the tree order);
    // its start gate opens no earlier than its notBefore.
    for (let at = count - 1; at >= 0; at--) {
      const slot = outline.order[at];
      if (scheduled[slot] && parent[slot] >= 0) scheduled[parent[slot]] = 1;
    }
    for (let slot = 0; slot < count; slot++) {
      if (!summary[slot] || !scheduled[slot]) continue;
      scheduled[entry[slot]] = 1;
      const notBefore = tasks[slot].notBefore ?? 0;
      base[entry[slot]] = Math.max(0, notBefore);
      baseDriver[entry[slot]] = notBefore > 0 ? DRIVER.constraint : DRIVER.projectStart;
    }
  }
  /** Where a scheduled task's summary holds it: its entry for a summary, itself for another task. */
  const into = (slot: number) => (summary[slot] ? entry[slot] : slot);

  // Edges between scheduled tasks (one into a summary arrives at its entry), grouped by
  // prerequisite and by dependent.
  const sources = new Int32Array(dependencies.length);
  const targets = new Int32Array(dependencies.length);
  const kinds = new Uint8Array(dependencies.length);
  const lags = new Int32Array(dependencies.length);
  const dependencyAt = new Int32Array(dependencies.length);
  let edgeCount = 0;
  for (let index = 0; index < dependencies.length; index++) {
    const dependency = dependencies[index];
    const source = slotOf(dependency.sourceTaskId);
    const target = slotOf(dependency.targetTaskId);
    if (source < 0 || target < 0 || source === target || !scheduled[source] || !scheduled[target]) continue;
    if (outline && (isAbove(outline, source, target) || isAbove(outline, target, source))) continue;
    sources[edgeCount] = source;
    targets[edgeCount] = into(target);
    kinds[edgeCount] = typeCode(dependency.type);
    lags[edgeCount] = dependency.lag;
    dependencyAt[edgeCount] = index;
    edgeCount++;
  }
  const { first: firstOut, edges: outEdges } = edgesBySlot(total, edgeCount, sources);
  const { first: firstIn, edges: inEdges } = edgesBySlot(total, edgeCount, targets);

  // A topological order (Kahn, roots in slot order) over the edges and the tree's relations (a
  // summary's entry before its children, its children before it); the nodes left on a cycle
  // follow in slot order.
  const waitingOn = new Int32Array(total);
  for (let edge = 0; edge < edgeCount; edge++) waitingOn[targets[edge]]++;
  for (let slot = 0; slot < count && outline; slot++) {
    if (parent[slot] < 0 || !scheduled[slot]) continue;
    waitingOn[into(slot)]++;
    waitingOn[parent[slot]]++;
  }
  const order = new Int32Array(total);
  let ordered = 0;
  for (let node = 0; node < total; node++) if (waitingOn[node] === 0) order[ordered++] = node;
  for (let next = 0; next < ordered; next++) {
    const node = order[next];
    for (let at = firstOut[node]; at < firstOut[node + 1]; at++) {
      const target = targets[outEdges[at]];
      if (--waitingOn[target] === 0) order[ordered++] = target;
    }
    if (node >= count) {
      const owner = summaryAt[node - count];
      for (let at = firstChild[owner]; at < firstChild[owner + 1]; at++) {
        const child = children[at];
        if (parent[child] !== owner || !scheduled[child]) continue;
        if (--waitingOn[into(child)] === 0) order[ordered++] = into(child);
      }
    } else if (outline && parent[node] >= 0 && scheduled[node]) {
      if (--waitingOn[parent[node]] === 0) order[ordered++] = parent[node];
    }
  }
  for (let node = 0; node < total && ordered < total; node++)
    if (waitingOn[node] > 0) order[ordered++] = node;
  const done = new Uint8Array(total);

  // Forward pass: each auto task's earliest start from its base (the project's start, its
  // constraint), its prerequisites' early boundaries and its summary's gates, pinned by MSO or MFO
  // (and, the second time, ALAP at its late start); each entry's gates from the links into its
  // summary and its own summary's gates; each summary's roll-up of its children. Each start
  // remembers what set it: a link wins a tie, the constraint one with the project's start.
  const forward = (placeLate: boolean) => {
    let projectFinish = Number.NEGATIVE_INFINITY;
    for (let next = 0; next < total; next++) {
      const slot = order[next];
      if (!scheduled[slot]) continue;
      const above = slot < count && outline ? parent[slot] : -1;
      if (slot >= count) {
        // An entry: its start gate, then its finish gate.
        const owner = summaryAt[slot - count];
        let start = base[slot];
        let end = 0;
        for (let at = firstIn[slot]; at < firstIn[slot + 1]; at++) {
          const edge = inEdges[at];
          const source = sources[edge];
          if (!done[source]) continue; // only on a cycle
          const kind = kinds[edge];
          const bound = (kind === 0 || kind === 2 ? earlyFinish[source] : earlyStart[source]) + lags[edge];
          if (kind >= 2) end = Math.max(end, bound);
          else if (bound > start) start = bound;
        }
        const outer = parent[owner] >= 0 ? entry[parent[owner]] : -1;
        if (outer >= 0 && done[outer]) {
          start = Math.max(start, earlyStart[outer]);
          end = Math.max(end, earlyFinish[outer]);
        }
        earlyStart[slot] = start;
        earlyFinish[slot] = end;
      } else if (summary[slot]) {
        let start = Number.POSITIVE_INFINITY;
        let end = Number.NEGATIVE_INFINITY;
        let day = Number.POSITIVE_INFINITY;
        for (let at = firstChild[slot]; at < firstChild[slot + 1]; at++) {
          const child = children[at];
          if (parent[child] !== slot || !done[child]) continue; // not done: unscheduled, or on a cycle
          if (earlyStart[child] < start) start = earlyStart[child];
          if (earlyFinish[child] > end) end = earlyFinish[child];
          if (startDay[child] < day) day = startDay[child];
        }
        if (start === Number.POSITIVE_INFINITY) {
          // Every child waits on a cycle through this summary: it stands at its start gate.
          start = end = done[entry[slot]] ? earlyStart[entry[slot]] : 0;
          day = startDayOf(start, end);
        }
        earlyStart[slot] = start;
        earlyFinish[slot] = end;
        duration[slot] = end - start;
        startDay[slot] = day;
      } else if (!fixed[slot]) {
        let start = base[slot];
        const length = duration[slot];
        for (let at = firstIn[slot]; at < firstIn[slot + 1]; at++) {
          const edge = inEdges[at];
          const source = sources[edge];
          if (!done[source]) continue; // only on a cycle
          const lag = lags[edge];
          let bound: number;
          switch (kinds[edge]) {
            case 0:
              bound = earlyFinish[source] + lag;
              break;
            case 1:
              bound = earlyStart[source] + lag;
              break;
            case 2:
              bound = earlyFinish[source] + lag - length;
              break;
            default:
              bound = earlyStart[source] + lag - length;
          }
          if (bound > start) start = bound;
        }
        if (above >= 0 && done[entry[above]]) {
          const gates = entry[above];
          start = Math.max(start, earlyStart[gates], earlyFinish[gates] - length);
        }
        if (pinned[slot]) {
          // MSO / MFO: on its date, whatever its links say (a link it breaks is its conflict).
          conflict[slot] =
            !actual[slot] && start > pinnedStart[slot] ? CONFLICT.pinnedAgainstLink : CONFLICT.none;
          start = pinnedStart[slot];
        } else if (placeLate && alap[slot] && lateStart[slot] > start) {
          start = lateStart[slot];
        }
        earlyStart[slot] = start;
        earlyFinish[slot] = start + length;
      }
      done[slot] = 1;
      if (slot >= count) continue;
      if (!summary[slot]) startDay[slot] = startDayOf(earlyStart[slot], earlyFinish[slot]);
      if (earlyFinish[slot] > projectFinish) projectFinish = earlyFinish[slot];
    }
    return projectFinish;
  };
  const projectFinish = forward(false);
  const finish = projectFinish === Number.NEGATIVE_INFINITY ? null : projectFinish;

  // Backward pass, in reverse order: each task's latest finish from its dependents' late
  // boundaries and its summary's bounds. A summary comes before its children: it keeps the bounds
  // its links and its own summary set (on its finish, and on the start of the children that open
  // it). An entry comes after the children: its late gates are theirs.
  const finishBound = new Int32Array(outline ? count : 0);
  const startBound = new Float64Array(outline ? count : 0);
  for (let next = total - 1; next >= 0; next--) {
    const slot = order[next];
    if (!scheduled[slot]) continue;
    done[slot] = 2;
    if (slot >= count) {
      const owner = summaryAt[slot - count];
      let latestStart = finish as number;
      let latestFinish = finish as number;
      for (let at = firstChild[owner]; at < firstChild[owner + 1]; at++) {
        const child = children[at];
        if (parent[child] !== owner || done[into(child)] !== 2) continue;
        latestStart = Math.min(latestStart, lateStart[into(child)]);
        latestFinish = Math.min(latestFinish, lateFinish[into(child)]);
      }
      lateStart[slot] = latestStart;
      lateFinish[slot] = latestFinish;
      continue;
    }
    const length = duration[slot];
    const rollUp = summary[slot] === 1;
    let latest = finish as number;
    let latestStart = Number.POSITIVE_INFINITY;
    for (let at = firstOut[slot]; at < firstOut[slot + 1]; at++) {
      const edge = outEdges[at];
      const target = targets[edge];
      if (done[target] !== 2) continue; // only on a cycle
      // As MS Project: a start-based link between two manual tasks carries no late date back.
      if ((kinds[edge] & 1) === 1 && fixed[slot] && fixed[target]) continue;
      const lag = lags[edge];
      let bound: number;
      switch (kinds[edge]) {
        case 0:
          bound = lateStart[target] - lag;
          break;
        case 1:
          if (rollUp) {
            latestStart = Math.min(latestStart, lateStart[target] - lag);
            continue;
          }
          bound = lateStart[target] - lag + length;
          break;
        case 2:
          bound = lateFinish[target] - lag;
          break;
        default:
          if (rollUp) {
            latestStart = Math.min(latestStart, lateFinish[target] - lag);
            continue;
          }
          bound = lateFinish[target] - lag + length;
      }
      if (bound < latest) latest = bound;
    }
    const above = outline ? parent[slot] : -1;
    if (above >= 0 && done[above] === 2) {
      latest = Math.min(latest, finishBound[above]);
      if (earlyStart[slot] === earlyStart[above]) {
        if (rollUp) latestStart = Math.min(latestStart, startBound[above]);
        else latest = Math.min(latest, startBound[above] + length);
      }
    }
    // Its deadline, and an auto task's SNLT, FNLT, MSO or MFO: the late finish only.
    if (latestAllowed[slot] < latest) latest = latestAllowed[slot];
    if (rollUp) {
      finishBound[slot] = latest;
      startBound[slot] = latestStart;
    } else {
      lateFinish[slot] = latest;
      lateStart[slot] = latest - length;
    }
  }
  if (outline) {
    // A summary's late dates: its children's earliest late start and latest late finish.
    for (let slot = 0; slot < count; slot++) {
      if (!summary[slot] || !scheduled[slot]) continue;
      lateStart[slot] = 0x7fffffff;
      lateFinish[slot] = -0x80000000;
    }
    for (let at = count - 1; at >= 0; at--) {
      const slot = outline.order[at];
      const above = parent[slot];
      if (above < 0 || !scheduled[slot]) continue;
      if (lateStart[slot] < lateStart[above]) lateStart[above] = lateStart[slot];
      if (lateFinish[slot] > lateFinish[above]) lateFinish[above] = lateFinish[slot];
    }
  }

  // ALAP: placed at its late start (when later than its early one), and the tasks after it
  // follow; the late dates stand (they never depended on the early ones but for the finish).
  if (alapCount > 0) {
    done.fill(0);
    forward(true);
  }
  for (const slot of constrainedSlots) {
    if (!scheduled[slot] || conflict[slot]) continue;
    const task = tasks[slot];
    // A summary's and a manual task's deadline count; their constraints do not.
    conflict[slot] = conflictOf(
      fixed[slot] || summary[slot] ? null : task.constraint,
      task.deadline,
      earlyStart[slot],
      earlyFinish[slot],
    );
  }
  // Free float and what drives each start: worked out from the final dates when first asked.
  const passes: ScheduledPasses = {
    count,
    total,
    order,
    scheduled,
    summary,
    fixed,
    pinned,
    actual,
    base,
    baseDriver,
    duration,
    earlyStart,
    earlyFinish,
    entry,
    summaryAt,
    parent,
    firstChild,
    children,
    firstIn,
    inEdges,
    sources,
    kinds,
    lags,
    dependencyAt,
  };
  let drivers: ReturnType<typeof driversOf> | null = null;
  let freeFloat: Int32Array | null = null;

  return {
    slotOf,
    ids,
    scheduled: scheduled.subarray(0, count),
    earlyStart: earlyStart.subarray(0, count),
    earlyFinish: earlyFinish.subarray(0, count),
    lateStart: lateStart.subarray(0, count),
    lateFinish: lateFinish.subarray(0, count),
    summary,
    startDay,
    finish,
    conflict,
    get freeFloat() {
      if (freeFloat) return freeFloat;
      freeFloat = freeFloats(count, finish, scheduled, summary, summaryAt, earlyStart, earlyFinish, {
        firstOut,
        outEdges,
        targets,
        kinds,
        lags,
      });
      // Never more than its total float when that is positive; 0 when it is negative.
      for (let slot = 0; slot < count; slot++) {
        const totalFloat = lateStart[slot] - earlyStart[slot];
        freeFloat[slot] = totalFloat < 0 ? 0 : Math.min(freeFloat[slot], totalFloat);
      }
      return freeFloat;
    },
    get driver() {
      drivers ??= driversOf(passes);
      return drivers.driver;
    },
    get drivingDependency() {
      drivers ??= driversOf(passes);
      return drivers.drivingDependency;
    },
  };
}
