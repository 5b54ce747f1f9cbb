// What sets each task's start (engine.ts's EngineResult.driver and drivingDependency), read after
// the passes from the final early dates rather than tracked inside them: the forward pass stays
// the dates alone, and a caller that never asks pays nothing. One pass over the topological order,
// reading each link into a task once: linear, as the passes.
import { DRIVER } from "./constraints";

/** The engine's state after its passes, as the drivers read it (engine.ts names each array). */
export type ScheduledPasses = {
  count: number;
  total: number;
  /** Every node (tasks, then summaries' entries) in topological order. */
  order: Int32Array;
  scheduled: Uint8Array;
  summary: Uint8Array;
  /** Manual tasks: they stand on their own dates. */
  fixed: Uint8Array;
  /** MSO / MFO, or an actual start: on their date whatever the links say. */
  pinned: Uint8Array;
  /** Pinned by an actual start. */
  actual: Uint8Array;
  /** The start each task has before its links (the project's start or its constraint), and why. */
  base: Int32Array;
  baseDriver: Uint8Array;
  duration: Int32Array;
  earlyStart: Int32Array;
  earlyFinish: Int32Array;
  entry: Int32Array;
  summaryAt: Int32Array;
  /** Without an outline, empty arrays. */
  parent: Int32Array;
  firstChild: Int32Array;
  children: Int32Array;
  firstIn: Int32Array;
  inEdges: Int32Array;
  sources: Int32Array;
  kinds: Uint8Array;
  lags: Int32Array;
  /** The index in the caller's dependencies of each edge. */
  dependencyAt: Int32Array;
};

/**
 * Each task's driver (a DRIVER code) and, for DRIVER.dependency, the index of the driving link in
 * the caller's dependencies (-1 otherwise). Of the things holding a start where it is, a link
 * wins (the first in the order they were given), then the task's own base (constraint, project
 * start), then its summary's gates (whose own driver it takes); a summary takes the driver of the
 * child that opens it; a task later than all of them was placed late (ALAP) by its constraint.
 */
export function driversOf(passes: ScheduledPasses): { driver: Uint8Array; drivingDependency: Int32Array } {
  const { count, total, order, scheduled, summary, fixed, pinned, base, baseDriver } = passes;
  const { duration, earlyStart, earlyFinish, entry, summaryAt, parent, firstChild, children } = passes;
  const { firstIn, inEdges, sources, kinds, lags } = passes;
  const driver = new Uint8Array(total);
  const drivingEdge = new Int32Array(total).fill(-1);
  const done = new Uint8Array(total);
  const outlined = parent.length > 0;
  for (let next = 0; next < total; next++) {
    const slot = order[next];
    if (!scheduled[slot]) continue;
    done[slot] = 1;
    if (slot < count && summary[slot]) {
      // The child that opens it (the first at its earliest start), else its entry.
      let opener = -1;
      for (let at = firstChild[slot]; at < firstChild[slot + 1]; at++) {
        const child = children[at];
        if (parent[child] !== slot || !done[child]) continue;
        if (opener < 0 || earlyStart[child] < earlyStart[opener]) opener = child;
      }
      if (opener < 0 && done[entry[slot]]) opener = entry[slot];
      driver[slot] = opener >= 0 ? driver[opener] : DRIVER.projectStart;
      drivingEdge[slot] = opener >= 0 ? drivingEdge[opener] : -1;
      continue;
    }
    if (slot < count && fixed[slot]) {
      driver[slot] = DRIVER.manual;
      continue;
    }
    if (slot < count && pinned[slot]) {
      driver[slot] = passes.actual[slot] ? DRIVER.actual : DRIVER.constraint;
      continue;
    }
    // An entry's start gate, or an auto task's start: which of its holds reaches it.
    const isEntry = slot >= count;
    const start = earlyStart[slot];
    const length = isEntry ? 0 : duration[slot];
    let by = -1;
    for (let at = firstIn[slot]; at < firstIn[slot + 1] && by < 0; at++) {
      const edge = inEdges[at];
      const source = sources[edge];
      if (!done[source]) continue; // only on a cycle
      const kind = kinds[edge];
      if (isEntry && kind >= 2) continue; // a link into its finish gate holds no start
      const from = kind === 0 || kind === 2 ? earlyFinish[source] : earlyStart[source];
      if (from + lags[edge] - (kind >= 2 ? length : 0) === start) by = edge;
    }
    if (by >= 0) {
      driver[slot] = DRIVER.dependency;
      drivingEdge[slot] = by;
      continue;
    }
    if (base[slot] === start) {
      driver[slot] = baseDriver[slot];
      continue;
    }
    // Its summary's gates (an entry: its own summary's summary's).
    const owner = isEntry ? summaryAt[slot - count] : slot;
    const above = outlined ? parent[owner] : -1;
    const gates = above >= 0 ? entry[above] : -1;
    if (gates >= 0 && done[gates]) {
      const held = isEntry ? earlyStart[gates] : Math.max(earlyStart[gates], earlyFinish[gates] - length);
      if (held === start) {
        driver[slot] = driver[gates];
        drivingEdge[slot] = drivingEdge[gates];
        continue;
      }
    }
    // Later than anything holds it: placed at its late dates (ALAP).
    driver[slot] = DRIVER.constraint;
  }
  const drivingDependency = new Int32Array(count);
  for (let slot = 0; slot < count; slot++)
    drivingDependency[slot] = drivingEdge[slot] >= 0 ? passes.dependencyAt[drivingEdge[slot]] : -1;
  return { driver: driver.subarray(0, count), drivingDependency };
}
