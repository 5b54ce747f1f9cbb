import type { BarKind } from "@core/gantt/scheduled-bars";
import type { TaskDto } from "@core/schemas/projects";
import { TriangleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";
import { barDatesLabel } from "./gantt-labels";
import { GanttBehindMark, GanttProgressFill } from "./gantt-progress";
import type { BarHandlers, BarPreview } from "./use-bar-drag";

/** The id of the hidden text that tells keyboard users how to move a bar. */
export const BAR_HELP_ID = "gantt-bar-help";
export const BAR_HELP =
  "Drag to move the dates; drag an edge to change the start or the end. With the keyboard: arrow keys move the bar a day, Shift with an arrow moves the end, Alt with an arrow moves the start, Enter opens the task.";

type GanttBarProps = {
  task: TaskDto;
  /** The dates it stands for (rowDatesLabel). */
  datesLabel: string;
  /** Scheduled, dated, or not scheduled (hatched, its bar only a placeholder from now). */
  kind: BarKind;
  /** Drawn as a diamond at the end of its day. */
  milestone: boolean;
  left: number;
  width: number;
  /** How far its total float runs past its end, in pixels (a thin tail); 0 without float. */
  floatWidth: number;
  /** The category colour, if the task has a category. */
  color: string | null;
  critical: boolean;
  /** Names of the prerequisites the bar starts before the end of. */
  warningNames: string[];
  /** Its negative total float in words ("3 working days late"): drawn red; null when on time. */
  late: string | null;
  /** A constraint or deadline of it is missed: the conflict in words, shown by a button at its end. */
  conflict: string | null;
  /** Its percentComplete, filled darker from its start (0..100). */
  progress: number;
  /** Behind its schedule at the status date (schedule.late): "Behind schedule" marked by a clock. */
  behindSchedule: string | null;
  /** The id of its tracking words (progress, lateness, variance), which describe it; null: none. */
  trackingId: string | null;
  /** On the driving path shown (highlighted), or off it while one is shown (dimmed); null: none shown. */
  drivingPath: "on" | "off" | null;
  /** The conflict button opens the task, whose dialog explains it. */
  onOpen: (task: TaskDto) => void;
  canEdit: boolean;
  preview: BarPreview | null;
  /** Moved by the bar being dragged: drawn where the drop will put it. */
  movedByDrag: boolean;
  handlers: BarHandlers;
};

export const MILESTONE_SIZE = 20;
const NAME_PADDING = 8;
/** About how wide a name is drawn in the bar's 12 px medium type: 6.6 px a character. */
const nameWidth = (name: string) => Math.ceil(name.length * 6.6);
/** Diagonal stripes over a bar that is only a placeholder (a task with no dates). */
const HATCH =
  "repeating-linear-gradient(135deg, transparent 0 5px, color-mix(in oklab, var(--muted-foreground) 25%, transparent) 5px 7px)";

/** A bar late on a constraint or deadline (negative float): the theme's destructive colour. */
const LATE_COLORS: React.CSSProperties = {
  backgroundColor: "color-mix(in oklab, var(--destructive) var(--bar-late-tint), var(--background))",
  borderColor: "var(--destructive)",
};

/** The darker fill of the share done, in the bar's own hue. */
const progressColor = (color: string | null, late: boolean): string =>
  late
    ? "color-mix(in oklab, var(--destructive) var(--bar-late-progress-tint), var(--background))"
    : color
      ? `color-mix(in srgb, ${color} var(--bar-progress-tint), var(--background))`
      : "color-mix(in oklab, var(--primary) var(--bar-plain-progress-tint), var(--background))";

const barColors = (color: string | null, late: boolean): React.CSSProperties =>
  late
    ? LATE_COLORS
    : color
      ? {
          backgroundColor: `color-mix(in srgb, ${color} var(--bar-tint), var(--background))`,
          borderColor: color,
        }
      : {
          backgroundColor: "color-mix(in oklab, var(--primary) var(--bar-plain-tint), var(--background))",
          borderColor: "color-mix(in oklab, var(--primary) 70%, var(--background))",
        };

/** One task's bar: drag it to move both dates, drag an edge handle to resize; click opens the task. */
export function GanttBar({
  task,
  datesLabel,
  kind,
  milestone,
  left,
  width,
  floatWidth,
  color,
  critical,
  warningNames,
  late,
  conflict,
  progress,
  behindSchedule,
  trackingId,
  drivingPath,
  onOpen,
  canEdit,
  preview,
  movedByDrag,
  handlers,
}: GanttBarProps) {
  const dates = milestone ? `Milestone, ${datesLabel}` : datesLabel;
  const warning =
    warningNames.length > 0
      ? `Starts before ${warningNames.map((name) => `"${name}"`).join(", ")} ${warningNames.length === 1 ? "ends" : "end"}`
      : null;
  // Inside only when the whole name fits: a name cut to "Pack o..." says less than one beside the bar.
  const nameInside = !milestone && width >= nameWidth(task.name) + 2 * NAME_PADDING;
  const unscheduled = kind === "unscheduled";
  // A milestone is a diamond centred on the end of its day.
  const box = milestone
    ? { left: left + width - MILESTONE_SIZE / 2, width: MILESTONE_SIZE }
    : { left, width };
  const handle = (side: "start" | "end") => (
    <span
      aria-hidden
      data-handle={side}
      title={side === "start" ? "Drag to change the start date" : "Drag to change the end date"}
      onPointerDown={(event) => handlers.onPointerDown(event, task, side)}
      className={cn(
        "absolute inset-y-0 z-[1] w-2 cursor-ew-resize touch-none hover:bg-foreground/15",
        side === "start" ? "-left-1 rounded-l-md" : "-right-1 rounded-r-md",
      )}
    />
  );

  const onPath = drivingPath === "on";
  const name = [
    `${task.name}: ${dates}`,
    warning,
    late,
    conflict && "A constraint or deadline is not met",
    critical && "On the critical path",
    onPath && "On the driving path",
  ]
    .filter(Boolean)
    .join(". ");

  return (
    <>
      <div
        role="button"
        tabIndex={0}
        data-gantt-bar={task.id}
        data-late={late ? "true" : undefined}
        data-gantt-late-progress={behindSchedule ? "true" : undefined}
        data-driving-path={onPath ? "true" : undefined}
        title={late ?? undefined}
        aria-label={name}
        aria-describedby={[trackingId, canEdit && BAR_HELP_ID].filter(Boolean).join(" ") || undefined}
        onPointerDown={(event) => handlers.onPointerDown(event, task, "move")}
        onPointerMove={handlers.onPointerMove}
        onPointerUp={handlers.onPointerUp}
        onPointerCancel={handlers.onPointerCancel}
        onKeyDown={(event) => handlers.onKeyDown(event, task)}
        data-bar-kind={milestone ? "milestone" : kind}
        data-moved-by-drag={movedByDrag || undefined}
        style={{
          ...box,
          ...(milestone ? {} : barColors(color, late !== null)),
          ...(unscheduled ? { backgroundImage: HATCH } : {}),
        }}
        className={cn(
          "absolute top-2.5 z-[2] flex h-7 items-center rounded-md border text-xs font-medium text-foreground shadow-xs outline-none select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1",
          canEdit ? "cursor-grab touch-none active:cursor-grabbing" : "cursor-pointer",
          task.completed && "opacity-60",
          unscheduled && "border-dashed",
          milestone && "justify-center border-0 bg-transparent shadow-none",
          critical && "ring-2 ring-gantt-critical ring-offset-1 ring-offset-background",
          onPath && "ring-[3px] ring-primary ring-offset-1",
          drivingPath === "off" && "opacity-45",
          preview && "shadow-md",
          movedByDrag && "outline-2 outline-offset-1 outline-dashed outline-primary/60",
          preview?.invalid && "ring-2 ring-destructive",
        )}
      >
        {milestone && (
          <span
            aria-hidden
            className="size-4 rotate-45 rounded-[2px] border-2"
            style={{
              backgroundColor: late ? "var(--destructive)" : (color ?? "var(--primary)"),
              borderColor: "var(--card)",
            }}
          />
        )}
        {floatWidth > 0 && (
          <span
            aria-hidden
            data-float-tail
            title="Total float: how far it can slip without moving the project's finish"
            // Along the bar's lower edge, so it never runs through the name beside the bar.
            className="pointer-events-none absolute bottom-0 left-full h-0.5 bg-muted-foreground/50"
            style={{ width: floatWidth }}
          />
        )}
        {!milestone && <GanttProgressFill percent={progress} color={progressColor(color, late !== null)} />}
        {canEdit && !milestone && handle("start")}
        {/* Positioned, so it is drawn over the progress fill. */}
        {nameInside && <span className="relative min-w-0 truncate px-2 whitespace-nowrap">{task.name}</span>}
        {canEdit && !milestone && handle("end")}
        {!nameInside && (
          // On the card's colour, so an arrow or float line passing behind it does not strike it through.
          <span
            className={cn(
              "pointer-events-none absolute left-full z-[1] max-w-56 truncate rounded-sm bg-card/90 px-1 text-muted-foreground",
              conflict ? "ml-7" : "ml-1.5",
            )}
          >
            {task.name}
          </span>
        )}
        {warning && (
          <span
            role="img"
            aria-label={warning}
            title={warning}
            className="absolute -top-2 -right-2 z-[2] flex size-4 items-center justify-center rounded-full bg-warning-solid text-warning-solid-foreground ring-2 ring-card"
          >
            <TriangleAlert className="size-2.5" aria-hidden />
          </span>
        )}
        {behindSchedule && <GanttBehindMark label={behindSchedule} />}
        {preview && (
          <span
            role="status"
            className={cn(
              "pointer-events-none absolute bottom-full left-0 z-[25] mb-1 rounded px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap shadow",
              preview.invalid
                ? "bg-destructive text-destructive-foreground"
                : "bg-foreground text-background",
            )}
          >
            {preview.invalid ?? barDatesLabel(preview.timing.start, preview.timing.end)}
          </span>
        )}
      </div>
      {conflict && (
        <button
          type="button"
          data-gantt-conflict={task.id}
          aria-label={`Conflict: ${conflict}`}
          title={`Conflict: ${conflict}`}
          onClick={() => onOpen(task)}
          className="absolute top-3.5 z-[3] flex size-5 items-center justify-center rounded-full bg-destructive text-destructive-foreground shadow-xs outline-none hover:bg-destructive/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1"
          style={{ left: box.left + box.width + 3 }}
        >
          <TriangleAlert className="size-3" aria-hidden />
        </button>
      )}
    </>
  );
}
