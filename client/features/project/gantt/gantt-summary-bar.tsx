import type { TaskDto } from "@core/schemas/projects";
import { cn } from "@/lib/utils";
import { GanttBehindMark, GanttProgressFill } from "./gantt-progress";

type GanttSummaryBarProps = {
  task: TaskDto;
  /** The dates it spans, rolled up from the tasks under it. */
  datesLabel: string;
  left: number;
  width: number;
  /** Every leaf under it is completed. */
  completed: boolean;
  onOpen: (task: TaskDto) => void;
  /** On the driving path shown, or off it while one is shown; null: none shown. */
  drivingPath?: "on" | "off" | null;
  /** Its rolled-up percentComplete (0..100): the bracket's band is filled darker that far. */
  progress?: number;
  /** A task under it is behind its schedule at the status date: "Behind schedule", marked by a clock. */
  behindSchedule?: string | null;
  /** The id of its tracking words (progress, lateness, variance), which describe it. */
  trackingId?: string | null;
};

/** A bracket too narrow to see is drawn at least this wide. */
const MIN_WIDTH = 8;

/**
 * A summary task's bar: a bracket (a thin bar with a downward tick at each end) from the earliest
 * start to the latest finish of the tasks under it. Its dates follow theirs, so it neither moves nor
 * resizes; a click or Enter opens the task.
 */
export function GanttSummaryBar({
  task,
  datesLabel,
  left,
  width,
  completed,
  onOpen,
  drivingPath = null,
  progress = 0,
  behindSchedule = null,
  trackingId = null,
}: GanttSummaryBarProps) {
  const shown = Math.max(width, MIN_WIDTH);
  return (
    <div
      role="button"
      tabIndex={0}
      data-gantt-bar={task.id}
      data-bar-kind="summary"
      data-driving-path={drivingPath === "on" ? "true" : undefined}
      data-gantt-late-progress={behindSchedule ? "true" : undefined}
      aria-describedby={trackingId ?? undefined}
      aria-label={`${task.name}: summary, ${datesLabel}${drivingPath === "on" ? ". On the driving path" : ""}`}
      onClick={() => onOpen(task)}
      onKeyDown={(event) => {
        if (event.key === "Enter") onOpen(task);
      }}
      style={{ left, width: shown }}
      className={cn(
        "absolute top-3.5 z-[2] h-3.5 cursor-pointer rounded-[1px] text-foreground outline-none select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1",
        completed && "opacity-60",
        drivingPath === "on" && "text-primary ring-2 ring-primary ring-offset-2",
        drivingPath === "off" && "opacity-45",
      )}
    >
      {/* The band: faint where not done, full where done (its rolled-up progress). */}
      <span aria-hidden className="absolute inset-x-0 top-0 h-1.5 bg-current/45" />
      <span aria-hidden className="absolute inset-x-0 top-0 h-1.5">
        <GanttProgressFill percent={progress} className="bg-current" />
      </span>
      <span
        aria-hidden
        data-bracket-tick="start"
        className="absolute top-0 left-0 h-full w-1.5 bg-current [clip-path:polygon(0_0,100%_0,100%_45%,0_100%)]"
      />
      <span
        aria-hidden
        data-bracket-tick="end"
        className="absolute top-0 right-0 h-full w-1.5 bg-current [clip-path:polygon(0_0,100%_0,100%_100%,0_45%)]"
      />
      {behindSchedule && <GanttBehindMark label={behindSchedule} />}
      {/* On the card's colour, so an arrow passing behind it does not strike it through. */}
      <span className="pointer-events-none absolute top-1/2 left-full z-[1] ml-1.5 max-w-56 -translate-y-1/2 truncate rounded-sm bg-card/90 px-1 text-xs font-semibold whitespace-nowrap text-muted-foreground">
        {task.name}
      </span>
    </div>
  );
}
