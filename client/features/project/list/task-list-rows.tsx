import type { TaskDto } from "@core/schemas/projects";
import { useVirtualizer } from "@tanstack/react-virtual";
import type * as React from "react";
import { useRef, useState } from "react";
import type { ListedTask } from "@/features/project/list/task-list-filter";
import { TASK_COLUMNS_GRID, TaskListRow, type TaskRowLookups } from "@/features/project/list/task-list-row";
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
};

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
    onKeyDown: moveBetweenRows,
  };
  return (
    <>
      <ColumnTitles canEdit={props.canEdit} />
      {props.rows.length < VIRTUALISE_FROM ? (
        <AllTaskListRows {...props} roving={roving} />
      ) : (
        <VirtualTaskListRows {...props} roving={roving} />
      )}
    </>
  );
}

type Roving = {
  isTabbable: (taskId: number) => boolean;
  onFocus: (event: React.FocusEvent<HTMLUListElement>) => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLUListElement>) => void;
};
type RowsProps = TaskListRowsProps & { roving: Roving };

const ROW_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);

/** Up, Down, Home and End: the same control (checkbox, name or actions) of another row. */
function moveBetweenRows(event: React.KeyboardEvent<HTMLUListElement>) {
  if (!ROW_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const control = (event.target as HTMLElement).closest<HTMLElement>("[data-row-control]");
  const row = control?.closest<HTMLElement>("[data-task-row]");
  if (!control || !row) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-task-row]")];
  const at = rows.indexOf(row);
  const next =
    event.key === "ArrowDown"
      ? rows[at + 1]
      : event.key === "ArrowUp"
        ? rows[at - 1]
        : event.key === "Home"
          ? rows[0]
          : rows[rows.length - 1];
  const target =
    next?.querySelector<HTMLElement>(`[data-row-control="${control.dataset.rowControl}"]`) ??
    next?.querySelector<HTMLElement>("[data-row-control]");
  event.preventDefault();
  target?.focus();
}

/**
 * The titles over the columns, from tablet width up. Each row's values carry their own names for
 * screen readers, so the titles are for the eye only.
 */
function ColumnTitles({ canEdit }: { canEdit: boolean }) {
  return (
    <div
      aria-hidden
      className="hidden items-center gap-3 border-b bg-muted/30 px-3 py-1.5 text-xs font-medium text-muted-foreground sm:px-4 md:flex"
    >
      <span className="flex-1 pl-7">Task</span>
      <span className={cn(TASK_COLUMNS_GRID, canEdit && "mr-11")}>
        <span>Category</span>
        <span>Assignee</span>
        <span>Start</span>
        <span>Due</span>
      </span>
    </div>
  );
}

function AllTaskListRows({ roving, ...props }: RowsProps) {
  return (
    <ul
      id={PROJECT_TASKS_ID}
      tabIndex={-1}
      aria-label="Tasks"
      className="divide-y outline-none"
      onFocus={roving.onFocus}
      onKeyDown={roving.onKeyDown}
    >
      {props.rows.map(({ task, status }) => (
        <TaskListRow
          key={task.id}
          task={task}
          status={status}
          lookups={props.lookups}
          tabbable={roving.isTabbable(task.id)}
          canEdit={props.canEdit}
          onOpen={props.onOpen}
          onDelete={props.onDelete}
        />
      ))}
    </ul>
  );
}

/** Rows measured as they are drawn (descriptions make heights differ), inside a scroll box of its own. */
function VirtualTaskListRows({ rows, lookups, canEdit, onOpen, onDelete, roving }: RowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => rows[index].task.id,
    overscan: OVERSCAN,
  });
  return (
    <div ref={scrollRef} data-virtualised="true" className="max-h-[70vh] overflow-y-auto">
      <ul
        id={PROJECT_TASKS_ID}
        tabIndex={-1}
        aria-label="Tasks"
        className="relative outline-none"
        style={{ height: virtualizer.getTotalSize() }}
        onFocus={roving.onFocus}
        onKeyDown={roving.onKeyDown}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const { task, status } = rows[item.index];
          return (
            <TaskListRow
              key={task.id}
              task={task}
              status={status}
              lookups={lookups}
              tabbable={roving.isTabbable(task.id)}
              canEdit={canEdit}
              onOpen={onOpen}
              onDelete={onDelete}
              virtual={{ index: item.index, top: item.start, measure: virtualizer.measureElement }}
            />
          );
        })}
      </ul>
    </div>
  );
}
