import type { TaskDto } from "@core/schemas/projects";
import type { TaskStatus } from "@core/tasks/status";
import type * as React from "react";
import { useState } from "react";
import { useLocation } from "wouter";
import { LazyBoundary } from "@/components/lazy-boundary";
import { liveTask, TaskDialog } from "@/entities/task/components/task-dialog";
import { PresenceList } from "@/entities/user/components/presence-list";
import { useProject } from "@/features/project/api/get-project";
import { useProjectBySlug } from "@/features/project/api/get-project-by-slug";
import { useUpdatePreferredView } from "@/features/project/api/update-preferred-view";
import { CategoriesDialog } from "@/features/project/components/categories-dialog";
import { HistoryCommands, ProjectCommands } from "@/features/project/components/project-commands";
import { ProjectHeader } from "@/features/project/components/project-header";
import {
  ProjectLoadError,
  ProjectNotFound,
  ProjectPageSkeleton,
} from "@/features/project/components/project-status";
import { DrivingPathProvider, useDrivingPath } from "@/features/project/driving-path-context";
import {
  GanttView,
  GraphView,
  KanbanView,
  PhasesView,
  ProjectViewSkeleton,
  SharingView,
  TaskListView,
  viewChunk,
} from "@/features/project/lazy-views";
import { ProjectProvider } from "@/features/project/project-context";
import { useOpenTaskFromUrl } from "@/features/project/use-open-task-from-url";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { projectPermissions } from "@/lib/project-permissions";
import { type ProjectView, projectPath } from "@/lib/project-views";
import { useAuth } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useProjectEvents } from "@/lib/use-project-events";

type ProjectPageProps = { slug: string; view: ProjectView };

/**
 * The task dialog: adding a task (no task), or showing one (edited, or read-only for viewers). The
 * task is kept while the dialog closes, so its title does not change during the fade.
 */
type TaskDialogState = { open: boolean; task: TaskDto | null; status?: TaskStatus; draft?: boolean };

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * One project: the address names it by slug, which is resolved to its id, then the project with
 * its tasks and dependencies is loaded, and the view the address names is shown.
 */
