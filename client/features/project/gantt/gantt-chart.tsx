import type { BarEditResult } from "@core/gantt/bar-edits";
import { nonWorkingBands } from "@core/gantt/non-working";
import { GROUP_ROW_HEIGHT, TASK_ROW_HEIGHT, type TaskGroup } from "@core/gantt/rows";
import { dateToX, itemsInView, todayScrollLeft } from "@core/gantt/timeline";
import { statusLine as statusLineOf } from "@core/gantt/tracking-marks";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { OUTLINE_KEYS_HELP, type RowSelection } from "@/features/project/components/outline-selection";
import {
  TREE_DRAG_HELP,
  type TreeDragHandlers,
  type TreeDragState,
} from "@/features/project/components/use-tree-drag";
import type { ShownDrivingPath } from "@/features/project/driving-path-context";
import { useRangeKeeping } from "@/lib/keep-mounted";
import { PROJECT_TASKS_ID } from "@/lib/skip-links";
import { cn } from "@/lib/utils";
import { GanttArrows } from "./gantt-arrows";
import { BAR_HELP, BAR_HELP_ID } from "./gantt-bar";
import { ChartRow, type ChartRows } from "./gantt-chart-row";
import { GanttGridTitles, type GridModel } from "./gantt-grid-cells";
import { ganttRowKeys } from "./gantt-row-keys";
import { GanttStatusLine } from "./gantt-status-line";
import { GanttGrid, GanttHeader, HEADER_HEIGHT } from "./gantt-timeline";
import type { GanttTracking } from "./gantt-tracking";
import { TaskColumnResizer, useTaskColumnWidth } from "./task-column-resizer";
import { useBarDrag } from "./use-bar-drag";
import { useBarTimings } from "./use-bar-timings";
import type { GanttModel } from "./use-gantt-model";
import { useRowReorder } from "./use-row-reorder";
import { useTimelineRange } from "./use-timeline-range";

type GanttChartProps = {
  model: GanttModel;
  dependencies: DependencyDto[];
  taskCount: number;
  canEdit: boolean;
  showCritical: boolean;
  /** The driving path shown: its bars and arrows highlighted, the others dimmed. */
  drivingPath: ShownDrivingPath | null;
  fullPage: boolean;
  /** Changes whenever the view should scroll back to today. */
  todayRequest: number;
  /** Told the visible timeline's width (the viewport less the task column) when it changes. */
  onVisibleWidth: (width: number) => void;
  onToggleGroup: (key: string) => void;
  onOpenTask: (task: TaskDto) => void;
  onEditDates: (task: TaskDto, result: BarEditResult) => void;
  onReorder: (task: TaskDto, group: TaskGroup<TaskDto>, toIndex: number) => void;
  /** An arrow clicked: its dependency, to see or set its type and lag. */
  onSelectDependency: (dependency: DependencyDto) => void;
  /** A summary's chevron (a plan with summaries). */
  onToggleCollapse?: (task: TaskDto) => void;
  /** A summary's completion, rolled up from its leaves. */
  summaryCompleted?: ReadonlyMap<number, boolean>;
  /** Choosing rows for Tab and Shift+Tab (editors, a plan with summaries). */
  selection?: RowSelection;
  /** Dragging rows to another place in the tree by their grips (editors, a plan with summaries). */
  treeDrag?: { state: TreeDragState | null; handlers: TreeDragHandlers };
  /** Progress, lateness and the baseline compared, for the rows drawn. */
  tracking: GanttTracking;
  /** The status day ("YYYY-MM-DD"): the project's status date, or today's UTC day. */
  statusDay: string;
  /** The grid's columns beside the names (gantt-grid-cells.tsx). */
  grid?: GridModel;
};

/** The outline keys' help, which each task name is described by while rows can be chosen. */
const OUTLINE_HELP_ID = "gantt-outline-keys";
/** The tree drag's help, which each grip is described by while rows can be moved in the tree. */
const TREE_DRAG_HELP_ID = "gantt-drag-keys";
const HELP_IDS = { outline: OUTLINE_HELP_ID, treeDrag: TREE_DRAG_HELP_ID };

