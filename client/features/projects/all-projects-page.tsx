import type { ShareRole } from "@core/access/permissions";
import type { ProjectDto } from "@core/schemas/projects";
import { Archive, FileUp, FolderOpen, Plus, Users } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SkeletonRows } from "@/components/ui/skeleton";
import { TabList, TabPanel } from "@/components/ui/tabs";
import { ImportDialog } from "@/entities/import-export/components/import-dialog";
import { useProjects } from "@/entities/project/api/get-projects";
import { useSharedProjects } from "@/entities/project/api/get-shared-projects";
import { DeleteProjectDialog } from "@/entities/project/components/delete-project-dialog";
import { NewProjectDialog } from "@/entities/project/components/new-project-dialog";
import { useArchiveProject } from "@/entities/project/components/use-archive-project";
import { ProjectListRow } from "@/features/projects/components/project-list-row";
import { invitedDateLabel, projectDateLabel, splitByArchived } from "@/features/projects/project-dates";
import { errorMessage } from "@/lib/error-message";
import { projectPermissions } from "@/lib/project-permissions";
import { sortByName } from "@/lib/sort-by-name";
import { useDocumentTitle } from "@/lib/use-document-title";

type ProjectsTab = "active" | "archived" | "shared";

const ROLE_LABELS: Record<ShareRole, string> = { viewer: "Viewer", editor: "Editor", admin: "Admin" };

/** All Projects: the user's active and archived projects and the projects shared with them. */
export function AllProjectsPage() {
  useDocumentTitle();
  const projects = useProjects({ includeArchived: true });
  const sharedProjects = useSharedProjects({ includeArchived: true });
  const { setArchived } = useArchiveProject();
  const [tab, setTab] = useState<ProjectsTab>("active");
  const [newProjectOpen, setNewProjectOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [deleting, setDeleting] = useState<ProjectDto | null>(null);
  const idPrefix = useId();

  const { active, archived } = splitByArchived(sortByName(projects.data ?? []));
  const shared = sortByName(sharedProjects.data ?? []);
  const count = (loaded: boolean, n: number) => (loaded ? ` (${n})` : "");
  const tabs = [
    { value: "active", label: `Active${count(projects.isSuccess, active.length)}` },
    { value: "archived", label: `Archived${count(projects.isSuccess, archived.length)}` },
    { value: "shared", label: `Shared${count(sharedProjects.isSuccess, shared.length)}` },
  ] as const;

  const newProjectButton = (
    <Button onClick={() => setNewProjectOpen(true)}>
      <Plus aria-hidden />
      New Project
    </Button>
  );

  const ownRows = (list: ProjectDto[]) => (
    <ul className="space-y-2">
      {list.map((project) => (
        <ProjectListRow
          key={project.id}
          project={project}
          details={<span>{projectDateLabel(project)}</span>}
          onToggleArchived={() => void setArchived(project.id, !project.archived)}
          onDelete={() => setDeleting(project)}
        />
      ))}
    </ul>
  );

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6">
      <PageHeader
        title="All Projects"
        description="Your own projects and the projects shared with you."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden />
              Import
            </Button>
            {newProjectButton}
          </div>
        }
      />
      <TabList
        tabs={tabs}
        value={tab}
        onValueChange={setTab}
        idPrefix={idPrefix}
        label="Projects"
        className="w-full sm:w-auto"
      />

      <TabPanel idPrefix={idPrefix} value={tab}>
        {tab === "shared" ? (
          <ListState
            query={sharedProjects}
            failure="Failed to fetch shared projects"
            empty={
              <EmptyState
                icon={Users}
                title="No shared projects"
                description="Projects other people share with you appear here."
              />
            }
          >
            <ul className="space-y-2">
              {shared.map((project) => (
                <ProjectListRow
                  key={project.id}
                  project={project}
                  details={
                    <>
                      <Badge variant="outline" className="py-0">
                        {ROLE_LABELS[project.role]}
                      </Badge>
                      <span>{invitedDateLabel(project.invitedAt)}</span>
                    </>
                  }
                  onToggleArchived={
                    projectPermissions(project.role).canManage
                      ? () => void setArchived(project.id, !project.archived)
                      : undefined
                  }
                />
              ))}
            </ul>
          </ListState>
        ) : (
          <ListState
            query={projects}
            failure="Failed to fetch projects"
            empty={
              tab === "active" ? (
                <EmptyState
                  icon={FolderOpen}
                  title="No active projects"
                  description="Create a project to start planning its tasks and dependencies."
                  action={newProjectButton}
                />
              ) : (
                <EmptyState
                  icon={Archive}
                  title="No archived projects"
                  description="Projects you archive appear here."
                />
              )
            }
            isEmpty={(tab === "active" ? active : archived).length === 0}
          >
            {ownRows(tab === "active" ? active : archived)}
          </ListState>
        )}
      </TabPanel>

      <NewProjectDialog open={newProjectOpen} onOpenChange={setNewProjectOpen} />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
      {deleting && (
        <DeleteProjectDialog
          project={deleting}
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          navigateTo={null}
        />
      )}
    </div>
  );
}

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown[];
  refetch: () => unknown;
};

/** Skeleton rows while loading, the failure with a retry, the empty state, or the list. */
function ListState({
  query,
  failure,
  empty,
  isEmpty = (query.data?.length ?? 0) === 0,
  children,
}: {
  query: ListQuery;
  failure: string;
  empty: React.ReactNode;
  isEmpty?: boolean;
  children: React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading</span>
        <SkeletonRows
          count={3}
          className="items-center rounded-lg border px-4 py-3"
          icon="size-9"
          lines={["w-48 max-w-full", "w-32"]}
        />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title={failure}
        description={errorMessage(query.error)}
        action={
          <Button variant="outline" onClick={() => query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return isEmpty ? empty : children;
}
