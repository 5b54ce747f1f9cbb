import type { TaskDto } from "@core/schemas/projects";
import { useVirtualizer } from "@tanstack/react-virtual";
import type * as React from "react";
import { useMemo, useRef, useState } from "react";
import {
  OUTLINE_KEYS_HELP,
  outlineKeys,
  type RowFocus,
  type RowSelection,
} from "@/features/project/components/outline-selection";
import { ROW_KEYS, rowAfterKey } from "@/features/project/components/row-keys";
import {
  dropMarkOf,
  TREE_DRAG_HELP,
  type TreeDragHandlers,
  type TreeDragState,
} from "@/features/project/components/use-tree-drag";
import {
  columnsStyle,
  type OptionalColumn,
  OptionalColumnTitles,
} from "@/features/project/list/task-list-columns";
import type { ListedTask } from "@/features/project/list/task-list-filter";
import {
  TASK_COLUMNS_GRID,
  TaskListRow,
  type TaskRowLookups,
  WBS_COLUMN,
} from "@/features/project/list/task-list-row";
import { useRangeKeeping } from "@/lib/keep-mounted";
import { PROJECT_TASKS_ID } from "@/lib/skip-links";
import { cn } from "@/lib/utils";

/** From this many rows the list draws only the rows in view (5,000 tasks scroll smoothly; docs/performance.md). */
export const VIRTUALISE_FROM = 100;
const ESTIMATED_ROW_HEIGHT = 64;
const OVERSCAN = 8;

type TaskListRowsProps = {
  rows: ListedTask[];
  lookups: TaskRowLookups;
  canEdit: boolean;
  onOpen: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
  /** The rows are a tree (they carry their outline): the WBS column's title shows. */
  tree?: boolean;
  onToggleCollapse?: (task: TaskDto) => void;
  /** Choosing rows for Tab and Shift+Tab; absent where the outline cannot change (viewers, a sort). */
  selection?: RowSelection;
  /** Dragging rows to another place in the tree, by their grips (editors, the tree in project order). */
  drag?: { state: TreeDragState | null; handlers: TreeDragHandlers };
  /** The optional columns shown (constraint, deadline, floats); none by default. */
  columns?: readonly OptionalColumn[];
};

export const TREE_DRAG_HELP_ID = "task-list-drag-keys";

/** Said to screen readers by the list (aria-describedby) when rows can be chosen and moved. */
export const OUTLINE_KEYS_HELP_ID = "task-list-outline-keys";

/**
 * The rows of the task list, under their columns' titles: all of them when few, a virtualised
 * window when many. The list is one stop of the Tab order (roving focus): Tab reaches one row's
 * checkbox, name and actions; the arrow keys, Home and End move to another row's same control.
 */
export function TaskListRows(props: TaskListRowsProps) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const shownActive = props.rows.some((row) => row.task.id === activeId) ? activeId : props.rows[0]?.task.id;
  const roving: Roving = {
    isTabbable: (taskId) => taskId === shownActive,
    onFocus: (event) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>("[data-task-row]");
      if (row) setActiveId(Number(row.dataset.taskRow));
    },
    onKeyDown: (event) => {
      if (props.selection && outlineKeys(event, props.selection, keyFocus(event))) return;
      moveBetweenRows(event, props.selection);
    },
  };
  const columns = props.columns ?? [];
  return (
    // The grid's columns are set here, for the titles and every row alike.
    <div style={columnsStyle(columns)}>
      {props.selection && (
        <p id={OUTLINE_KEYS_HELP_ID} className="sr-only">
          {OUTLINE_KEYS_HELP}
        </p>
      )}
      {props.drag && (
        <p id={TREE_DRAG_HELP_ID} className="sr-only">
          {TREE_DRAG_HELP}
        </p>
      )}
      <ColumnTitles
        canEdit={props.canEdit}
        tree={props.tree ?? false}
        grip={props.drag !== undefined}
        columns={columns}
      />
      {props.rows.length < VIRTUALISE_FROM ? (
        <AllTaskListRows {...props} roving={roving} />
      ) : (
        <VirtualTaskListRows {...props} roving={roving} />
      )}
    </div>
  );
}

type Roving = {
  isTabbable: (taskId: number) => boolean;
  onFocus: (event: React.FocusEvent<HTMLUListElement>) => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLUListElement>) => void;
};
type RowsProps = TaskListRowsProps & { roving: Roving };

/** The row and the row control the keys were pressed on, if any. */
function keyTarget(event: React.KeyboardEvent<HTMLUListElement>) {
  const control = (event.target as HTMLElement).closest<HTMLElement>("[data-row-control]");
  const row = control?.closest<HTMLElement>("[data-task-row]");
  return control && row ? { control, row, taskId: Number(row.dataset.taskRow) } : null;
}

/** The row and control the keys were pressed on, as the outline's keys name them. */
function keyFocus(event: React.KeyboardEvent<HTMLUListElement>): RowFocus | null {
  const target = keyTarget(event);
  return target ? { taskId: target.taskId, control: target.control.dataset.rowControl ?? "open" } : null;
}

/** Puts the keys back on a row's control (or its first) after a move, unless they are on the row. */
export function focusListRow({ taskId, control }: RowFocus) {
  const row = document.querySelector(`[data-task-row="${taskId}"]`);
  if (!row || row.contains(document.activeElement)) return;
  (
    row.querySelector<HTMLElement>(`[data-row-control="${control}"]`) ??
    row.querySelector<HTMLElement>("[data-row-control]")
  )?.focus();
}

