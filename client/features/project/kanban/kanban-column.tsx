import type { CategoryDto, TaskDto } from "@core/schemas/projects";
import { useDroppable } from "@dnd-kit/core";
import { Plus } from "lucide-react";
import { IconButton } from "@/components/icon-button";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { KanbanCard } from "./kanban-card";
import { columnDropId, type KanbanColumn } from "./kanban-columns";

const DOTS: Record<KanbanColumn["status"], string> = {
  "not-started": "bg-slate-400",
  "in-progress": "bg-blue-500",
  blocked: "bg-red-500",
  completed: "bg-emerald-500",
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

/** A column: its title and count, an add-task button, and its cards; a drop target while dragging. */
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
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-kanban-column={column.status}
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
      <ul className="flex min-h-24 flex-1 flex-col gap-2 px-2 pb-2 @4xl:max-h-[calc(100dvh-18rem)] @4xl:overflow-y-auto">
        {tasks.map((task) => (
          <li key={task.id}>
            <KanbanCard
              task={task}
              category={task.categoryId === null ? undefined : categories.get(task.categoryId)}
              waitingFor={
                column.status === "not-started" || column.status === "in-progress"
                  ? waitingFor.get(task.id)
                  : undefined
              }
              now={now}
              path={pathOf?.(task.id)}
              canEdit={canEdit}
              onOpen={onOpenTask}
            />
          </li>
        ))}
        {tasks.length === 0 && (
          <li className="flex flex-1 items-center justify-center rounded-md border border-dashed px-3 py-6 text-xs text-muted-foreground">
            No tasks
          </li>
        )}
      </ul>
    </section>
  );
}
