import { GROUP_ROW_HEIGHT, TASK_ROW_HEIGHT } from "@core/gantt/rows";
import type { CategoryDto, TaskDto } from "@core/schemas/projects";
import type { OutlineRow } from "@core/tasks/outline-view";
import { ChevronRight, GripVertical } from "lucide-react";
import type * as React from "react";
import { DROP_MARKS } from "@/features/project/components/use-tree-drag";
import { cn } from "@/lib/utils";
import { OutlineToggle } from "../components/outline-toggle";
import { TreeGrip, type TreeRowDrag } from "../components/tree-grip";
import type { RowReorderHandlers } from "./use-row-reorder";

type RowFrameProps = {
  top: number;
  height: number;
  taskColumnWidth: number;
  timelineWidth: number;
  /** The sticky cell in the task column. */
  label: React.ReactNode;
  labelClassName?: string;
  className?: string;
  style?: React.CSSProperties;
  children?: React.ReactNode;
} & Omit<React.ComponentProps<"div">, "children" | "style">;

/** A row of the chart: a cell that stays in the task column while the timeline scrolls, then the timeline. */
function RowFrame({
  top,
  height,
  taskColumnWidth,
  timelineWidth,
  label,
  labelClassName,
  className,
  style,
  children,
  ...props
}: RowFrameProps) {
  return (
    <div
      className={cn("absolute left-0 flex border-b", className)}
      style={{ top, height, width: taskColumnWidth + timelineWidth, ...style }}
      {...props}
    >
      {/* As tall as the row with its border: no gap where a line drawn behind it could show through. */}
      <div
        className={cn(
          "sticky left-0 z-20 flex shrink-0 items-center overflow-x-clip border-r border-b",
          labelClassName,
        )}
        style={{ width: taskColumnWidth, height }}
      >
        {label}
      </div>
      <div className="relative h-full shrink-0" style={{ width: timelineWidth }}>
        {children}
      </div>
    </div>
  );
}

type GroupRowProps = {
  top: number;
  taskColumnWidth: number;
  timelineWidth: number;
  category: CategoryDto | undefined;
  count: number;
  collapsed: boolean;
  onToggle: () => void;
  /** The span of the group's bars, drawn as a thin summary line. */
  span: { left: number; width: number } | null;
};

/** A category's row (32 px): its name and count; it collapses and expands its tasks. */
export function GroupRow({
  top,
  taskColumnWidth,
  timelineWidth,
  category,
  count,
  collapsed,
  onToggle,
  span,
}: GroupRowProps) {
  const name = category?.name ?? "Uncategorized";
  return (
    <RowFrame
      top={top}
      height={GROUP_ROW_HEIGHT}
      taskColumnWidth={taskColumnWidth}
      timelineWidth={timelineWidth}
      className="bg-muted/40"
      labelClassName="bg-muted"
      data-gantt-group={name}
      label={
        <button
          type="button"
          aria-expanded={!collapsed}
          onClick={onToggle}
          className="flex h-full w-full min-w-0 items-center gap-2 px-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        >
          <ChevronRight
            aria-hidden
            className={cn("size-4 shrink-0 transition-transform", !collapsed && "rotate-90")}
          />
          <span
            aria-hidden
            className="size-2.5 shrink-0 rounded-full border"
            style={{ backgroundColor: category?.color ?? "transparent" }}
          />
          <span className="min-w-0 truncate">{name}</span>
          <span className="ml-auto shrink-0 font-normal normal-case">
            {count} {count === 1 ? "task" : "tasks"}
          </span>
        </button>
      }
    >
      {span && (
        <div
          aria-hidden
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full opacity-70"
          style={{
            left: span.left,
            width: span.width,
            backgroundColor: category?.color ?? "var(--muted-foreground)",
          }}
        />
      )}
    </RowFrame>
  );
}

type TaskRowProps = {
  top: number;
  taskColumnWidth: number;
  timelineWidth: number;
  task: TaskDto;
  /** The dates its row names (rowDatesLabel). */
  datesLabel: string;
  canEdit: boolean;
  /** Reordering: how far the row is dragged or shifted aside, and whether it is the one dragged. */
  offset: number;
  dragging: boolean;
  reorder: RowReorderHandlers;
  onOpen: (task: TaskDto) => void;
  children: React.ReactNode;
  /**
   * Its place in the plan's tree, when the chart shows one: indented by level, with its WBS number
   * and a summary's chevron; no category grip then (rows keep the tree's order), but `treeDrag`'s.
   */
  outline?: OutlineRow;
  /** Completed as the row shows it: a summary's rolled up from its leaves. */
  completed?: boolean;
  onToggleCollapse?: (task: TaskDto) => void;
  /** Chosen for Tab and Shift+Tab (indent, outdent). */
  selected?: boolean;
  /**
   * Choosing rows (editors, a plan with summaries): a click on the name with Shift or Ctrl (Cmd)
   * chooses instead of opening; the keys are the chart's (gantt-chart.tsx).
   */
  onSelect?: (task: TaskDto, how: "toggle" | "range") => void;
  /** The id of the outline keys' help, which the name button is described by. */
  describedBy?: string;
  /** Dragging it to another place in the tree by its grip (editors, a plan with summaries). */
  treeDrag?: GanttRowDrag;
  /** The grid's cells after its name (gantt-grid-cells.tsx), when columns are shown. */
  cells?: React.ReactNode;
  /** A cell of it is edited: drawn over the rows below, where the editor's message may show. */
  editing?: boolean;
};

