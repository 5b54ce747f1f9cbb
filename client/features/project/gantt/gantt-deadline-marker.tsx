import type { DeadlineMark } from "@core/gantt/schedule-marks";
import { cn } from "@/lib/utils";

/**
 * A task's deadline on its row (deadlineMark in core/gantt/schedule-marks.ts): a small downward
 * triangle over a thin line at the end of the deadline's day, red when the task finishes after it.
 * It never takes the pointer, so the bar under it still moves.
 */
export function GanttDeadlineMarker({ mark }: { mark: DeadlineMark }) {
  const title = mark.missed ? `${mark.label}: the task finishes after it` : mark.label;
  return (
    <span
      role="img"
      aria-label={mark.label}
      title={title}
      data-gantt-deadline={mark.day}
      data-missed={mark.missed || undefined}
      className={cn(
        "pointer-events-none absolute top-0.5 bottom-1 z-[3] flex w-2.5 -translate-x-1/2 flex-col items-center",
        mark.missed ? "text-destructive" : "text-success",
      )}
      style={{ left: mark.x }}
    >
      <svg aria-hidden viewBox="0 0 10 8" className="size-2.5 shrink-0 fill-current">
        <path d="M0 0h10L5 8z" />
      </svg>
      <span aria-hidden className="w-px flex-1 bg-current opacity-70" />
    </span>
  );
}
