import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import { groupByPhase, phaseLabel } from "@core/graph/phases";
import type { TaskDto } from "@core/schemas/projects";
import { breadcrumb } from "@core/tasks/outline-view";
import { displayStatus } from "@core/tasks/status";
import { useMemo } from "react";
import { TaskStatusBadge } from "@/entities/task/components/task-status-badge";
import { useProjectOutline } from "@/features/project/components/project-outline";
import { useProjectContext } from "@/features/project/project-context";
import { PROJECT_TASKS_ID } from "@/lib/skip-links";
import { cn } from "@/lib/utils";

/**
 * The execution phases view: tasks grouped by how many levels of incomplete prerequisites stand
 * before them. No checkboxes; a task opens the task dialog. In a plan with summaries the phases hold
 * the leaves (the work), each naming the summaries above it.
 */
export function PhasesView({ onOpenTask }: { onOpenTask: (task: TaskDto) => void }) {
  const { tasks, dependencies } = useProjectContext();
  const phases = useMemo(() => groupByPhase(tasks, dependencies), [tasks, dependencies]);
  const waiting = useMemo(() => tasksWithIncompletePrerequisites(tasks, dependencies), [tasks, dependencies]);
  const projectOutline = useProjectOutline();

  return (
    <section aria-labelledby="phases-title" className="rounded-lg border bg-card">
      <header className="space-y-1 border-b p-3 sm:p-4">
        <h2 id="phases-title" className="text-lg font-semibold">
          Project Execution Phases
        </h2>
        <p className="text-sm text-muted-foreground">
          Tasks grouped by when they can be started based on their dependencies.
        </p>
      </header>
      {phases.length === 0 ? (
        <p className="px-4 py-12 text-center text-sm text-muted-foreground">No tasks yet</p>
      ) : (
        <ol id={PROJECT_TASKS_ID} tabIndex={-1} className="grid gap-4 p-3 outline-none sm:p-4">
          {phases.map(({ phase, tasks: phaseTasks }) => (
            <li key={phase} aria-labelledby={`phase-${phase}`} className="rounded-lg border bg-background">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b bg-muted/50 px-3 py-2 sm:px-4">
                <h3 id={`phase-${phase}`} className="font-semibold">
                  Phase {phase}
                </h3>
                <span className="text-sm text-muted-foreground">{phaseLabel(phase)}</span>
              </div>
              <ul className="grid gap-2 p-2 sm:grid-cols-2 sm:p-3 xl:grid-cols-3">
                {phaseTasks.map((task) => (
                  <li key={task.id}>
                    <button
                      type="button"
                      onClick={() => onOpenTask(task)}
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
                        <TaskStatusBadge status={displayStatus(task, waiting.has(task.id))} />
                      </span>
                      {projectOutline && projectOutline.outline.parentOf(task.id) !== null && (
                        <span data-summary-path className="truncate text-xs text-muted-foreground">
                          <span className="sr-only">Under </span>
                          {breadcrumb(projectOutline.pathOf(task.id))}
                        </span>
                      )}
                      {task.description && (
                        <span className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
                          {task.description}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