/**
 * Up, Down, Home and End: the same control (checkbox, name or actions) of another row. With Shift
 * (where rows can be chosen), Up and Down also choose the rows from the first chosen to the next.
 */
function moveBetweenRows(event: React.KeyboardEvent<HTMLUListElement>, selection?: RowSelection) {
  if (!ROW_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = keyTarget(event);
  if (!target) return;
  const { control, row } = target;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-task-row]")];
  const at = rows.indexOf(row);
  const next = rowAfterKey(rows, at, event.key);
  event.preventDefault();
  const focused =
    next?.querySelector<HTMLElement>(`[data-row-control="${control.dataset.rowControl}"]`) ??
    next?.querySelector<HTMLElement>("[data-row-control]");
  focused?.focus();
  if (selection && event.shiftKey && next && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
    selection.onSelect(Number(next.dataset.taskRow), "range", target.taskId);
  }
}

/**
 * The titles over the columns, from tablet width up. Each row's values carry their own names for
 * screen readers, so the titles are for the eye only.
 */
function ColumnTitles({
  canEdit,
  tree,
  grip,
  columns,
}: {
  canEdit: boolean;
  tree: boolean;
  grip: boolean;
  columns: readonly OptionalColumn[];
}) {
  return (
    <div
      aria-hidden
      className="hidden items-center gap-3 border-b bg-muted/30 px-3 py-1.5 text-xs font-medium text-muted-foreground sm:px-4 md:flex"
    >
      {/* The rows' grips: as wide as one, less its pull towards the WBS number. */}
      {grip && <span className="w-3 shrink-0" />}
      {tree && <span className={WBS_COLUMN}>WBS</span>}
      <span className={cn("flex-1", tree ? "pl-[3.25rem]" : "pl-7")}>Task</span>
      <span className={cn(TASK_COLUMNS_GRID, canEdit && "mr-11")}>
        <span>Category</span>
        <span>Assignee</span>
        <span>Start</span>
        <span>Due</span>
        <OptionalColumnTitles columns={columns} />
      </span>
    </div>
  );
}

/** What each row is told, besides where a virtualised one sits. */
function rowProps({ task, status, outline }: ListedTask, props: RowsProps) {
  const { selection } = props;
  return {
    task,
    status,
    outline,
    lookups: props.lookups,
    tabbable: props.roving.isTabbable(task.id),
    canEdit: props.canEdit,
    onOpen: props.onOpen,
    onDelete: props.onDelete,
    onToggleCollapse: props.onToggleCollapse,
    columns: props.columns,
    selected: selection?.selected.has(task.id) ?? false,
    drag: props.drag
      ? {
          handlers: props.drag.handlers,
          dragging: props.drag.state?.taskId === task.id,
          carried: (props.drag.state?.keyboard && props.drag.state.taskId === task.id) ?? false,
          mark: dropMarkOf(props.drag.state, task.id),
          describedBy: TREE_DRAG_HELP_ID,
        }
      : undefined,
    onSelect: selection
      ? (chosen: TaskDto, event: React.MouseEvent) =>
          selection.onSelect(
            chosen.id,
            event.shiftKey ? "range" : event.ctrlKey || event.metaKey ? "toggle" : "only",
          )
      : undefined,
  };
}

/** The list's own attributes: its name, where Skip to tasks lands, and its keys' help. */
const listProps = (props: RowsProps) => ({
  id: PROJECT_TASKS_ID,
  tabIndex: -1,
  "aria-label": "Tasks",
  "aria-describedby": props.selection ? OUTLINE_KEYS_HELP_ID : undefined,
  onFocus: props.roving.onFocus,
  onKeyDown: props.roving.onKeyDown,
  onClick: props.selection ? chooseByClick(props.selection) : undefined,
});

/**
 * A click on a row itself (not on its controls) chooses it: alone, with Ctrl or Cmd in or out of the
 * chosen rows, with Shift all rows from the first chosen to it.
 */
const chooseByClick = (selection: RowSelection) => (event: React.MouseEvent<HTMLUListElement>) => {
  const target = event.target as HTMLElement;
  if (target.closest("button, input, a, [role='menuitem']")) return;
  const row = target.closest<HTMLElement>("[data-task-row]");
  if (!row) return;
  const how = event.shiftKey ? "range" : event.ctrlKey || event.metaKey ? "toggle" : "only";
  selection.onSelect(Number(row.dataset.taskRow), how);
};

function AllTaskListRows(props: RowsProps) {
  return (
    <ul {...listProps(props)} className="divide-y outline-none">
      {props.rows.map((row) => (
        <TaskListRow key={row.task.id} {...rowProps(row, props)} />
      ))}
    </ul>
  );
}

/** Rows measured as they are drawn (descriptions make heights differ), inside a scroll box of its own. */
function VirtualTaskListRows(props: RowsProps) {
  const { rows } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const draggedId = props.drag?.state?.taskId;
  const dragged = useMemo(
    () => (draggedId === undefined ? -1 : rows.findIndex((row) => row.task.id === draggedId)),
    [rows, draggedId],
  );
  const rangeExtractor = useRangeKeeping(dragged);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => rows[index].task.id,
    overscan: OVERSCAN,
    rangeExtractor,
  });
  return (
    <div ref={scrollRef} data-virtualised="true" className="max-h-[70vh] overflow-y-auto">
      <ul
        {...listProps(props)}
        className="relative outline-none"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => (
          <TaskListRow
            key={rows[item.index].task.id}
            {...rowProps(rows[item.index], props)}
            virtual={{ index: item.index, top: item.start, measure: virtualizer.measureElement }}
          />
        ))}
      </ul>
    </div>
  );
}
