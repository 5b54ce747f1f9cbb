import { cn } from "@/lib/utils";

type GanttBaselineBarProps = {
  taskId: number;
  left: number;
  width: number;
  /** "“Baseline”: May 4 – May 8, 2026" ("“Mar 3, 2026”: …" for a past day), its tooltip; the bar's own description says the variance. */
  title: string;
  /** Drawn under a summary's bracket rather than a task's bar. */
  summary?: boolean;
};

/**
 * The compared plan's thin bar under a task's bar: where a baseline had the task when it was saved,
 * or where the plan had it at the end of a past day.
 * Only the rows in view draw one (the chart's rows are virtualised).
 */
export function GanttBaselineBar({ taskId, left, width, title, summary = false }: GanttBaselineBarProps) {
  return (
    <div
      aria-hidden
      data-gantt-baseline-bar={taskId}
      title={title}
      className={cn(
        "absolute z-[1] h-1.5 rounded-full border border-muted-foreground/70 bg-muted-foreground/35",
        summary ? "top-8" : "top-[39px]",
      )}
      style={{ left, width }}
    />
  );
}
