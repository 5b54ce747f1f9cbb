import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { TaskDialog } from "@/components/tasks/task-dialog";
import { useProject } from "@/features/project/api/get-project";
import { useProjectBySlug } from "@/features/project/api/get-project-by-slug";
import { useUpdatePreferredView } from "@/features/project/api/update-preferred-view";
import { CategoriesDialog } from "@/features/project/components/categories-dialog";
import { ProjectHeader } from "@/features/project/components/project-header";
import {
  ProjectLoadError,
  ProjectNotFound,
  ProjectPageSkeleton,
} from "@/features/project/components/project-status";
import { TaskListView } from "@/features/project/list/task-list-view";
import { PhasesView } from "@/features/project/phases/phases-view";
import { ProjectProvider } from "@/features/project/project-context";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { projectPermissions } from "@/lib/project-permissions";
import { type ProjectView, VIEW_LABELS } from "@/lib/project-views";
import { useDocumentTitle } from "@/lib/use-document-title";
import type { TaskDto } from "../../../core/schemas/projects";

type ProjectPageProps = { slug: string; view: ProjectView };

/**
 * The task dialog: adding a task (no task), or showing one (edited, or read-only for viewers). The
 * task is kept while the dialog closes, so its title does not change during the fade.
 */
type TaskDialogState = { open: boolean; task: TaskDto | null };

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * One project: the address names it by slug, which is resolved to its id, then the project with
 * its tasks and dependencies is loaded. The list and phases views are here; the graph, Gantt, kanban
 * and sharing views come with their own issues.
 */
export function ProjectPage({ slug, view }: ProjectPageProps) {
  const bySlug = useProjectBySlug(slug);
  const detail = useProject(bySlug.data?.id);
  const savePreferredView = useUpdatePreferredView();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [taskDialog, setTaskDialog] = useState<TaskDialogState>({ open: false, task: null });
  const project = detail.data?.project;
  useDocumentTitle(project ? `${project.name} - Visual Project Planner` : undefined);

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
  const openNewTask = () => {
    if (denied(permissions.canEdit, PERMISSION_MESSAGES.createTasks)) return;
    setTaskDialog({ open: true, task: null });
  };
  // Viewers see the task read-only rather than being refused (spec section 6 refuses edits only).
  const openTask = (task: TaskDto) => setTaskDialog({ open: true, task });

  return (
    <ProjectProvider value={{ ...detail.data, ...permissions }}>
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <ProjectHeader
          project={loaded}
          accessLevel={accessLevel}
          view={view}
          onSelectView={(next) => savePreferredView.mutate({ projectId: loaded.id, view: next })}
          onNewTask={openNewTask}
          onOpenCategories={() => setCategoriesOpen(true)}
        />
        {view === "list" ? (
          <TaskListView onOpenTask={openTask} onNewTask={openNewTask} />
        ) : view === "phases" ? (
          <PhasesView onOpenTask={openTask} />
        ) : (
          <EmptyState
            title={`${VIEW_LABELS[view]} view`}
            description={`This project's ${VIEW_LABELS[view].toLowerCase()} view will appear here.`}
            className="min-h-80"
          />
        )}
      </div>
      <TaskDialog
        open={taskDialog.open}
        onOpenChange={(open) => setTaskDialog((state) => ({ ...state, open }))}
        task={taskDialog.task}
        contextProject={loaded}
        readOnly={!permissions.canEdit}
      />
      <CategoriesDialog
        projectId={loaded.id}
        canEdit={permissions.canEdit}
        open={categoriesOpen}
        onOpenChange={setCategoriesOpen}
      />
    </ProjectProvider>
  );
}
