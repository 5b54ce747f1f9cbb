import type { DayBand } from "@core/gantt/non-working";
import type { TimelineColumn, TimelineGroup } from "@core/gantt/timeline";
import { columnLabel, columnTitle, groupLabel } from "@core/gantt/timeline-labels";
import type { StatusLine } from "@core/gantt/tracking-marks";
import type { GanttScaleName } from "@core/gantt/zoom";
import type * as React from "react";
import { memo } from "react";
import { cn } from "@/lib/utils";
import { GanttStatusFlag } from "./gantt-status-line";

export const HEADER_HEIGHT = 48;
const GROUP_TIER = 20;

type HeaderProps = {
  scale: GanttScaleName;
  /** The columns and groups in view (the chart draws no others). */
  columns: TimelineColumn[];
  groups: TimelineGroup[];
  width: number;
  /** Null when today lies outside the timeline. */
  todayX: number | null;
  isWorkday: (day: Date) => boolean;
  /** Where the task column ends, so group labels stay readable beside it while scrolling. */
  taskColumnWidth: number;
  taskCount: number;
  /** The status-date line, flagged in the header; null when the timeline does not hold it. */
  statusLine?: StatusLine | null;
  /** The grid columns' titles, at the task column's right end (gantt-grid-cells.tsx). */
  taskColumnTitles?: React.ReactNode;
};

/**
 * The sticky header: 'Tasks (count)' over the task column, then the timeline's scale. Memoised, as
 * the grid: the rows scrolling down leave both as they are.
 */
export const GanttHeader = memo(function GanttHeader({
  scale,
  columns,
  groups,
  width,
  todayX,
  isWorkday,
  taskColumnWidth,
  taskCount,
  statusLine = null,
  taskColumnTitles,
}: HeaderProps) {
  const columnTop = groups.length > 0 ? GROUP_TIER : 0;
  return (
    <div
      className="sticky top-0 z-30 flex border-b bg-card"
      style={{ height: HEADER_HEIGHT, width: taskColumnWidth + width }}
    >
      <div
        className="sticky left-0 z-10 flex shrink-0 items-end overflow-x-clip border-r bg-card px-3 pb-2"
        style={{ width: taskColumnWidth }}
      >
        <h3 className="mr-auto truncate text-sm font-semibold">Tasks ({taskCount})</h3>
        {taskColumnTitles}
      </div>
      <div className="relative shrink-0" style={{ width }}>
        {groups.map((group) => (
          <div
            key={group.start.getTime()}
            className="absolute top-0 border-b border-l text-xs font-medium text-muted-foreground"
            style={{ left: group.x, width: group.width, height: GROUP_TIER }}
          >
            <span className="sticky inline-block truncate px-2 leading-5" style={{ left: taskColumnWidth }}>
              {groupLabel(group.start, scale)}
            </span>
          </div>
        ))}
        {columns.map((column) => (
          <div
            key={column.start.getTime()}
            title={columnTitle(column.start, scale)}
            className={cn(
              "absolute flex items-center justify-center overflow-hidden border-l text-xs whitespace-nowrap text-muted-foreground",
              scale === "days" && !isWorkday(column.start) && "bg-muted",
            )}
            style={{ left: column.x, width: column.width, top: columnTop, bottom: 0 }}
          >
            {columnLabel(column.start, scale)}
          </div>
        ))}
        {/* In the upper row where there is one, so it does not hide today's own column label. */}
        {todayX !== null && (
          <span
            className={cn(
              "absolute z-[1] -translate-x-1/2 rounded-sm bg-primary px-1 text-[10px] leading-4 font-semibold text-primary-foreground",
              groups.length > 0 ? "top-0.5" : "bottom-0.5",
            )}
            style={{ left: todayX }}
          >
            Today
          </span>
        )}
        {/* In the tier Today's flag is not in. */}
        {statusLine && <GanttStatusFlag line={statusLine} upperTier={groups.length === 0} />}
      </div>
    </div>
  );
});

type GridProps = {
  /** The columns in view. */
  columns: TimelineColumn[];
  /** Non-working days in view (Days and Weeks scales). */
  offDays: DayBand[];
  height: number;
  left: number;
  todayX: number | null;
};

/** Behind the rows: the column lines, non-working days shaded and the Today marker line. */
export const GanttGrid = memo(function GanttGrid({ columns, offDays, height, left, todayX }: GridProps) {
  return (
    <div aria-hidden className="pointer-events-none absolute top-0" style={{ left, height }}>
      {offDays.map((band) => (
        <div
          key={band.x}
          data-gantt-off-day
          className="absolute inset-y-0 bg-muted/70"
          style={{ left: band.x, width: band.width }}
        />
      ))}
      {columns.map((column) => (
        <div
          key={column.start.getTime()}
          className="absolute inset-y-0 border-l border-border/70"
          style={{ left: column.x, width: column.width }}
        />
      ))}
      {todayX !== null && (
        <div
          data-gantt-today
          className="absolute inset-y-0 z-[1] w-0.5 -translate-x-1/2 bg-primary/80"
          style={{ left: todayX }}
        />
      )}
    </div>
  );
});
