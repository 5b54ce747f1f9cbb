// Whether each task is behind its schedule at the status date (docs/spec/tracking.md): a leaf
// that is not done is late when its planned progress by the end of that day, the share of its
// working days passed, is more than its percentComplete (so one due by then and not finished is
// late); a summary is late when a task under it is.
import type { WorkingCalendar } from "./calendar";
import type { EngineResult } from "./engine";

/** Today's UTC day, "YYYY-MM-DD": the status date a project without one is judged at. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * 1 for each task behind at the end of `statusDate` ("YYYY-MM-DD"), by slot of `result`.
 * `tasks` are those it was scheduled from, in the same order.
 * @example lateTasks(result, tasks, calendar, "2026-03-05")[result.slotOf(7)] // 1: half done, due by then
 */
export function lateTasks(
  result: EngineResult,
  tasks: readonly { id: number; parentId?: number | null; percentComplete?: number }[],
  calendar: WorkingCalendar,
  statusDate: string,
): Uint8Array {
  const { ids, scheduled, summary, earlyStart, earlyFinish } = result;
  const late = new Uint8Array(ids.length);
  // The boundary at the end of the status day (the next working day's start).
  const statusEnd = calendar.dayOnOrBefore(statusDate) + 1;
  for (let slot = 0; slot < ids.length; slot++) {
    if (!scheduled[slot] || summary[slot]) continue;
    const percent = tasks[slot].percentComplete ?? 0;
    if (percent >= 100) continue;
    const start = earlyStart[slot];
    const length = earlyFinish[slot] - start;
    const planned =
      length === 0
        ? earlyFinish[slot] <= statusEnd
          ? 100
          : 0
        : Math.floor((100 * Math.min(length, Math.max(0, statusEnd - start))) / length);
    if (planned <= percent) continue;
    // Late, and so is each summary above it (stopping at one already marked).
    for (let at = slot; at >= 0 && !late[at]; ) {
      late[at] = 1;
      const parentId = tasks[at].parentId;
      at = parentId === null || parentId === undefined ? -1 : result.slotOf(parentId);
    }
  }
  return late;
}
