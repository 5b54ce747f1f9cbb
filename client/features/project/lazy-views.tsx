// The project views, each in a chunk of its own: the graph brings @xyflow/react, the kanban board
// @dnd-kit, the list and the Gantt chart @tanstack/react-virtual, and none of it is downloaded
// before its view opens (docs/performance.md). Both the project page and the public page show them.
import { Skeleton } from "@/components/ui/skeleton";
import { type AnyLazyComponent, lazyNamed } from "@/lib/lazy-named";
import type { ProjectView } from "@/lib/project-views";

export const GraphView = lazyNamed(() => import("@/features/project/graph/graph-view"), "GraphView");
export const TaskListView = lazyNamed(() => import("@/features/project/list/task-list-view"), "TaskListView");
export const PhasesView = lazyNamed(() => import("@/features/project/phases/phases-view"), "PhasesView");
export const GanttView = lazyNamed(() => import("@/features/project/gantt/gantt-view"), "GanttView");
export const KanbanView = lazyNamed(() => import("@/features/project/kanban/kanban-view"), "KanbanView");
export const SharingView = lazyNamed(() => import("@/features/project/sharing/sharing-view"), "SharingView");

const VIEWS: Record<ProjectView, AnyLazyComponent> = {
  graph: GraphView,
  list: TaskListView,
  phases: PhasesView,
  gantt: GanttView,
  kanban: KanbanView,
  sharing: SharingView,
};

/**
 * Starts downloading a view's code. The project page asks for the view its address names while the
 * project itself loads, so the two downloads run side by side rather than one after the other.
 */
export function preloadView(view: ProjectView) {
  void VIEWS[view].preload();
}

/** The lazily loaded component of a view, for a LazyBoundary. */
export function viewChunk(view: ProjectView) {
  return VIEWS[view];
}

/** A view's area while its code downloads: the same block the project page's skeleton ends with. */
export function ProjectViewSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading view</span>
      <Skeleton className="h-80 w-full" />
    </div>
  );
}
