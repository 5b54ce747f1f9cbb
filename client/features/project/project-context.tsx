import type * as React from "react";
import { createContext, useContext } from "react";
import type { ProjectPermissions } from "@/lib/project-permissions";
import type { ProjectDetailDto } from "../../../core/schemas/projects";

/** What every view of an open project reads: its data and what the user may do with it. */
export type ProjectContextValue = ProjectDetailDto & ProjectPermissions;

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
