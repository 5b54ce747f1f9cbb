import type { StatusLine } from "@core/gantt/tracking-marks";
import { memo } from "react";
import { cn } from "@/lib/utils";

/**
 * The status-date line over the rows, at the end of the status day (docs/spec/tracking.md): what a
 * task is judged late against. Dashed, in the foreground's colour, so it stays distinct from the
 * solid Today line even on the same day.
 */
export const GanttStatusLine = memo(function GanttStatusLine({
  line,
  left,
  height,
}: {
  line: StatusLine;
  /** Where the timeline starts: the task column's width. */
  left: number;
  height: number;
}) {
  return (
    <div
      role="img"
      aria-label={line.label}
      title={line.label}
      data-gantt-status-line={line.day}
      className="pointer-events-none absolute top-0 z-[1] w-0 -translate-x-px border-l-2 border-dashed border-foreground/60"
      style={{ left: left + line.x, height }}
    />
  );
});

/**
 * The status line's flag in the header: "Status date" over the status day's column, ending at the
 * line; in the header's other tier than Today's flag, so the two never cover each other.
 */
export function GanttStatusFlag({ line, upperTier }: { line: StatusLine; upperTier: boolean }) {
  return (
    <span
      aria-hidden
      data-gantt-status-flag
      title={line.label}
      className={cn(
        "absolute z-[1] -translate-x-full rounded-sm border border-foreground/60 bg-card px-1 text-[10px] leading-[14px] font-semibold whitespace-nowrap text-foreground",
        upperTier ? "top-0.5" : "bottom-0.5",
      )}
      style={{ left: line.x }}
    >
      Status date
    </span>
  );
}
