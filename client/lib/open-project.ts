import { useCallback } from "react";
import { useLocation } from "wouter";
import { projectPath } from "@/lib/project-views";
import { STORAGE_KEYS, writeStoredString } from "@/lib/storage-keys";

export type OpenableProject = { id: number; slug?: string | null };

/**
 * Where opening a project goes: its graph view, or, for a project without a slug, /home with its id
 * kept under open_project_id.
 *
 * @example openProjectTarget({ id: 4, slug: "launch-x7k2" }) // { path: "/projects/launch-x7k2/graph", openProjectId: null }
 * @example openProjectTarget({ id: 4, slug: null }) // { path: "/home", openProjectId: "4" }
 */
export function openProjectTarget(project: OpenableProject): { path: string; openProjectId: string | null } {
  if (project.slug) return { path: projectPath(project.slug), openProjectId: null };
  return { path: "/home", openProjectId: String(project.id) };
}

/** Opens a project: navigates to it, storing open_project_id first when it has no slug. */
export function useOpenProject(): (project: OpenableProject) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (project) => {
      const target = openProjectTarget(project);
      if (target.openProjectId !== null) writeStoredString(STORAGE_KEYS.openProjectId, target.openProjectId);
      navigate(target.path);
    },
    [navigate],
  );
}
