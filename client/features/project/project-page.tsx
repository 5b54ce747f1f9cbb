import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
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
import { ProjectProvider } from "@/features/project/project-context";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { projectPermissions } from "@/lib/project-permissions";
import { type ProjectView, VIEW_LABELS } from "@/lib/project-views";
import { useDocumentTitle } from "@/lib/use-document-title";

type ProjectPageProps = { slug: string; view: ProjectView };

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * One project: the address names it by slug, which is resolved to its id, then the project with
 * its tasks and dependencies is loaded. The views' bodies come with their own issues.
 */
export function ProjectPage({ slug, view }: ProjectPageProps) {
  const bySlug = useProjectBySlug(slug);
  const detail = useProject(bySlug.data?.id);
  const savePreferredView = useUpdatePreferredView();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
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

  return (
    <ProjectProvider value={{ ...detail.data, ...permissions }}>
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <ProjectHeader
          project={loaded}
          accessLevel={accessLevel}
          view={view}
          onSelectView={(next) => savePreferredView.mutate({ projectId: loaded.id, view: next })}
          onOpenCategories={() => setCategoriesOpen(true)}
        />
        <EmptyState
          title={`${VIEW_LABELS[view]} view`}
          description={`This project's ${VIEW_LABELS[view].toLowerCase()} view will appear here.`}
          className="min-h-80"
        />
      </div>
      <CategoriesDialog
        projectId={loaded.id}
        canEdit={permissions.canEdit}
        open={categoriesOpen}
        onOpenChange={setCategoriesOpen}
      />
    </ProjectProvider>
  );
}