export function ProjectPage({ slug, view }: ProjectPageProps) {
  const bySlug = useProjectBySlug(slug);
  const detail = useProject(bySlug.data?.id);
  const savePreferredView = useUpdatePreferredView();
  const [, navigate] = useLocation();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [taskDialog, setTaskDialog] = useState<TaskDialogState>({ open: false, task: null });
  const project = detail.data?.project;
  const { user } = useAuth();
  // Collaborators' changes arrive on the project's event stream and refresh the data in place.
  const viewers = useProjectEvents(project ? { projectId: project.id } : null);
  const others = viewers.filter((viewer) => viewer.id !== user?.id);
  useDocumentTitle(project ? `${project.name} - Visual Project Planner` : undefined);
  // A link naming a task (`?task=<id>`) opens it once this project's tasks are loaded: the address's
  // project, not the one shown while moving from another.
  useOpenTaskFromUrl(
    project !== undefined && project.id === bySlug.data?.id ? detail.data?.tasks : undefined,
    (task) => setTaskDialog({ open: true, task }),
  );

  if (bySlug.isPending || (bySlug.isSuccess && detail.isPending)) return <ProjectPageSkeleton />;
  if (isNotFound(bySlug.error) || isNotFound(detail.error)) return <ProjectNotFound />;
  const failed = bySlug.error ?? detail.error;
  if (failed || !detail.data) {
    return (
      <ProjectLoadError
        message={errorMessage(failed)}
        onRetry={() => void (bySlug.error ? bySlug.refetch() : detail.refetch())}
      />
    );
  }

  const { project: loaded, accessLevel } = detail.data;
  const permissions = projectPermissions(accessLevel);
  // The kanban board opens the dialog with its column's status; other callers pass an event or nothing.
  const openNewTaskWithStatus = (status?: TaskStatus) => {
    if (denied(permissions.canEdit, PERMISSION_MESSAGES.createTasks)) return;
    setTaskDialog({ open: true, task: null, status });
  };
  const openNewTask = () => openNewTaskWithStatus();
  // Viewers see the task read-only rather than being refused: only edits are refused.
  const openTask = (task: TaskDto, options?: { draft?: boolean }) =>
    setTaskDialog({ open: true, task, draft: options?.draft });
  // As the view switcher does: the address names the view, and it is saved as the preferred one.
  const selectView = (next: ProjectView) => savePreferredView.mutate({ projectId: loaded.id, view: next });
  const openView = (next: ProjectView) => {
    selectView(next);
    navigate(projectPath(loaded.slug, next));
  };

  return (
    <ProjectProvider value={{ ...detail.data, ...permissions }}>
      <DrivingPathProvider>
        {/* Ctrl+Z and Ctrl+Shift+Z undo and redo the user's own changes, in every view. */}
        {permissions.canEdit && <HistoryCommands projectId={loaded.id} />}
        {/* The palette's project commands and the single keys (N, G then L, E, X, /, ?). */}
        <ProjectCommands onNewTask={openNewTask} onOpenView={openView} onOpenTask={openTask} />
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <ProjectHeader
            project={loaded}
            accessLevel={accessLevel}
            view={view}
            onSelectView={selectView}
            onNewTask={openNewTask}
            onOpenCategories={() => setCategoriesOpen(true)}
          />
          <PresenceList users={others} />
          {/* Each view's code downloads when it first opens; its area keeps its shape meanwhile. */}
          {/* The view's area, where "/" looks for a search box (shortcut-targets.ts). */}
          <div data-project-view={view} className="contents">
            <LazyBoundary chunk={viewChunk(view)} fallback={<ProjectViewSkeleton />}>
              {view === "graph" ? (
                <GraphView onOpenTask={openTask} />
              ) : view === "list" ? (
                <TaskListView onOpenTask={openTask} onNewTask={openNewTask} />
              ) : view === "phases" ? (
                <PhasesView onOpenTask={openTask} />
              ) : view === "sharing" ? (
                <SharingView />
              ) : view === "gantt" ? (
                <GanttView onOpenTask={openTask} onNewTask={openNewTask} />
              ) : (
                <KanbanView onOpenTask={openTask} onNewTask={openNewTaskWithStatus} />
              )}
            </LazyBoundary>
          </div>
        </div>
        <PathTaskDialog
          view={view}
          onOpenView={openView}
          open={taskDialog.open}
          onOpenChange={(open) => setTaskDialog((state) => ({ ...state, open }))}
          task={taskDialog.task && (liveTask(detail.data.tasks, taskDialog.task.id) ?? taskDialog.task)}
          initialStatus={taskDialog.status}
          draft={taskDialog.draft}
          contextProject={loaded}
          readOnly={!permissions.canEdit}
        />
        <CategoriesDialog
          projectId={loaded.id}
          canEdit={permissions.canEdit}
          open={categoriesOpen}
          onOpenChange={setCategoriesOpen}
        />
      </DrivingPathProvider>
    </ProjectProvider>
  );
}

/** The views that draw a driving path. */
const DRAWS_DRIVING_PATH: ReadonlySet<ProjectView> = new Set(["gantt", "graph"]);

/**
 * The task dialog whose "Show driving path" shows the task's path (driving-path-context.tsx) in the
 * view open, or in the Gantt chart when the view open does not draw one.
 */
function PathTaskDialog({
  view,
  onOpenView,
  ...props
}: Omit<React.ComponentProps<typeof TaskDialog>, "onShowDrivingPath"> & {
  view: ProjectView;
  onOpenView: (view: ProjectView) => void;
}) {
  const { show } = useDrivingPath();
  const showDrivingPath = (taskId: number) => {
    show(taskId);
    if (!DRAWS_DRIVING_PATH.has(view)) onOpenView("gantt");
  };
  return <TaskDialog {...props} onShowDrivingPath={showDrivingPath} />;
}
