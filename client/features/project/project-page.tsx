import { EmptyState } from "@/components/empty-state";
import { ViewTabs } from "@/components/view-tabs";
import { PROJECT_VIEWS, type ProjectView, projectPath, VIEW_LABELS } from "@/lib/project-views";
import { useDocumentTitle } from "@/lib/use-document-title";

type ProjectPageProps = { slug: string; view: ProjectView };

/**
 * Placeholder: loading the project by slug, its views, New Task and the project menu come with the
 * project issues. Until the project is loaded the title stays the default one.
 */
export function ProjectPage({ slug, view }: ProjectPageProps) {
  useDocumentTitle();
  const tabs = PROJECT_VIEWS.map((name) => ({
    value: name,
    label: VIEW_LABELS[name],
    href: projectPath(slug, name),
  }));

  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="min-w-0 space-y-1">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Project</p>
        <h1 className="truncate text-2xl font-semibold tracking-tight">{slug}</h1>
      </div>
      <ViewTabs tabs={tabs} active={view} label="Project views" />
      <EmptyState
        title={`${VIEW_LABELS[view]} view`}
        description={`This project's ${VIEW_LABELS[view].toLowerCase()} view will appear here.`}
        className="min-h-80"
      />
    </div>
  );
}
