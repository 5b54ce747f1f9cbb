import { type ProjectCalendar, WorkingCalendar } from "@core/scheduling/calendar";
import { todayUtc } from "@core/scheduling/status-date";
import type { TaskDto } from "@core/schemas/projects";
import { summaryPercents } from "@core/tasks/progress";
import { useMemo } from "react";
import { type PlanComparison, useComparedPlan } from "@/entities/baseline/components/use-compared-plan";
import type { GanttTracking } from "./gantt-tracking";

type TrackingInput = {
  projectId: number;
  /** The project's status date; null: today. */
  statusDate: string | null | undefined;
  tasks: readonly TaskDto[];
  /** Whether the plan has summaries, whose progress rolls up from their leaves. */
  outlined: boolean;
  calendar: ProjectCalendar | undefined;
  /** Seen through a public link: no plans to compare with. */
  publicLink: boolean;
};

/**
 * What the Gantt shows of tracking: the plan compared (a baseline or a past day, remembered per user
 * and project), each summary's rolled-up progress, and the status day. Made once per change of the
 * plan or of the plan compared, never per row drawn.
 */
export function useGanttTracking({
  projectId,
  statusDate,
  tasks,
  outlined,
  calendar,
  publicLink,
}: TrackingInput): { comparison: PlanComparison; tracking: GanttTracking; statusDay: string } {
  const comparison = useComparedPlan(projectId, publicLink);
  const working = useMemo(() => (calendar ? new WorkingCalendar(calendar) : null), [calendar]);
  // Rolled up here too, so a leaf's progress shows on its summaries before the server answers.
  const percents = useMemo(
    () =>
      outlined
        ? summaryPercents(
            tasks.map((task) => ({
              id: task.id,
              parentId: task.parentId ?? null,
              percentComplete: task.percentComplete ?? 0,
              duration: task.duration ?? null,
            })),
          )
        : null,
    [tasks, outlined],
  );
  const { plan } = comparison;
  const tracking = useMemo(
    () => ({ summaryPercents: percents, compare: plan ? { plan, calendar: working } : null }),
    [percents, plan, working],
  );
  return { comparison, tracking, statusDay: statusDate ?? todayUtc() };
}
