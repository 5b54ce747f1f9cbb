import type { BarTiming } from "@core/gantt/bar-timing";
import type { GanttRow } from "@core/gantt/rows";
import { deadlineMark, lateWords } from "@core/gantt/schedule-marks";
import { barGeometry, dateToX } from "@core/gantt/timeline";
import type { ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { memo } from "react";
import type { RowSelection } from "@/features/project/components/outline-selection";
import {
  dropMarkOf,
  type TreeDragHandlers,
  type TreeDragState,
} from "@/features/project/components/use-tree-drag";
import { GanttBar } from "./gantt-bar";
import { GanttBaselineBar } from "./gantt-baseline-bar";
import { GanttDeadlineMarker } from "./gantt-deadline-marker";
import { GanttGridCells, type GridModel } from "./gantt-grid-cells";
import { barDatesLabel, NOT_SCHEDULED, rowDatesLabel } from "./gantt-labels";
import { TrackingWords, trackingWordsId } from "./gantt-progress";
import { GroupRow, TaskRow } from "./gantt-rows";
import { GanttSummaryBar } from "./gantt-summary-bar";
import { type GanttTracking, rowTracking } from "./gantt-tracking";
import type { BarHandlers, BarPreview } from "./use-bar-drag";
import type { GanttModel } from "./use-gantt-model";
import { type RowReorderHandlers, type RowReorderState, rowOffset } from "./use-row-reorder";

/**
 * What every row of the chart reads besides its own place. The chart makes it once per change of
 * the plan, the zoom, the column's width or a drag, never per scroll frame: a row still in view
 * then keeps its drawing (ChartRow is memoised), and only the rows coming into view are drawn.
 */
export type ChartRows = {
  model: GanttModel;
  taskColumnWidth: number;
  canEdit: boolean;
  showCritical: boolean;
  timingOf: (taskId: number) => BarTiming | undefined;
  dragMoves: Map<number, BarTiming>;
  groupSpans: Map<string, { left: number; width: number }>;
  /** Each task's name, for a bar's warning about the prerequisites it starts before. */
  names: Map<number, string>;
  barDrag: { preview: BarPreview | null; handlers: BarHandlers };
  reorder: { state: RowReorderState | null; handlers: RowReorderHandlers };
  summaryCompleted?: ReadonlyMap<number, boolean>;
  onOpenTask: (task: TaskDto) => void;
  onToggleGroup: (key: string) => void;
  onToggleCollapse?: (task: TaskDto) => void;
  selection?: RowSelection;
  treeDrag?: { state: TreeDragState | null; handlers: TreeDragHandlers };
  /** The tasks on the driving path shown (driving-path-context.tsx); null while none is. */
  drivingPath: ReadonlySet<number> | null;
  /** The ids of the hidden helps a task's name and grip are described by. */
  helpIds: { outline: string; treeDrag: string };
  /** Progress, lateness at the status date, and the baseline compared (gantt-tracking.ts). */
  tracking: GanttTracking;
  /** The grid's columns beside the names (gantt-grid-cells.tsx); none shown when absent or empty. */
  grid?: GridModel;
};

const NO_WARNINGS: string[] = [];
/** A conflict the schedule gives no words for. */
const UNMET_CONSTRAINT = "a constraint or deadline of it is not met";

/** One row of the chart: a category's, a summary's with its bracket, or a task's with its bar. */
export const ChartRow = memo(function ChartRow({
  row,
  top,
  rows,
}: {
  row: GanttRow<TaskDto>;
  top: number;
  rows: ChartRows;
}) {
  const { model, taskColumnWidth, canEdit, timingOf, onOpenTask, selection, treeDrag } = rows;
  const { window, width } = model;
  if (row.kind === "group") {
    return (
      <GroupRow
        top={top}
        taskColumnWidth={taskColumnWidth}
        timelineWidth={width}
        category={row.categoryId === null ? undefined : model.categories.get(row.categoryId)}
        count={row.count}
        collapsed={row.collapsed}
        onToggle={() => rows.onToggleGroup(row.key)}
        span={rows.groupSpans.get(row.key) ?? null}
      />
    );
  }
  const { task } = row;
  const outlineRow = model.tree?.rowOf.get(task.id);
  const { schedule } = task as ScheduledTaskDto;
  const onPath = rows.drivingPath ? (rows.drivingPath.has(task.id) ? "on" : "off") : null;
  const deadline = deadlineMark({ deadline: task.deadline, schedule }, window);
  const deadlineMarker = deadline && <GanttDeadlineMarker mark={deadline} />;
  const tracked = rowTracking(task as ScheduledTaskDto, rows.tracking, window);
  const trackingId = trackingWordsId(task.id);
  const trackingMarks = (summary: boolean) => (
    <>
      <TrackingWords taskId={task.id} words={tracked.words} />
      {tracked.baselineBar && (
        <GanttBaselineBar
          taskId={task.id}
          left={tracked.baselineBar.left}
          width={tracked.baselineBar.width}
          title={tracked.baselineBar.title}
          summary={summary}
        />
      )}
    </>
  );
  const { grid } = rows;
  const gridCells = (span?: { start: Date; end: Date } | null) =>
    grid && grid.columns.length > 0 ? (
      <GanttGridCells task={task} grid={grid} summary={outlineRow?.summary ?? false} span={span} />
    ) : undefined;
  // What every task row takes, summary or not.
  const rowProps = {
    editing: grid?.editing.editing?.taskId === task.id,
    top,
    taskColumnWidth,
    timelineWidth: width,
    task,
    canEdit,
    reorder: rows.reorder.handlers,
    onOpen: onOpenTask,
    outline: outlineRow,
    ...(selection
      ? {
          selected: selection.selected.has(task.id),
          onSelect: (chosen: TaskDto, how: "toggle" | "range") => selection.onSelect(chosen.id, how),
          describedBy: rows.helpIds.outline,
        }
      : {}),
    // Its part in a drag within the tree: the one dragged, and the drop shown on it.
    ...(treeDrag && model.tree
      ? {
          treeDrag: {
            handlers: treeDrag.handlers,
            dragging: treeDrag.state?.taskId === task.id,
            carried: (treeDrag.state?.keyboard && treeDrag.state.taskId === task.id) ?? false,
            mark: dropMarkOf(treeDrag.state, task.id),
            describedBy: rows.helpIds.treeDrag,
          },
        }
      : {}),
  };
  if (outlineRow?.summary) {
    const span = timingOf(task.id);
    const geometry = span ? barGeometry(span, window) : null;
    const completed = rows.summaryCompleted?.get(task.id) ?? task.completed;
    const datesLabel = span ? barDatesLabel(span.start, span.end) : NOT_SCHEDULED;
    return (
      <TaskRow
        {...rowProps}
        datesLabel={datesLabel}
        offset={0}
        dragging={false}
        completed={completed}
        onToggleCollapse={rows.onToggleCollapse}
        cells={gridCells(span ?? null)}
      >
        {geometry && (
          <GanttSummaryBar
            task={task}
            datesLabel={datesLabel}
            left={geometry.left}
            width={geometry.width}
            completed={completed}
            onOpen={onOpenTask}
            drivingPath={onPath}
            progress={tracked.progress}
            behindSchedule={tracked.behind}
            trackingId={trackingId}
          />
        )}
        {trackingMarks(true)}
        {deadlineMarker}
      </TaskRow>
    );
  }
  const { preview: dragged } = rows.barDrag;
  const preview = dragged?.taskId === task.id ? dragged : null;
  const movedByDrag = rows.dragMoves.has(task.id);
  const timing = timingOf(task.id);
  if (!timing) return null;
  const geometry = barGeometry(timing, window);
  const color = task.categoryId === null ? null : (model.categories.get(task.categoryId)?.color ?? null);
  const mark = model.marks.get(task.id);
  const kind = mark?.kind ?? "dated";
  const datesLabel = rowDatesLabel(kind, timing, schedule);
  const floatWidth =
    mark?.floatEnd && !preview && !movedByDrag
      ? Math.max(0, dateToX(mark.floatEnd, window) - geometry.left - geometry.width)
      : 0;
  const warnedBy = model.warnings.get(task.id);
  return (
    <TaskRow
      {...rowProps}
      datesLabel={datesLabel}
      offset={rowOffset(rows.reorder.state, task.id, row.groupKey, row.indexInGroup)}
      dragging={rows.reorder.state?.taskId === task.id}
      cells={gridCells()}
    >
      <GanttBar
        task={task}
        datesLabel={datesLabel}
        kind={kind}
        milestone={mark?.milestone ?? false}
        left={geometry.left}
        width={geometry.width}
        floatWidth={floatWidth}
        color={color}
        critical={rows.showCritical && model.critical.taskIds.has(task.id)}
        warningNames={warnedBy ? warnedBy.map((id) => rows.names.get(id) ?? "a prerequisite") : NO_WARNINGS}
        late={lateWords(schedule)}
        conflict={schedule?.conflict ? (schedule.conflictReason ?? UNMET_CONSTRAINT) : null}
        progress={tracked.progress}
        behindSchedule={tracked.behind}
        trackingId={trackingId}
        drivingPath={onPath}
        onOpen={onOpenTask}
        canEdit={canEdit}
        preview={preview}
        movedByDrag={movedByDrag}
        handlers={rows.barDrag.handlers}
      />
      {trackingMarks(false)}
      {deadlineMarker}
    </TaskRow>
  );
});
