// The public link's data turned into what the project views read: read-only, every write a no-op.

import type { PublicProjectDto } from "@core/schemas/sharing";
import type { ProjectContextValue } from "@/features/project/project-context";
import { ApiError } from "@/lib/api-client";
import { projectPermissions } from "@/lib/project-permissions";

/** The server's answer for an unknown or revoked token, and the spec's texts for the other cases. */
export const PUBLIC_VIEW_TEXTS = {
  invalidLink: "This share link is invalid or has expired",
  loadFailed: "Failed to load shared project",
  noData: "No project data found",
  footer: "This is a read-only view of a shared project.",
} as const;

export type PublicLoadProblem = "access-denied" | "failed" | "no-data";

/**
 * Why a public project cannot be shown, or null when it can: a 404 is an invalid or revoked link
 * (Access Denied), any other failure 'Failed to load shared project', an answer without a project
 * 'No project data found'.
 *
 * @example publicLoadProblem(new ApiError(404, "This share link is invalid or has expired"), undefined) // "access-denied"
 */
export function publicLoadProblem(
  error: unknown,
  data: PublicProjectDto | null | undefined,
): PublicLoadProblem | null {
  if (error) return error instanceof ApiError && error.status === 404 ? "access-denied" : "failed";
  if (!data?.project) return "no-data";
  return null;
}

/**
 * The project context of a public visitor: viewer rights and nothing more (canEdit false), the
 * categories from the share data, and the fields a public answer leaves out filled with neutral
 * values (no slug, no owner, never archived).
 *
 * @example publicProjectContext("tok", data).canEdit // false
 */
export function publicProjectContext(token: string, data: PublicProjectDto): ProjectContextValue {
  return {
    project: {
      ...data.project,
      slug: "",
      userId: 0,
      archived: false,
      lastViewedAt: null,
      preferredView: null,
    },
    tasks: data.tasks ?? [],
    dependencies: data.dependencies ?? [],
    schedule: data.schedule ?? { finish: null },
    accessLevel: "viewer",
    ...projectPermissions("viewer"),
    publicShare: { token, categories: data.categories ?? [] },
  };
}