/** The chart: a sticky header and task column around virtualised rows, so thousands of tasks scroll. */
export function GanttChart({
  model,
  dependencies,
  taskCount,
  canEdit,
  showCritical,
  drivingPath,
  fullPage,
  todayRequest,
  onVisibleWidth,
  onToggleGroup,
  onOpenTask,
  onEditDates,
  onReorder,
  onSelectDependency,
  onToggleCollapse,
  summaryCompleted,
  selection,
  treeDrag,
  tracking,
  statusDay,
  grid,
}: GanttChartProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewportWidth, setViewportWidth] = useState(0);
  const column = useTaskColumnWidth(viewportWidth, grid?.width ?? 0);
  const taskColumnWidth = column.shown;
  const { rows, tops, totalHeight, window, width } = model;
  const { todayShown } = model;
  const todayX = dateToX(model.now, window);
  const statusLine = useMemo(() => statusLineOf(statusDay, window), [statusDay, window]);
  const range = useTimelineRange(scrollRef, viewportWidth);
  const inView = useMemo(
    () => ({
      columns: itemsInView(model.columns, range.from, range.to),
      groups: itemsInView(model.headerGroups, range.from, range.to),
      offDays: nonWorkingBands(window, range.from, range.to, model.isWorkday),
    }),
    [model.columns, model.headerGroups, model.isWorkday, window, range.from, range.to],
  );

  const drag = useBarDrag({ window, now: model.now, canEdit, onOpen: onOpenTask, onEdit: onEditDates });
  const reorder = useRowReorder({ groups: model.groups, onReorder });

  // Made once per change of the rows: a new getItemKey has the virtualiser place every row again,
  // which at twenty thousand rows was a pass over all of them on every frame of a scroll.
  const rowSizes = useMemo(
    () => ({
      estimateSize: (index: number) => (rows[index].kind === "group" ? GROUP_ROW_HEIGHT : TASK_ROW_HEIGHT),
      getItemKey: (index: number) => rows[index].key,
    }),
    [rows],
  );
  // The row dragged in the tree stays drawn while the chart scrolls under the pointer.
  const draggedId = treeDrag?.state?.taskId;
  const dragged = useMemo(
    () =>
      draggedId === undefined
        ? -1
        : rows.findIndex((row) => row.kind === "task" && row.task.id === draggedId),
    [rows, draggedId],
  );
  const rangeExtractor = useRangeKeeping(dragged);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    ...rowSizes,
    scrollMargin: HEADER_HEIGHT,
    overscan: 8,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setViewportWidth(element.clientWidth));
    observer.observe(element);
    setViewportWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (viewportWidth > 0) onVisibleWidth(viewportWidth - taskColumnWidth);
  }, [viewportWidth, taskColumnWidth, onVisibleWidth]);

  // Today a quarter of the way across the visible timeline: on opening, on a new scale, on request.
  // A plan wholly in the past or the future (an imported one) opens at its start instead: today
  // would show no bar at all. The Today button still goes to today while the timeline holds it.
  const { span } = model;
  const opensAtPlan =
    (todayRequest === 0 || !todayShown) &&
    span !== null &&
    (span.end.getTime() < model.now.getTime() || span.start > model.now);
  const openingX = opensAtPlan && span ? dateToX(span.start, window) : todayX;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only these changes should move the view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || viewportWidth === 0) return;
    element.scrollLeft = todayScrollLeft(openingX, viewportWidth - taskColumnWidth, width);
  }, [window.scale.name, todayRequest, viewportWidth > 0]);
  // A driving path shown brings its task's row and bar into view, after the opening scroll above,
  // and again at a new scale while it is shown.
  const pathTaskId = drivingPath?.taskId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only these changes should move the view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const row = pathTaskId === undefined ? undefined : model.rowOfTask.get(pathTaskId);
    if (!element || viewportWidth === 0 || row === undefined || pathTaskId === undefined) return;
    const timing = model.timings.get(pathTaskId);
    const visibleHeight = element.clientHeight - HEADER_HEIGHT;
    element.scrollTop = Math.max(0, tops[row] + TASK_ROW_HEIGHT / 2 - visibleHeight / 2);
    if (timing) {
      const x = dateToX(timing.start, window);
      element.scrollLeft = todayScrollLeft(x, viewportWidth - taskColumnWidth, width);
    }
  }, [pathTaskId, window.scale.name, viewportWidth > 0]);

  const { dragMoves, timingOf, barOf, groupSpans } = useBarTimings(model, drag.preview);
  const { tree } = model;
  const names = useMemo(
    () => new Map(model.groups.flatMap((g) => g.tasks.map((t) => [t.id, t.name]))),
    [model.groups],
  );

  // What the rows read, made anew only when one of these changes: not while the rows scroll.
  const { preview, handlers: barHandlers } = drag;
  const { state: reorderState, handlers: reorderHandlers } = reorder;
  const pathTasks = drivingPath?.tasks ?? null;
  const chartRows: ChartRows = useMemo(
    () => ({
      model,
      taskColumnWidth,
      canEdit,
      showCritical,
      drivingPath: pathTasks,
      timingOf,
      dragMoves,
      groupSpans,
      names,
      barDrag: { preview, handlers: barHandlers },
      reorder: { state: reorderState, handlers: reorderHandlers },
      summaryCompleted,
      onOpenTask,
      onToggleGroup,
      onToggleCollapse,
      selection,
      treeDrag,
      helpIds: HELP_IDS,
      tracking,
      grid,
    }),
    [
      model,
      taskColumnWidth,
      canEdit,
      showCritical,
      pathTasks,
      timingOf,
      dragMoves,
      groupSpans,
      names,
      preview,
      barHandlers,
      reorderState,
      reorderHandlers,
      summaryCompleted,
      onOpenTask,
      onToggleGroup,
      onToggleCollapse,
      selection,
      treeDrag,
      tracking,
      grid,
    ],
  );

  // Made once per choice of columns: the header is memoised and stays as it is while rows scroll.
  const gridColumns = grid?.columns;
  const gridTitles = useMemo(() => gridColumns && <GanttGridTitles columns={gridColumns} />, [gridColumns]);

  // The rows drawn, first and last: the arrows meeting them are drawn.
  const drawnRows = { first: items[0]?.index ?? 0, last: items.at(-1)?.index ?? -1 };

  return (
    <div className={cn("relative", fullPage && "flex min-h-0 flex-1 flex-col")}>
      <p id={BAR_HELP_ID} className="sr-only">
        {BAR_HELP}
      </p>
      {selection && (
        <p id={OUTLINE_HELP_ID} className="sr-only">
          {OUTLINE_KEYS_HELP}
        </p>
      )}
      {treeDrag && tree && (
        <p id={TREE_DRAG_HELP_ID} className="sr-only">
          {TREE_DRAG_HELP}
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the task column's controls' keys, caught as they bubble. */}
      <div
        ref={scrollRef}
        id={PROJECT_TASKS_ID}
        tabIndex={-1}
        data-gantt-scroll
        onKeyDown={(event) => ganttRowKeys(event, selection)}
        className={cn("overflow-auto overscroll-contain", fullPage ? "min-h-0 flex-1" : "max-h-[70vh]")}
        style={fullPage ? undefined : { height: HEADER_HEIGHT + totalHeight + 16 }}
      >
        <div
          className="relative"
          style={{ width: taskColumnWidth + width, minHeight: HEADER_HEIGHT + totalHeight }}
        >
          <GanttHeader
            scale={window.scale.name}
            columns={inView.columns}
            groups={inView.groups}
            width={width}
            todayX={todayShown ? todayX : null}
            isWorkday={model.isWorkday}
            taskColumnWidth={taskColumnWidth}
            taskCount={taskCount}
            statusLine={statusLine}
            taskColumnTitles={gridTitles}
          />
          <div className="relative" style={{ height: totalHeight }}>
            <GanttGrid
              columns={inView.columns}
              offDays={inView.offDays}
              height={totalHeight}
              left={taskColumnWidth}
              todayX={todayShown ? todayX : null}
            />
            {statusLine && <GanttStatusLine line={statusLine} left={taskColumnWidth} height={totalHeight} />}
            {items.map((item) => (
              <ChartRow
                key={rows[item.index].key}
                row={rows[item.index]}
                top={tops[item.index]}
                rows={chartRows}
              />
            ))}
            <GanttArrows
              dependencies={dependencies}
              rowOfTask={model.rowOfTask}
              tops={tops}
              barOf={barOf}
              rows={drawnRows}
              left={taskColumnWidth}
              width={width}
              height={totalHeight}
              criticalPairs={showCritical ? model.critical.pairs : null}
              pathLinks={drivingPath?.links ?? null}
              warnings={model.warnings}
              names={names}
              onSelect={onSelectDependency}
            />
          </div>
        </div>
      </div>
      <TaskColumnResizer column={column} />
    </div>
  );
}
