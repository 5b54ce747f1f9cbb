import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getProjectQueryOptions } from "@/entities/project/api/get-project";
import { projectKeys } from "@/lib/api/query-keys";

/** The open project. `projectId` is undefined until the slug has been resolved. */
export function useProject(projectId: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...getProjectQueryOptions(projectId ?? 0),
    enabled: projectId !== undefined,
  });

  // Opening a project records lastViewedAt, which All Projects shows: let that list reload the next
  // time it is shown, without fetching it now.
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt === 0) return;
    void queryClient.invalidateQueries({ queryKey: projectKeys.list(true), refetchType: "none" });
  }, [dataUpdatedAt, queryClient]);

  return query;
}
