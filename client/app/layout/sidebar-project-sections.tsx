import type { AccessLevel } from "@core/access/permissions";
import type { UseQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { SidebarProjectRow } from "@/app/layout/sidebar-project-row";
import { IconButton } from "@/components/icon-button";
import { useProjects } from "@/entities/project/api/get-projects";
import { useSharedProjects } from "@/entities/project/api/get-shared-projects";
import { NewProjectDialog } from "@/entities/project/components/new-project-dialog";
import { projectSlugFromPath } from "@/lib/project-views";
import { sortByName } from "@/lib/sort-by-name";
import { useFailureToast } from "@/lib/use-failure-toast";
import { cn } from "@/lib/utils";

/**
 * The sidebar's project lists between "My Tasks" and "Show all projects": My Projects (with the
 * add-project button) and Shared Projects, each sorted by name, with the open project highlighted.
 * It fills the sidebar's free height and scrolls on its own.
 */
export function SidebarProjectSections() {
  const [location] = useLocation();
  const currentSlug = projectSlugFromPath(location);
  const projects = useProjects();
  const sharedProjects = useSharedProjects();
  useFailureToast(projects.error, "Failed to fetch projects");
  useFailureToast(sharedProjects.error, "Failed to fetch shared projects");
  const [newProjectOpen, setNewProjectOpen] = useState(false);

  return (
    <nav
      aria-label="Projects"
      data-slot="sidebar-project-sections"
      className="min-h-0 flex-1 space-y-4 overflow-y-auto px-2 py-1"
    >
      <SidebarSection
        title="My Projects"
        action={
          <IconButton
            label="New Project"
            tooltipSide="right"
            size="icon-sm"
            className="size-6 text-muted-foreground"
            onClick={() => setNewProjectOpen(true)}
          >
            <Plus aria-hidden />
          </IconButton>
        }
      >
        <SidebarProjectList
          query={projects}
          loading="Loading projects..."
          failure="Failed to fetch projects"
          empty="No projects yet"
          accessLevelOf={() => "owner"}
          currentSlug={currentSlug}
        />
      </SidebarSection>

      <SidebarSection title="Shared Projects">
        <SidebarProjectList
          query={sharedProjects}
          loading="Loading shared projects..."
          failure="Failed to fetch shared projects"
          empty="No shared projects"
          accessLevelOf={(project) => project.role}
          currentSlug={currentSlug}
        />
      </SidebarSection>

      <NewProjectDialog open={newProjectOpen} onOpenChange={setNewProjectOpen} />
    </nav>
  );
}

function SidebarSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-1">
      <div className="flex h-7 items-center justify-between pr-1 pl-2">
        <h2 id={headingId} className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

type SidebarProject = React.ComponentProps<typeof SidebarProjectRow>["project"];

/** A section's projects by name, the open one highlighted; or that they load, failed, or are none. */
function SidebarProjectList<T extends SidebarProject>({
  query,
  loading,
  failure,
  empty,
  accessLevelOf,
  currentSlug,
}: {
  query: UseQueryResult<T[]>;
  loading: string;
  failure: string;
  empty: string;
  accessLevelOf: (project: T) => AccessLevel;
  currentSlug: string | null;
}) {
  if (query.isPending) return <SidebarNote>{loading}</SidebarNote>;
  if (query.isError) return <SidebarNote error>{failure}</SidebarNote>;
  if (query.data.length === 0) return <SidebarNote>{empty}</SidebarNote>;
  return (
    <ul className="space-y-0.5">
      {sortByName(query.data).map((project) => (
        <SidebarProjectRow
          key={project.id}
          project={project}
          accessLevel={accessLevelOf(project)}
          active={project.slug === currentSlug}
        />
      ))}
    </ul>
  );
}

function SidebarNote({ children, error = false }: { children: React.ReactNode; error?: boolean }) {
  return (
    <p
      role={error ? "alert" : undefined}
      className={cn("px-2 py-1 text-sm text-muted-foreground", error && "text-destructive")}
    >
      {children}
    </p>
  );
}
