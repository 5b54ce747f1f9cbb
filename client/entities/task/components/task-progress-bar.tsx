// A task's progress as a thin bar (docs/spec/tracking.md): the kanban card and the graph's cards
// show it while work is under way, between 0 % and completed.
import { cn } from "@/lib/utils";

/** What the bar is called, for screen readers and tests: "40 % complete". */
export const progressLabel = (percent: number) => `${percent} % complete`;

/**
 * Whether a card shows the bar: some progress, not yet completed (a completed task's line-through
 * says it all, and 0 % adds nothing).
 * @example showsProgress({ percentComplete: 40, completed: false }) // true
 */
export const showsProgress = (task: { percentComplete: number; completed: boolean }) =>
  task.percentComplete > 0 && !task.completed;

/** A thin bar filled to `percent`, with the percent written after it. */
export function TaskProgressBar({ percent, className }: { percent: number; className?: string }) {
  const shown = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <span data-task-progress={shown} className={cn("flex items-center gap-2", className)}>
      <span
        role="progressbar"
        aria-valuenow={shown}
        aria-valuemin={0}
        aria-valuemax={100}
        // Also what a card that is a button says of it, in its own name.
        aria-valuetext={progressLabel(shown)}
        aria-label={progressLabel(shown)}
        className="relative block h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-foreground/10"
      >
        <span className="absolute inset-y-0 left-0 rounded-full bg-primary" style={{ width: `${shown}%` }} />
      </span>
      <span aria-hidden className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {shown} %
      </span>
    </span>
  );
}
