import type { AccessLevel } from "@core/access/permissions";
import type { ProjectDto, SharedProjectDto } from "@core/schemas/projects";
import { useProjects } from "@/entities/project/api/get-projects";
import { useSharedProjects } from "@/entities/project/api/get-shared-projects";
import { sortByName } from "@/lib/sort-by-name";

export type AccessibleProject = { id: number; name: string; slug: string; accessLevel: AccessLevel };

/**
 * The user's active projects with their access level: their own (owner) and those shared with
 * them (their role), sorted by name.
 *
 * @example accessibleProjects([ownProject], [{ ...sharedProject, role: "viewer" }]) // [{ ..., accessLevel: "owner" }, { ..., accessLevel: "viewer" }]
 */
export function accessibleProjects(
  own: readonly ProjectDto[],
  shared: readonly SharedProjectDto[],
): AccessibleProject[] {
  const ownIds = new Set(own.map((project) => project.id));
  return sortByName([
    ...own
      .filter((project) => !project.archived)
      .map(({ id, name, slug }) => ({ id, name, slug, accessLevel: "owner" as const })),
    ...shared
      .filter((project) => !project.archived && !ownIds.has(project.id))
      .map(({ id, name, slug, role }) => ({ id, name, slug, accessLevel: role })),
  ]);
}

/** Reads the same lists as the sidebar, so opening a task selector costs no extra call there. */
export function useAccessibleProjects() {
  const own = useProjects();
  const shared = useSharedProjects();
  return {
    projects: accessibleProjects(own.data ?? [], shared.data ?? []),
    isPending: own.isPending || shared.isPending,
  };
}
