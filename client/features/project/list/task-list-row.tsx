import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { IconButton } from "@/components/icon-button";
import { TaskStatusBadge } from "@/components/tasks/task-status-badge";
import { Checkbox } from "@/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useUpdateTask } from "@/lib/api/tasks/update-task";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { cn } from "@/lib/utils";
import type { TaskDto } from "../../../../core/schemas/projects";
import type { DisplayStatus } from "../../../../core/tasks/status";

type TaskListRowProps = {
  task: TaskDto;
  status: DisplayStatus;
  canEdit: boolean;
  onOpen: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
  /** Set by the virtualised list: where the row sits, and how it reports its height. */
  virtual?: { index: number; top: number; measure: (element: HTMLLIElement | null) => void };
};

/**
 * A row of the task list: checkbox, name, badge, description and the Edit/Delete menu. Viewers get
 * a disabled checkbox and no menu (spec section 2); the name opens the task either way.
 */
export function TaskListRow({ task, status, canEdit, onOpen, onDelete, virtual }: TaskListRowProps) {
  // Completion toggles only log their failures (spec section 7).
  const update = useUpdateTask({ notifyError: false });
  const completed = update.isPending
    ? (update.variables.changes.completed ?? task.completed)
    : task.completed;

  function toggleCompleted() {
    if (denied(canEdit, PERMISSION_MESSAGES.editTask)) return;
    const next = !task.completed;
    update.mutate({
      taskId: task.id,
      projectId: task.projectId,
      changes: { completed: next, completedAt: next ? new Date().toISOString() : null },
    });
  }

  return (
    <li
      ref={virtual?.measure}
      data-index={virtual?.index}
      style={virtual ? { transform: `translateY(${virtual.top}px)` } : undefined}
      className={cn(
        "flex items-start gap-3 px-3 py-3 sm:px-4",
        virtual && "absolute inset-x-0 top-0 border-b",
      )}
    >
      <Checkbox
        className="mt-1"
        checked={completed}
        disabled={!canEdit || update.isPending}
        onChange={toggleCompleted}
        aria-label={`Mark "${task.name}" as completed`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={() => onOpen(task)}
            className={cn(
              "min-w-0 rounded-sm text-left font-medium break-words outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring",
              completed && "text-muted-foreground line-through",
            )}
          >
            {task.name}
          </button>
          <TaskStatusBadge status={status} />
        </div>
        {task.description && (
          <p className="mt-1 line-clamp-2 text-sm break-words text-muted-foreground">{task.description}</p>
        )}
      </div>
      {canEdit && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <IconButton
              label={`Actions for "${task.name}"`}
              tooltip="Task actions"
              size="icon-sm"
              className="-my-1"
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
      )}
    </li>
  );
}
