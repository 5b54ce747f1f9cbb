import type { CategoryDto, TaskDto } from "@core/schemas/projects";
import type { DisplayStatus } from "@core/tasks/status";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { IconButton } from "@/components/icon-button";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toggleCompleted, useUpdateTask } from "@/entities/task/api/update-task";
import { useConfirmCompletion } from "@/entities/task/components/completion-confirmation";
import { TaskStatusBadge } from "@/entities/task/components/task-status-badge";
import { CategoryLabel } from "@/features/project/components/category-label";
import { DROP_MARKS } from "@/features/project/components/use-tree-drag";
import {
  OptionalCells,
  type OptionalColumn,
  OptionalValues,
} from "@/features/project/list/task-list-columns";
import type { ListedOutline } from "@/features/project/list/task-list-filter";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { formatTaskDate } from "@/lib/task-dates";
import { cn } from "@/lib/utils";
import { OutlineToggle } from "../components/outline-toggle";
import { TreeGrip, type TreeRowDrag } from "../components/tree-grip";

/** What the row's columns name: the task's category and its assignee, where known. */
export type TaskRowLookups = {
  categories: ReadonlyMap<number, CategoryDto>;
  /** Assignee id -> name; null on a public link, where the members are not shown. */
  assignees: ReadonlyMap<number, string> | null;
};

type TaskListRowProps = {
  task: TaskDto;
  status: DisplayStatus;
  lookups: TaskRowLookups;
  /**
   * The row the list's one Tab stop is on (roving focus): only its controls are in the Tab order;
   * the arrow keys move between rows (task-list-rows.tsx).
   */
  tabbable: boolean;
  canEdit: boolean;
  onOpen: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
  /** Set by the virtualised list: where the row sits, and how it reports its height. */
  virtual?: { index: number; top: number; measure: (element: HTMLLIElement | null) => void };
  /** Its place in the tree, when the list shows one (a plan with summaries). */
  outline?: ListedOutline;
  /** Chosen for Tab and Shift+Tab (indent, outdent). */
  selected?: boolean;
  /** A summary's chevron: shows or hides the tasks under it. */
  onToggleCollapse?: (task: TaskDto) => void;
  /** Dragging it to another place in the tree by its grip, and the drop shown on it. */
  drag?: RowDrag;
  /** The optional columns shown (constraint, deadline, floats). */
  columns?: readonly OptionalColumn[];
};

export type RowDrag = TreeRowDrag;

/**
 * How far each level of the tree is indented (less on a phone, where the name needs the room);
 * deeper levels stop moving right.
 */
const INDENT_STEP = "[--outline-indent:0.75rem] sm:[--outline-indent:1.25rem]";
const INDENT_LEVELS_SHOWN = 8;
/** The WBS number's column, as wide in the header (task-list-rows.tsx, shown from tablet width). */
export const WBS_COLUMN = "w-9 shrink-0 sm:w-12";

/**
 * A row of the task list: checkbox, name, badge, description and the Edit/Delete menu. Viewers get
 * a disabled checkbox and no menu; the name opens the task either way.
 */
