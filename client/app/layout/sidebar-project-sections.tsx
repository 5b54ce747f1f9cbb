import { Plus } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { SidebarProjectRow } from "@/app/layout/sidebar-project-row";
import { IconButton } from "@/components/icon-button";
import { NewProjectDialog } from "@/components/projects/new-project-dialog";
import { useProjects } from "@/lib/api/projects/get-projects";
import { useSharedProjects } from "@/lib/api/projects/get-shared-projects";
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
        {projects.isPending ? (
          <SidebarNote>Loading projects...</SidebarNote>
        ) : projects.isError ? (
          <SidebarNote error>Failed to fetch projects</SidebarNote>
        ) : projects.data.length === 0 ? (
          <SidebarNote>No projects yet</SidebarNote>
        ) : (
          <ul className="space-y-0.5">
            {sortByName(projects.data).map((project) => (
              <SidebarProjectRow
                key={project.id}
                project={project}
                accessLevel="owner"
                active={project.slug === currentSlug}
              />
            ))}
          </ul>
        )}
      </SidebarSection>

      <SidebarSection title="Shared Projects">
        {sharedProjects.isPending ? (
          <SidebarNote>Loading shared projects...</SidebarNote>
        ) : sharedProjects.isError ? (
          <SidebarNote error>Failed to fetch shared projects</SidebarNote>
        ) : sharedProjects.data.length === 0 ? (
          <SidebarNote>No shared projects</SidebarNote>
        ) : (
          <ul className="space-y-0.5">
            {sortByName(sharedProjects.data).map((project) => (
              <SidebarProjectRow
                key={project.id}
                project={project}
                accessLevel={project.role}
                active={project.slug === currentSlug}
              />
            ))}
          </ul>
        )}
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
