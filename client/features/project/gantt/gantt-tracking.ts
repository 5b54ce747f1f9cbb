// What a Gantt row shows of tracking, worked out only for the rows drawn (the rows are
// virtualised): its progress, whether it is behind at the status date, and against the compared
// plan (a saved baseline or a past day) its thin bar and variance (core/scheduling/variance.ts),
// all in words for its bar.

import { dayStart } from "@core/gantt/scheduled-bars";
import type { TimelineWindow } from "@core/gantt/timeline";
import { BEHIND_SCHEDULE, baselineBar, progressFill, progressWords } from "@core/gantt/tracking-marks";
import type { WorkingCalendar } from "@core/scheduling/calendar";
import { scheduleVariance, varianceWords } from "@core/scheduling/variance";
import type { ScheduledTaskDto } from "@core/schemas/projects";
import type { ComparedPlan } from "@/entities/baseline/model/compared-plan";
import { barDatesLabel } from "./gantt-labels";

/** What the chart knows of tracking, made once per change of the plan or of the plan compared. */
export type GanttTracking = {
  /** Each summary's rolled-up percent (a plan with summaries); a leaf reads its own. */
  summaryPercents: ReadonlyMap<number, number> | null;
  /** The plan compared, and the calendar its variance is counted on (null: none to count on). */
  compare: { plan: ComparedPlan; calendar: WorkingCalendar | null } | null;
};

export type RowTracking = {
  progress: number;
  /** "Behind schedule", or null. */
  behind: string | null;
  /** The bar's description: "40% complete. Behind schedule. Finish 3 working days later than “Baseline”". */
  words: string;
  /** The compared plan's bar under it; null without one. */
  baselineBar: { left: number; width: number; title: string } | null;
};

/** A task the compared plan does not hold: added since it was saved, or since that day. */
const notInPlan = (name: string) => `Not in “${name}”`;

/**
 * A row's tracking.
 * @example rowTracking(task, tracking, window).words // "40% complete. Finish 3 working days later than “Baseline”"
 */
export function rowTracking(
  task: ScheduledTaskDto,
  tracking: GanttTracking,
  window: TimelineWindow,
): RowTracking {
  const percent = progressFill(tracking.summaryPercents?.get(task.id) ?? task.percentComplete);
  const behind = task.schedule?.late ? BEHIND_SCHEDULE : null;
  const words = [progressWords(percent), behind];
  let bar: RowTracking["baselineBar"] = null;
  const compare = tracking.compare;
  if (compare) {
    const { name, tasks } = compare.plan;
    const saved = tasks.get(task.id);
    if (!saved) words.push(notInPlan(name));
    else {
      const geometry = baselineBar(saved, window);
      if (geometry && saved.start && saved.finish)
        bar = {
          ...geometry,
          title: `“${name}”: ${barDatesLabel(dayStart(saved.start), dayStart(saved.finish))}`,
        };
      if (compare.calendar) {
        const variance = scheduleVariance(compare.calendar, task.schedule, saved);
        words.push(
          varianceWords("Start", variance.start, name),
          varianceWords("Finish", variance.finish, name),
        );
      }
    }
  }
  return { progress: percent, behind, words: words.filter(Boolean).join(". "), baselineBar: bar };
}