export type GanttRowDrag = TreeRowDrag;

/** How far each level of the tree is indented, in pixels; deeper levels stop moving right. */
const INDENT_PX = 14;
const INDENT_LEVELS_SHOWN = 8;

/**
 * A task's row (48 px): a grip to reorder it within its category (or, in a plan with summaries, to
 * move it in the tree), its name and dates, then its bar.
 */
export function TaskRow({
  top,
  taskColumnWidth,
  timelineWidth,
  task,
  datesLabel,
  canEdit,
  offset,
  dragging,
  reorder,
  onOpen,
  children,
  outline,
  completed = task.completed,
  onToggleCollapse,
  selected = false,
  onSelect,
  describedBy,
  treeDrag,
  cells,
  editing = false,
}: TaskRowProps) {
  const grip = canEdit && !outline;
  const treeGrip = outline && treeDrag ? treeDrag : undefined;
  return (
    <RowFrame
      top={top + offset}
      height={TASK_ROW_HEIGHT}
      taskColumnWidth={taskColumnWidth}
      timelineWidth={timelineWidth}
      data-gantt-row={task.id}
      className={cn(
        "group/row hover:bg-muted/30",
        dragging && "z-[22] bg-card shadow-lg",
        editing && "z-[23]",
      )}
      data-summary={outline?.summary || undefined}
      data-selected={selected || undefined}
      data-drop={treeGrip?.mark}
      labelClassName={cn(
        "gap-1 pr-2",
        selected ? "bg-accent" : "bg-card",
        grip || treeGrip ? "pl-0.5" : outline ? "pl-1" : "pl-3",
        // Its contents fade; the cell stays opaque over the bars scrolled under it.
        treeGrip?.dragging && "*:opacity-60",
        treeGrip?.mark && DROP_MARKS[treeGrip.mark],
      )}
      label={
        <>
          {treeGrip && <TreeGrip taskId={task.id} name={task.name} drag={treeGrip} className="h-8" />}
          {outline && <OutlineCells task={task} outline={outline} onToggle={onToggleCollapse} />}
          {grip && (
            <button
              type="button"
              aria-label={`Reorder "${task.name}"`}
              title="Drag, or use the up and down arrow keys, to reorder within the category"
              onPointerDown={(event) => reorder.onPointerDown(event, task)}
              onPointerMove={reorder.onPointerMove}
              onPointerUp={reorder.onPointerUp}
              onPointerCancel={reorder.onPointerCancel}
              onKeyDown={(event) => reorder.onKeyDown(event, task)}
              className="flex h-8 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
            >
              <GripVertical aria-hidden className="size-4" />
            </button>
          )}
          <button
            type="button"
            data-row-control="open"
            aria-describedby={describedBy}
            onClick={(event) => {
              if (onSelect && (event.shiftKey || event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                onSelect(task, event.shiftKey ? "range" : "toggle");
                return;
              }
              onOpen(task);
            }}
            className="min-w-0 flex-1 rounded px-1 py-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span
              className={cn(
                "block truncate text-sm font-medium",
                outline?.summary && "font-semibold",
                completed && "text-muted-foreground line-through",
              )}
            >
              {selected && <span className="sr-only">Selected: </span>}
              {outline && (
                <span data-wbs className="mr-1.5 text-xs font-normal text-muted-foreground tabular-nums">
                  <span className="sr-only">WBS </span>
                  {outline.wbs}
                </span>
              )}
              {task.name}
            </span>
            <span className="block truncate text-xs text-muted-foreground">{datesLabel}</span>
          </button>
          {cells}
        </>
      }
    >
      {children}
    </RowFrame>
  );
}

/** The indentation of a row's level in the tree, then a summary's chevron or a leaf's empty place. */
function OutlineCells({
  task,
  outline,
  onToggle,
}: {
  task: TaskDto;
  outline: OutlineRow;
  onToggle?: (task: TaskDto) => void;
}) {
  const indent = Math.min(outline.level - 1, INDENT_LEVELS_SHOWN) * INDENT_PX;
  return (
    <>
      {indent > 0 && <span aria-hidden className="shrink-0" style={{ width: indent }} />}
      <OutlineToggle
        data-row-control="toggle"
        summary={outline.summary}
        collapsed={outline.collapsed}
        aria-label={`${outline.collapsed ? "Expand" : "Collapse"} "${task.name}"`}
        onClick={() => onToggle?.(task)}
      />
    </>
  );
}
