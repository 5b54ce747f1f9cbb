import type { TaskDto } from "@core/schemas/projects";
import { LazyBoundary } from "@/components/lazy-boundary";
import {
  GanttView,
  GraphView,
  PhasesView,
  ProjectViewSkeleton,
  TaskListView,
  viewChunk,
} from "@/features/project/lazy-views";
import type { PublicView } from "@/lib/project-views";

type PublicViewBodyProps = { view: PublicView; onOpenTask: (task: TaskDto) => void };

// Nothing can be added on a public link; the views only show their New Task buttons with canEdit.
const nothing = () => undefined;

/** The project view a public link names, rendered read-only inside the public project context. */
export function PublicViewBody({ view, onOpenTask }: PublicViewBodyProps) {
  return (
    <LazyBoundary chunk={viewChunk(view)} fallback={<ProjectViewSkeleton />}>
      <PublicViewSwitch view={view} onOpenTask={onOpenTask} />
    </LazyBoundary>
  );
}

function PublicViewSwitch({ view, onOpenTask }: PublicViewBodyProps) {
  switch (view) {
    case "list":
      return <TaskListView onOpenTask={onOpenTask} onNewTask={nothing} />;
    case "phases":
      return <PhasesView onOpenTask={onOpenTask} />;
    case "gantt":
      return <GanttView onOpenTask={onOpenTask} onNewTask={nothing} />;
    default:
      return <GraphView onOpenTask={onOpenTask} />;
  }
}
