import type { CategoryDto, TaskDto } from "@core/schemas/projects";
import { useDraggable } from "@dnd-kit/core";
import { CalendarDays, Hourglass } from "lucide-react";
import type * as React from "react";
import { showsProgress, TaskProgressBar } from "@/entities/task/components/task-progress-bar";
import { CategoryLabel } from "@/features/project/components/category-label";
import { dueTone, formatTaskDate } from "@/lib/task-dates";
import { cn } from "@/lib/utils";

export const cardDragId = (taskId: number) => `task-${taskId}`;

type CardBodyProps = {
  task: TaskDto;
  category: CategoryDto | undefined;
  now: Date;
  /** Its unfinished prerequisites, for the Waiting badge (a card in Not Started or In Progress). */
  waitingFor?: number;
  /** The summaries above it in the outline, as a breadcrumb ("Design › Review"); none at the top. */
  path?: string;
};

const DUE_TONES = { overdue: "text-danger", "due-soon": "text-warning", normal: "text-muted-foreground" };

/**
 * What a card shows: name, two lines of description, category and due date, a Waiting badge
 * while prerequisites are unfinished (the column stays the status the user chose), and a progress
 * bar while work on it is under way.
 */
export function KanbanCardBody({ task, category, now, waitingFor, path }: CardBodyProps) {
  const due = formatTaskDate(task.dueDate);
  return (
    <>
      {path && (
        <span data-summary-path className="mb-1 block truncate text-xs text-muted-foreground" title={path}>
          <span className="sr-only">Under </span>
          {path}
        </span>
      )}
      {waitingFor ? (
        <span className="mb-1.5 inline-flex items-center gap-1 rounded-full border border-warning-border bg-warning-tint px-2 py-0.5 text-xs font-medium text-warning-tint-foreground">
          <Hourglass aria-hidden className="size-3" />
          Waiting for {waitingFor}
          <span className="sr-only">{waitingFor === 1 ? " unfinished task" : " unfinished tasks"}</span>
        </span>
      ) : null}
      <span
        className={cn(
          "block text-sm font-medium wrap-anywhere",
          task.completed && "text-muted-foreground line-through",
        )}
      >
        {task.name}
      </span>
      {task.description && (
        <span className="mt-1 line-clamp-2 block text-xs wrap-anywhere text-muted-foreground">
          {task.description}
        </span>
      )}
      {(category || due) && (
        <span className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {category && (
            <span className="inline-flex min-w-0 items-center gap-1.5 text-muted-foreground">
              <CategoryLabel category={category} />
            </span>
          )}
          {due && (
            <span
              className={cn(
                "inline-flex items-center gap-1",
                DUE_TONES[dueTone(task.dueDate, task.completed, now)],
              )}
            >
              <CalendarDays aria-hidden className="size-3" />
              <span className="sr-only">Due</span>
              {due}
            </span>
          )}
        </span>
      )}
      {showsProgress(task) && <TaskProgressBar percent={task.percentComplete} className="mt-2" />}
    </>
  );
}

const cardClass =
  "block w-full rounded-md border border-l-4 bg-card p-3 text-left shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring";

const accent = (category: CategoryDto | undefined): React.CSSProperties => ({
  borderLeftColor: category?.color ?? "var(--border)",
});

type KanbanCardProps = CardBodyProps & { canEdit: boolean; onOpen: (task: TaskDto) => void };

/**
 * A task card. Editors drag it (a pointer after 8 px, or Space then the arrow keys); a click or
 * Enter opens the task. Viewers can open it, not drag it.
 */
export function KanbanCard({ task, category, now, waitingFor, path, canEdit, onOpen }: KanbanCardProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: cardDragId(task.id),
    disabled: !canEdit,
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      // Viewers cannot drag the card, but it still opens the task: it is not a disabled button.
      aria-disabled={false}
      aria-roledescription={canEdit ? "draggable task" : undefined}
      data-kanban-card={task.id}
      onClick={() => onOpen(task)}
      onKeyDown={(event) => {
        if (event.key === "Enter") onOpen(task);
        else listeners?.onKeyDown?.(event);
      }}
      style={accent(category)}
      className={cn(
        cardClass,
        canEdit ? "cursor-grab touch-manipulation active:cursor-grabbing" : "cursor-pointer",
        "transition-colors hover:bg-muted/40",
        isDragging && "opacity-40",
      )}
    >
      <KanbanCardBody task={task} category={category} now={now} waitingFor={waitingFor} path={path} />
    </div>
  );
}

/** The card that follows the pointer while dragging. */
export function KanbanCardOverlay({ task, category, now, path }: CardBodyProps) {
  return (
    <div
      data-kanban-overlay={task.id}
      style={accent(category)}
      className={cn(cardClass, "cursor-grabbing shadow-lg ring-1 ring-primary/30")}
    >
      <KanbanCardBody task={task} category={category} now={now} path={path} />
    </div>
  );
}
