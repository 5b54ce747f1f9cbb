import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import type { TaskDto } from "@core/schemas/projects";
import { displayStatus } from "@core/tasks/status";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogShell } from "@/components/ui/dialog";
import { TaskStatusBadge } from "@/entities/task/components/task-status-badge";
import { CategoryLabel } from "@/features/project/components/category-label";
import { useProjectCategories, useProjectContext } from "@/features/project/project-context";
import { formatTaskDate } from "@/lib/task-dates";

type PublicTaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: TaskDto | null;
};

/**
 * A task as a public visitor sees it: read-only, from the share data alone (the task dialog would
 * load projects, categories and members, which a visitor may not read).
 */
export function PublicTaskDialog({ open, onOpenChange, task }: PublicTaskDialogProps) {
  const { tasks, dependencies } = useProjectContext();
  const categories = useProjectCategories();
  const waiting = useMemo(() => tasksWithIncompletePrerequisites(tasks, dependencies), [tasks, dependencies]);
  const category = categories.find((candidate) => candidate.id === task?.categoryId);
  const dates = task
    ? ([
        ["Start date", formatTaskDate(task.startDate)],
        ["Snooze until", formatTaskDate(task.snoozeUntil)],
        ["Due date", formatTaskDate(task.dueDate)],
      ] as const)
    : [];

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
      title="Task Details"
      description="A task of the shared project, read-only."
      descriptionClassName="sr-only"
      footer={
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      }
    >
      {task && (
        <dl className="grid gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Name</dt>
            <dd className="font-medium wrap-anywhere">{task.name || "Untitled Task"}</dd>
          </div>
          {task.description && (
            <div className="grid gap-1">
              <dt className="font-medium text-muted-foreground">Description</dt>
              <dd className="wrap-anywhere whitespace-pre-wrap">{task.description}</dd>
            </div>
          )}
          <div className="grid grid-cols-2 gap-4">
            <div className="grid gap-1">
              <dt className="font-medium text-muted-foreground">Status</dt>
              <dd>
                <TaskStatusBadge status={displayStatus(task, waiting.has(task.id))} />
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="font-medium text-muted-foreground">Category</dt>
              <dd className="flex min-w-0 items-center gap-2">
                {category ? (
                  <CategoryLabel category={category} dotClassName="size-3 border" />
                ) : (
                  <span className="text-muted-foreground">No category</span>
                )}
              </dd>
            </div>
          </div>
          <div className="grid grid-cols-3 gap-4">
            {dates.map(([label, value]) => (
              <div key={label} className="grid gap-1">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd className={value ? undefined : "text-muted-foreground"}>{value ?? "None"}</dd>
              </div>
            ))}
          </div>
        </dl>
      )}
    </DialogShell>
  );
}
