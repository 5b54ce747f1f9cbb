// What a Gantt bar shows of tracking (docs/spec/tracking.md): the share done filled darker from its
// start, a clock for a task behind its schedule at the status date, and the words of both (and of
// a compared baseline's variance) as the bar's description.
import { Clock } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

/** The id of a bar's hidden tracking words, which its aria-describedby names. */
export const trackingWordsId = (taskId: number) => `gantt-tracking-${taskId}`;

/**
 * The darker fill over the first `percent` % of a bar's width. Drawn inside the bar's border, so a
 * bar done in full is filled edge to edge.
 */
export function GanttProgressFill({
  percent,
  color,
  className,
}: {
  percent: number;
  /** The fill's colour; by default the bar's text colour, faint. */
  color?: string;
  className?: string;
}) {
  if (percent <= 0) return null;
  const style: React.CSSProperties = { width: `${percent}%` };
  if (color) style.backgroundColor = color;
  return (
    <span
      aria-hidden
      data-gantt-progress={percent}
      className={cn(
        "pointer-events-none absolute inset-y-0 left-0",
        percent >= 100 ? "rounded-[inherit]" : "rounded-l-[inherit]",
        className,
      )}
      style={style}
    />
  );
}

/**
 * A task behind its schedule at the status date: a small amber clock at the bar's lower left,
 * distinct from the red of a missed constraint or deadline (negative float).
 */
export function GanttBehindMark({ label }: { label: string }) {
  return (
    <span
      aria-hidden
      data-gantt-behind-mark
      title={label}
      className="absolute -bottom-2 -left-2 z-[2] flex size-4 items-center justify-center rounded-full bg-warning-solid text-warning-solid-foreground ring-2 ring-card"
    >
      <Clock className="size-2.5" aria-hidden />
    </span>
  );
}

/** The bar's tracking words, hidden; the bar names them in its aria-describedby. */
export function TrackingWords({ taskId, words }: { taskId: number; words: string }) {
  return (
    <span id={trackingWordsId(taskId)} className="sr-only">
      {words}
    </span>
  );
}
