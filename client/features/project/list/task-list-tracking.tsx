// The task list's tracking columns (docs/spec/tracking.md): % complete, actual start and finish,
// and against the plan compared (a baseline or a past day: the one the Gantt compares with, or
// chosen here) its start and finish and the start and finish variance in working days
// (core/scheduling/variance.ts). Only the rows drawn read them: the list is virtualised, and the
// compared plan's tasks are mapped by id once per answer (entities/baseline/model/compared-plan.ts).
import { type ProjectCalendar, WorkingCalendar } from "@core/scheduling/calendar";
import { scheduleVariance, varianceWords } from "@core/scheduling/variance";
import type { TaskDto } from "@core/schemas/projects";
import type { TaskSchedule } from "@core/schemas/scheduling";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { ComparedPlan } from "@/entities/baseline/model/compared-plan";
import { formatTaskDate } from "@/lib/task-dates";
import { cn } from "@/lib/utils";

export const PROGRESS_COLUMNS = ["percentComplete", "actualStart", "actualFinish"] as const;
/** Offered only while a plan (a baseline or a past day) is compared. */
export const BASELINE_COLUMNS = [
  "baselineStart",
  "baselineFinish",
  "startVariance",
  "finishVariance",
] as const;
export type TrackingColumn = (typeof PROGRESS_COLUMNS)[number] | (typeof BASELINE_COLUMNS)[number];

export const TRACKING_COLUMN_TITLES: Record<TrackingColumn, string> = {
  percentComplete: "% complete",
  actualStart: "Actual start",
  actualFinish: "Actual finish",
  baselineStart: "Baseline start",
  baselineFinish: "Baseline finish",
  startVariance: "Start variance",
  finishVariance: "Finish variance",
};

export const TRACKING_COLUMN_WIDTHS: Record<TrackingColumn, string> = {
  percentComplete: "5rem",
  actualStart: "6rem",
  actualFinish: "6rem",
  baselineStart: "6rem",
  baselineFinish: "6rem",
  startVariance: "6rem",
  finishVariance: "6rem",
};

export const isBaselineColumn = (column: string) => (BASELINE_COLUMNS as readonly string[]).includes(column);

/** The plan the list compares with and the calendar its variance is counted on. */
export type ListComparison = { plan: ComparedPlan; calendar: WorkingCalendar | null } | null;

const ListComparisonContext = createContext<ListComparison>(null);
export const ListComparisonProvider = ListComparisonContext.Provider;
export const useListComparison = () => useContext(ListComparisonContext);

/** The comparison the list's rows read, made once per compared plan or calendar. */
export function useListComparisonValue(
  plan: ComparedPlan | null,
  calendar: ProjectCalendar | undefined,
): ListComparison {
  const working = useMemo(() => (calendar ? new WorkingCalendar(calendar) : null), [calendar]);
  return useMemo(() => (plan ? { plan, calendar: working } : null), [plan, working]);
}

const NoValue = () => (
  <>
    <span aria-hidden>—</span>
    <span className="sr-only">none</span>
  </>
);

/** "+3 d" later (red: behind the plan), "−2 d" earlier, "0 d"; its words in the abbreviation's title. */
function VarianceValue({ days, words }: { days: number | null; words: string | null }) {
  if (days === null) return <NoValue />;
  return (
    <span title={words ?? undefined} className={cn("tabular-nums", days > 0 && "font-medium text-danger")}>
      {days > 0 ? "+" : days < 0 ? "\u2212" : ""}
      {Math.abs(days)} <abbr title="working days">d</abbr>
    </span>
  );
}

type ScheduledTask = TaskDto & { schedule?: TaskSchedule | null };

/** A tracking column's value for a task. */
export function trackingValue(
  column: TrackingColumn,
  task: ScheduledTask,
  comparison: ListComparison,
): ReactNode {
  switch (column) {
    case "percentComplete":
      return <span className="tabular-nums">{task.percentComplete ?? 0}%</span>;
    case "actualStart":
      return formatTaskDate(task.actualStart) ?? <NoValue />;
    case "actualFinish":
      return formatTaskDate(task.actualFinish) ?? <NoValue />;
  }
  if (!comparison) return <NoValue />;
  const saved = comparison.plan.tasks.get(task.id);
  if (column === "baselineStart") return formatTaskDate(saved?.start) ?? <NoValue />;
  if (column === "baselineFinish") return formatTaskDate(saved?.finish) ?? <NoValue />;
  if (!comparison.calendar) return <NoValue />;
  const variance = scheduleVariance(comparison.calendar, task.schedule, saved);
  const name = comparison.plan.name;
  return column === "startVariance" ? (
    <VarianceValue days={variance.start} words={varianceWords("Start", variance.start, name)} />
  ) : (
    <VarianceValue days={variance.finish} words={varianceWords("Finish", variance.finish, name)} />
  );
}
