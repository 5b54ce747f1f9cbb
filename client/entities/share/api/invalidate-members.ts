import type { QueryClient } from "@tanstack/react-query";
import { invalidateProjectData, invalidateProjectLists } from "@/lib/api/query-keys";

/**
 * Refreshes what a change of members can alter: the project's data (its members, and the caller's
 * own access level when they changed or removed themselves), the Shared Projects lists and My Tasks.
 * `leaving`: the caller lost access, so the project is only marked stale, not refetched into a 404
 * on the page that is leaving it.
 */
export function invalidateMembers(
  queryClient: QueryClient,
  projectId: number,
  { leaving = false }: { leaving?: boolean } = {},
): Promise<void> {
  return Promise.all([
    invalidateProjectData(queryClient, projectId, { refetch: !leaving }),
    invalidateProjectLists(queryClient),
  ]).then(() => undefined);
}