export function TaskListRow({
  task,
  status,
  lookups,
  tabbable,
  canEdit,
  onOpen,
  onDelete,
  virtual,
  outline,
  selected = false,
  onToggleCollapse,
  drag,
  columns = NO_COLUMNS,
}: TaskListRowProps) {
  const tabIndex = tabbable ? 0 : -1;
  // Completion toggles only log their failures. The cached task takes the tick at once, so
  // `task.completed` already reads the new value while the call runs.
  const update = useUpdateTask({ notifyError: false });
  const confirmCompletion = useConfirmCompletion();

  async function toggle() {
    if (denied(canEdit, PERMISSION_MESSAGES.editTask)) return;
    // One tick at a time; the box is not disabled meanwhile, which would drop the keyboard's focus.
    if (update.isPending) return;
    if (!task.completed && !(await confirmCompletion(task))) return;
    update.mutate(toggleCompleted(task));
  }

  // "idle" until the row is approached: see TaskActionsMenu.
  const [menu, setMenu] = useState<"idle" | "ready" | "open" | "focused">("idle");
  const approach = () => setMenu((current) => (current === "idle" ? "ready" : current));

  const summary = outline?.summary ?? false;
  const completed = outline ? outline.completed : task.completed;
  return (
    <li
      ref={virtual?.measure}
      data-task-row={task.id}
      data-summary={summary || undefined}
      data-selected={selected || undefined}
      data-drop={drag?.mark}
      onPointerEnter={canEdit ? approach : undefined}
      onFocus={canEdit ? approach : undefined}
      data-index={virtual?.index}
      style={virtual ? { transform: `translateY(${virtual.top}px)` } : undefined}
      className={cn(
        "flex items-start gap-3 px-3 py-3 sm:px-4",
        virtual && "absolute inset-x-0 top-0 border-b",
        selected && "bg-accent",
        summary && !selected && "bg-muted/30",
        drag?.dragging && "opacity-60",
        drag?.mark && DROP_MARKS[drag.mark],
      )}
    >
      {drag && outline && (
        <TreeGrip
          taskId={task.id}
          name={task.name}
          drag={drag}
          tabIndex={tabIndex}
          className="-my-0.5 -mr-2 h-6"
        />
      )}
      {outline && (
        <OutlineCells task={task} outline={outline} tabIndex={tabIndex} onToggle={onToggleCollapse} />
      )}
      {summary ? (
        // A summary's completion rolls up from the tasks under it: it has no box of its own.
        <span aria-hidden className="size-4 shrink-0" />
      ) : (
        <Checkbox
          data-row-control="check"
          tabIndex={tabIndex}
          className="mt-1"
          checked={task.completed}
          disabled={!canEdit}
          aria-busy={update.isPending || undefined}
          onChange={toggle}
          aria-label={`Mark "${task.name}" as completed`}
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {selected && <span className="sr-only">Selected:</span>}
          <button
            type="button"
            data-row-control="open"
            tabIndex={tabIndex}
            onClick={() => onOpen(task)}
            className={cn(
              "min-w-0 rounded-sm text-left font-medium wrap-anywhere outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring",
              summary && "font-semibold",
              completed && "text-muted-foreground line-through",
            )}
          >
            {task.name}
          </button>
          <TaskStatusBadge status={status} />
        </div>
        {task.description && (
          <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-muted-foreground">{task.description}</p>
        )}
        <OptionalValues task={task} columns={columns} />
      </div>
      <TaskRowColumns
        task={outline ? { ...task, startDate: outline.startDate, dueDate: outline.dueDate } : task}
        lookups={lookups}
        columns={columns}
      />
      {canEdit &&
        (menu === "idle" ? (
          <Button
            aria-label={actionsLabel(task)}
            data-row-control="actions"
            tabIndex={tabIndex}
            variant="ghost"
            size="icon-sm"
            className="-my-1"
            // As Radix's trigger: open on the press (a tap arrives as enter, press and click at
            // once, before the row's swap), without taking the focus; Enter and Space click.
            onPointerDown={(event) => {
              if (event.button !== 0 || event.ctrlKey) return;
              event.preventDefault();
              setMenu("open");
            }}
            onClick={() => setMenu("open")}
            onFocus={(event) => {
              event.stopPropagation();
              setMenu("focused");
            }}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        ) : (
          <TaskActionsMenu
            task={task}
            tabIndex={tabIndex}
            openAtOnce={menu === "open"}
            focusAtOnce={menu === "focused"}
            onOpen={onOpen}
            onDelete={onDelete}
          />
        ))}
    </li>
  );
}

const actionsLabel = (task: TaskDto) => `Actions for "${task.name}"`;

/**
 * The tree's cells before the checkbox: the WBS number, the indentation of the row's level, and a
 * summary's chevron (a leaf keeps its place empty, so names line up by level).
 */
function OutlineCells({
  task,
  outline,
  tabIndex,
  onToggle,
}: {
  task: TaskDto;
  outline: ListedOutline;
  tabIndex: number;
  onToggle?: (task: TaskDto) => void;
}) {
  const levels = Math.min(outline.level - 1, INDENT_LEVELS_SHOWN);
  return (
    <>
      <span className={cn(WBS_COLUMN, "mt-0.5 text-xs text-muted-foreground tabular-nums")} data-wbs>
        <span className="sr-only">WBS </span>
        {outline.wbs}
      </span>
      {levels > 0 && (
        <span
          aria-hidden
          className={cn("shrink-0", INDENT_STEP)}
          style={{ width: `calc(${levels} * var(--outline-indent))` }}
        />
      )}
      <OutlineToggle
        summary={outline.summary}
        collapsed={outline.collapsed}
        data-row-control="toggle"
        tabIndex={tabIndex}
        aria-label={`${outline.collapsed ? "Expand" : "Collapse"} "${task.name}" (${outline.below} ${outline.below === 1 ? "task" : "tasks"} under it)`}
        onClick={() => onToggle?.(task)}
        className="-my-0.5"
      />
    </>
  );
}

/**
 * The grid of the list's columns, shared by the header (task-list-rows.tsx) and each row; on wide
 * screens with the optional columns shown, as `--task-columns` says (task-list-columns.tsx).
 */
export const TASK_COLUMNS_GRID =
  "hidden shrink-0 gap-x-3 md:grid md:grid-cols-[7rem_8rem_6rem_6rem] xl:grid-cols-[var(--task-columns,7rem_8rem_6rem_6rem)]";

const NO_COLUMNS: readonly OptionalColumn[] = [];

/**
 * Category, assignee, start and due date, from tablet width up, and the optional columns shown, on
 * wide screens; a phone shows the name alone.
 */
function TaskRowColumns({
  task,
  lookups,
  columns,
}: {
  task: TaskDto;
  lookups: TaskRowLookups;
  columns: readonly OptionalColumn[];
}) {
  const category = task.categoryId === null ? undefined : lookups.categories.get(task.categoryId);
  const assignee = task.assigneeId === null ? null : (lookups.assignees?.get(task.assigneeId) ?? "Assigned");
  const cell = "min-w-0 truncate";
  return (
    <dl className={cn(TASK_COLUMNS_GRID, "mt-0.5 text-xs text-muted-foreground")}>
      <div className={cell}>
        <dt className="sr-only">Category</dt>
        <dd className="inline-flex max-w-full items-center gap-1.5">
          {category ? <CategoryLabel category={category} /> : <NoValue />}
        </dd>
      </div>
      <div className={cell}>
        <dt className="sr-only">Assignee</dt>
        <dd className="truncate">{assignee ?? <NoValue />}</dd>
      </div>
      <div className={cell}>
        <dt className="sr-only">Start</dt>
        <dd>{formatTaskDate(task.startDate) ?? <NoValue />}</dd>
      </div>
      <div className={cell}>
        <dt className="sr-only">Due</dt>
        <dd>{formatTaskDate(task.dueDate) ?? <NoValue />}</dd>
      </div>
      <OptionalCells task={task} columns={columns} />
    </dl>
  );
}

const NoValue = () => (
  <>
    <span aria-hidden>—</span>
    <span className="sr-only">none</span>
  </>
);

/**
 * The row's Edit/Delete menu with its tooltip. Radix menus and tooltips cost a few milliseconds
 * each to mount, so a row scrolled into view shows a plain button of the same look, and the row
 * mounts this when a pointer or the focus enters it (before the tooltip's delay or the next Tab
 * could reach the button), open at once when the plain button is clicked (a first tap), and
 * focused when the plain button itself took the focus (Shift+Tab from the next row).
 */
function TaskActionsMenu({
  task,
  tabIndex,
  openAtOnce,
  focusAtOnce,
  onOpen,
  onDelete,
}: Pick<TaskListRowProps, "task" | "onOpen" | "onDelete"> & {
  tabIndex: number;
  openAtOnce: boolean;
  focusAtOnce: boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it replaces the plain button
  useLayoutEffect(() => {
    if (focusAtOnce) trigger.current?.focus();
  }, []);
  return (
    <DropdownMenu defaultOpen={openAtOnce}>
      <DropdownMenuTrigger asChild ref={trigger}>
        <IconButton
          label={actionsLabel(task)}
          tooltip="Task actions"
          size="icon-sm"
          className="-my-1"
          data-row-control="actions"
          tabIndex={tabIndex}
        >
          <MoreHorizontal aria-hidden />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-36">
        <DropdownMenuItem onSelect={() => onOpen(task)}>
          <Pencil aria-hidden />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(task)}>
          <Trash2 aria-hidden />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
