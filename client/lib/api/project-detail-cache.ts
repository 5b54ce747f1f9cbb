// Writes into the cached project detail, for changes the graph shows at once (a dragged card, a new
// arrow, a ticked task) instead of after the next refetch of a project that may hold 1,000 tasks.
import type { QueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import type { ProjectDetailDto } from "../../../core/schemas/projects";

/**
 * Replaces the cached detail of a project with `update(detail)`; nothing happens when it is not
 * cached. Structural sharing keeps every unchanged task and dependency the same object, so only the
 * graph cards whose task changed render again.
 *
 * @example patchProjectDetail(queryClient, 7, (detail) => ({ ...detail, dependencies: [...detail.dependencies, dependency] }))
 */
export function patchProjectDetail(
  queryClient: QueryClient,
  projectId: number,
  update: (detail: ProjectDetailDto) => ProjectDetailDto,
): void {
  queryClient.setQueryData<ProjectDetailDto>(projectKeys.detail(projectId), (detail) =>
    detail ? update(detail) : detail,
  );
}
