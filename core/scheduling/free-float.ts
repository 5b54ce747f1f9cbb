// Free float (engine.ts): the working days a task can slip without moving a dependent, from the
// final early dates and each task's links to its dependents, in one pass over them.

type OutEdges = {
  firstOut: Int32Array;
  outEdges: Int32Array;
  targets: Int32Array;
  kinds: Uint8Array;
  lags: Int32Array;
};

/**
 * Each task's free float: the least slack of its links to its dependents (a link into a summary
 * reads the summary's roll-up), or its margin to the project's finish when none waits for it;
 * never below 0. Entries (slots from `count` on) are the summaries' gates.
 */
export function freeFloats(
  count: number,
  finish: number | null,
  scheduled: Uint8Array,
  summary: Uint8Array,
  summaryAt: Int32Array,
  earlyStart: Int32Array,
  earlyFinish: Int32Array,
  { firstOut, outEdges, targets, kinds, lags }: OutEdges,
): Int32Array {
  const free = new Int32Array(count);
  for (let slot = 0; slot < count; slot++) {
    if (!scheduled[slot] || finish === null) continue;
    let least = firstOut[slot] === firstOut[slot + 1] ? finish - earlyFinish[slot] : Number.POSITIVE_INFINITY;
    for (let at = firstOut[slot]; at < firstOut[slot + 1]; at++) {
      const edge = outEdges[at];
      const target = targets[edge] >= count ? summaryAt[targets[edge] - count] : targets[edge];
      const lag = lags[edge];
      let slack: number;
      switch (kinds[edge]) {
        case 0:
          slack = earlyStart[target] - earlyFinish[slot] - lag;
          break;
        case 1:
          slack = earlyStart[target] - earlyStart[slot] - lag;
          break;
        case 2:
          slack = earlyFinish[target] - earlyFinish[slot] - lag;
          break;
        default:
          slack = earlyFinish[target] - earlyStart[slot] - lag;
      }
      if (slack < least) least = slack;
    }
    free[slot] = summary[slot] && least === Number.POSITIVE_INFINITY ? 0 : Math.max(0, least);
  }
  return free;
}
