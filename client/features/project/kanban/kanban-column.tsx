import type { CategoryDto, TaskDto } from "@core/schemas/projects";
import { type UniqueIdentifier, useDroppable } from "@dnd-kit/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Plus } from "lucide-react";
import type * as React from "react";
import { useCallback, useMemo, useRef } from "react";
import { IconButton } from "@/components/icon-button";
import { Badge } from "@/components/ui/badge";
import { useRangeKeeping } from "@/lib/keep-mounted";
import { cn } from "@/lib/utils";
import { cardDragId, KanbanCard } from "./kanban-card";
import { columnDropId, type KanbanColumn } from "./kanban-columns";

/**
 * From this many cards a column draws only the cards in its scroll box's view, and a few more: a
 * board of 20,000 tasks drew 477,201 elements when it drew every card.
 */
export const VIRTUALISE_FROM = 50;
/** A card with a description, a category and a due date, and the gap under it; measured once drawn. */
const ESTIMATED_CARD_HEIGHT = 104;
const OVERSCAN = 3;
const estimateCardSize = () => ESTIMATED_CARD_HEIGHT;

const DOTS: Record<KanbanColumn["status"], string> = {
  "not-started": "bg-status-todo-fill",
  "in-progress": "bg-status-in-progress-fill",
  blocked: "bg-status-blocked-fill",
  completed: "bg-status-completed-fill",
};

type KanbanColumnProps = {
  column: KanbanColumn;
  tasks: TaskDto[];
  categories: Map<number, CategoryDto>;
  /** Task id -> how many of its prerequisites are unfinished (tasks waiting for none are absent). */
  waitingFor: ReadonlyMap<number, number>;
  now: Date;
  canEdit: boolean;
  onOpenTask: (task: TaskDto) => void;
  onAddTask: () => void;
  /** A card's summary path as a breadcrumb, in a plan with summaries. */
  pathOf?: (taskId: number) => string | undefined;
};

/**
 * A column: its title and count (of all its cards, drawn or not), an add-task button, and its
 * cards; a drop target while dragging. A long column draws only the cards in view.
 *
 * The drop target is the list inside the column's scroll box, not the column itself: near an edge,
 * dnd-kit scrolls the boxes that hold the target under the pointer, so only a target inside the
 * column's box lets a carried card scroll the column. The board measures the target as the whole
 * column (kanban-view.tsx), so a drop on the header still lands in it.
 */
export function KanbanColumnView({
  column,
  tasks,
  categories,
  waitingFor,
  now,
  canEdit,
  onOpenTask,
  onAddTask,
  pathOf,
}: KanbanColumnProps) {
  const { setNodeRef, isOver, active } = useDroppable({ id: columnDropId(column.status) });
  const headingId = `kanban-${column.status}`;
  const showsWaiting = column.status === "not-started" || column.status === "in-progress";
  const card = (task: TaskDto) => (
    <KanbanCard
      task={task}
      category={task.categoryId === null ? undefined : categories.get(task.categoryId)}
      waitingFor={showsWaiting ? waitingFor.get(task.id) : undefined}
      now={now}
      path={pathOf?.(task.id)}
      canEdit={canEdit}
      onOpen={onOpenTask}
    />
  );
  const cards = { tasks, card, dropRef: setNodeRef };
  return (
    <section
      aria-labelledby={headingId}
      data-kanban-column={column.status}
      data-over={isOver || undefined}
      className={cn(
        "flex min-w-0 flex-col rounded-lg border bg-muted/40 transition-colors",
        active && "border-dashed",
        isOver && "border-primary bg-accent ring-1 ring-primary",
      )}
    >
      <header className="flex items-center gap-2 py-2 pr-1.5 pl-3">
        <span aria-hidden className={cn("size-2 shrink-0 rounded-full", DOTS[column.status])} />
        <h3 id={headingId} className="text-sm font-semibold">
          {column.title}
        </h3>
        <Badge variant="secondary" aria-label={`${tasks.length} ${tasks.length === 1 ? "task" : "tasks"}`}>
          {tasks.length}
        </Badge>
        <IconButton
          label={`Add task to ${column.title}`}
          size="icon-sm"
          className="ml-auto"
          onClick={onAddTask}
        >
          <Plus aria-hidden />
        </IconButton>
      </header>
      {tasks.length < VIRTUALISE_FROM ? (
        <AllCards {...cards} />
      ) : (
        <VirtualCards {...cards} draggedId={active?.id} />
      )}
    </section>
  );
}

type CardsProps = {
  tasks: TaskDto[];
  card: (task: TaskDto) => React.ReactNode;
  /** The column's drop target (useDroppable's node). */
  dropRef: (element: HTMLElement | null) => void;
};

/** Every card, in a box that scrolls when the board shows its four columns side by side. */
function AllCards({ tasks, card, dropRef }: CardsProps) {
  return (
    <div
      data-kanban-scroll
      className="flex min-h-24 flex-1 flex-col @4xl:max-h-[calc(100dvh-18rem)] @4xl:overflow-y-auto"
    >
      <ul ref={dropRef} className="flex flex-1 flex-col gap-2 px-2 pb-2">
        {tasks.map((task) => (
          <li key={task.id}>{card(task)}</li>
        ))}
        {tasks.length === 0 && (
          <li className="flex flex-1 items-center justify-center rounded-md border border-dashed px-3 py-6 text-xs text-muted-foreground">
            No tasks
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * The cards in view and a few more, measured as they are drawn (breadcrumbs, descriptions and
 * categories make heights differ), in a scroll box at every width. The card being dragged stays
 * drawn when its column scrolls away from it: dnd-kit keeps using its node (its measurements, the
 * keyboard's focus) until the drop.
 */
function VirtualCards({ tasks, card, dropRef, draggedId }: CardsProps & { draggedId?: UniqueIdentifier }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const dragged = useMemo(
    () => (draggedId === undefined ? -1 : tasks.findIndex((task) => cardDragId(task.id) === draggedId)),
    [tasks, draggedId],
  );
  const rangeExtractor = useRangeKeeping(dragged);
  // Kept from render to render: a new getItemKey has the virtualizer place every card again.
  const itemKey = useCallback((index: number) => tasks[index].id, [tasks]);
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateCardSize,
    getItemKey: itemKey,
    overscan: OVERSCAN,
    rangeExtractor,
  });
  return (
    <div
      ref={scrollRef}
      data-kanban-scroll
      data-virtualised="true"
      className="min-h-24 max-h-[70dvh] overflow-y-auto @4xl:max-h-[calc(100dvh-18rem)]"
    >
      <ul ref={dropRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            // Screen readers still hear "card 3 of 2,000" with most cards not drawn.
            aria-posinset={item.index + 1}
            aria-setsize={tasks.length}
            className="absolute inset-x-0 top-0 px-2 pb-2"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {card(tasks[item.index])}
          </li>
        ))}
      </ul>
    </div>
  );
}
