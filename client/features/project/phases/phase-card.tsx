import type { TaskDto } from "@core/schemas/projects";
import type { DisplayStatus } from "@core/tasks/status";
import { memo } from "react";
import { TaskStatusBadge } from "@/entities/task/components/task-status-badge";
import { cn } from "@/lib/utils";

type PhaseCardProps = {
  task: TaskDto;
  status: DisplayStatus;
  /** The summaries above a leaf, from the top down ("Design › Sketches"); null at the top level. */
  path: string | null;
  onOpen: (task: TaskDto) => void;
};

/**
 * A task's card in a phase: its name, status, the summaries above it and its description; pressing
 * it opens the task. Memoised: while the list scrolls only the cards coming into view are drawn.
 */
export const PhaseCard = memo(function PhaseCard({ task, status, path, onOpen }: PhaseCardProps) {
  return (
    <button
      type="button"
      data-phase-card={task.id}
      onClick={() => onOpen(task)}
      className="flex h-full w-full flex-col gap-1.5 rounded-md border bg-card p-3 text-left transition-colors outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex w-full items-start justify-between gap-2">
        <span
          className={cn(
            "min-w-0 font-medium wrap-anywhere",
            task.completed && "text-muted-foreground line-through",
          )}
        >
          {task.name}
        </span>
        <TaskStatusBadge status={status} />
      </span>
      {path !== null && (
        <span data-summary-path className="truncate text-xs text-muted-foreground">
          <span className="sr-only">Under </span>
          {path}
        </span>
      )}
      {task.description && (
        <span className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">{task.description}</span>
      )}
    </button>
  );
});
