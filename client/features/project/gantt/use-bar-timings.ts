import type { BarTiming } from "@core/gantt/bar-timing";
import { barGeometry } from "@core/gantt/timeline";
import { summarySpans } from "@core/tasks/outline-view";
import { useMemo } from "react";
import { MILESTONE_SIZE } from "./gantt-bar";
import type { BarPreview } from "./use-bar-drag";
import type { GanttModel } from "./use-gantt-model";

export type BarTimings = {
  /** The other bars the dragged one moves, planned on each day it crosses (empty without a drag). */
  dragMoves: Map<number, BarTiming>;
  /** Where a task's bar runs now: dragged, moved by the drag, or as the model has it. */
  timingOf: (taskId: number) => BarTiming | undefined;
  /** Where a task's bar is drawn, in pixels: what the arrows join (a milestone at its diamond). */
  barOf: (taskId: number) => { left: number; width: number } | null;
  /** The span of each category group's bars, drawn as a thin line on its row. */
  groupSpans: Map<string, { left: number; width: number }>;
};

const NO_MOVES = new Map<number, BarTiming>();

/**
 * The bars' timings and places, made once per change of the plan, the zoom or a drag's day, never
 * per scroll frame: the arrows keep their paths while the rows scroll. A summary's bracket follows
 * its leaves' bars, dragged ones included; without a drag it is the model's roll-up, and during one
 * it is rolled up again once per day the drag crosses (not once per summary row drawn, which walked
 * each summary's whole subtree on every frame).
 */
export function useBarTimings(model: GanttModel, preview: BarPreview | null): BarTimings {
  const { planDrag, timings, marks, tree, window, groups } = model;
  const dragMoves = useMemo(
    () => (preview?.changes ? planDrag(preview.taskId, preview.changes) : NO_MOVES),
    [preview, planDrag],
  );
  const placement = useMemo(() => {
    const ownTimingOf = (taskId: number) =>
      preview?.taskId === taskId ? preview.timing : (dragMoves.get(taskId) ?? timings.get(taskId));
    const dragging = preview !== null || dragMoves.size > 0;
    const rolledUp =
      tree && dragging
        ? summarySpans(tree.outline, (id) =>
            marks.get(id)?.kind === "unscheduled" ? undefined : ownTimingOf(id),
          )
        : null;
    const timingOf = (taskId: number): BarTiming | undefined => {
      if (!tree?.outline.isSummary(taskId)) return ownTimingOf(taskId);
      if (!rolledUp) return timings.get(taskId);
      const span = rolledUp.get(taskId);
      return span && { ...span, startSource: "startDate", endIsDueDate: true };
    };
    const barOf = (taskId: number) => {
      const timing = timingOf(taskId);
      if (!timing) return null;
      const geometry = barGeometry(timing, window);
      // Arrows meet a milestone at its diamond, at the end of its day.
      if (marks.get(taskId)?.milestone) {
        return { left: geometry.left + geometry.width - MILESTONE_SIZE / 2, width: MILESTONE_SIZE };
      }
      return geometry;
    };
    return { timingOf, barOf };
  }, [preview, dragMoves, timings, marks, tree, window]);
  const groupSpans = useMemo(() => {
    const spans = new Map<string, { left: number; width: number }>();
    for (const group of groups) {
      let start = Number.POSITIVE_INFINITY;
      let end = Number.NEGATIVE_INFINITY;
      for (const task of group.tasks) {
        const timing = timings.get(task.id);
        if (!timing) continue;
        start = Math.min(start, timing.start.getTime());
        end = Math.max(end, timing.end.getTime());
      }
      if (start < end)
        spans.set(group.key, barGeometry({ start: new Date(start), end: new Date(end) }, window));
    }
    return spans;
  }, [groups, timings, window]);
  return { dragMoves, ...placement, groupSpans };
}
