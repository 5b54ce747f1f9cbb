import type { CategoryDto } from "@core/schemas/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PROJECT_STALE_TIME, projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** GET /api/projects/{id}/categories */
export function getCategories(projectId: number): Promise<CategoryDto[]> {
  return requestJson<CategoryDto[]>("GET", projectKeys.categories(projectId)[0]);
}

export function getCategoriesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.categories(projectId),
    queryFn: () => getCategories(projectId),
    staleTime: PROJECT_STALE_TIME,
  });
}

export function useCategories(projectId: number) {
  return useQuery(getCategoriesQueryOptions(projectId));
}
