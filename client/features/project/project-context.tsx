import type { CategoryDto, ProjectDetailDto } from "@core/schemas/projects";
import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { createContext, useContext } from "react";
import { getCategoriesQueryOptions } from "@/entities/category/api/get-categories";
import type { ProjectPermissions } from "@/lib/project-permissions";

/** What every view of an open project reads: its data and what the user may do with it. */
export type ProjectContextValue = ProjectDetailDto &
  ProjectPermissions & {
    /**
     * Set when the project is seen through a public link: a visitor with no session, canEdit false,
     * no toolbars, every write a no-op, and the categories taken from the share data, since nothing
     * else may be loaded.
     */
    publicShare?: { token: string; categories: CategoryDto[] };
  };

const ProjectContext = createContext<ProjectContextValue | null>(null);

export function ProjectProvider({
  value,
  children,
}: {
  value: ProjectContextValue;
  children: React.ReactNode;
}) {
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}

/** The open project, for the views (graph, list, phases, ...) rendered inside the project page. */
export function useProjectContext(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) {
    throw new Error("useProjectContext must be used within a ProjectProvider or PublicProjectProvider");
  }
  return value;
}

const NO_CATEGORIES: CategoryDto[] = [];

/**
 * The open project's categories: from the share data on a public link, otherwise
 * GET /api/projects/{id}/categories. Empty until they have loaded.
 */
export function useProjectCategories(): CategoryDto[] {
  const { project, publicShare } = useProjectContext();
  const loaded = useQuery({ ...getCategoriesQueryOptions(project.id), enabled: !publicShare });
  return publicShare?.categories ?? loaded.data ?? NO_CATEGORIES;
}
