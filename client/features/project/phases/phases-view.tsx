import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import { groupByPhase } from "@core/graph/phases";
import type { TaskDto } from "@core/schemas/projects";
import { breadcrumb } from "@core/tasks/outline-view";
import { displayStatus } from "@core/tasks/status";
import { useMemo } from "react";
import { useProjectOutline } from "@/features/project/components/project-outline";
import { useProjectContext } from "@/features/project/project-context";
import { PhaseCard } from "./phase-card";
import { PhaseList } from "./phase-list";

/**
 * The execution phases view: tasks grouped by how many levels of incomplete prerequisites stand
 * before them. No checkboxes; a task opens the task dialog. In a plan with summaries the phases hold
 * the leaves (the work), each naming the summaries above it. Only the cards in view are drawn
 * (phase-list.tsx), so twenty thousand tasks open as fast as a hundred.
 */
export function PhasesView({ onOpenTask }: { onOpenTask: (task: TaskDto) => void }) {
  const { tasks, dependencies } = useProjectContext();
  const phases = useMemo(() => groupByPhase(tasks, dependencies), [tasks, dependencies]);
  const waiting = useMemo(() => tasksWithIncompletePrerequisites(tasks, dependencies), [tasks, dependencies]);
  const projectOutline = useProjectOutline();

  const card = (task: TaskDto) => (
    <PhaseCard
      task={task}
      status={displayStatus(task, waiting.has(task.id))}
      path={
        projectOutline && projectOutline.outline.parentOf(task.id) !== null
          ? breadcrumb(projectOutline.pathOf(task.id))
          : null
      }
      onOpen={onOpenTask}
    />
  );

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
        <PhaseList phases={phases} card={card} />
      )}
    </section>
  );
}
