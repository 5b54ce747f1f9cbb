import { apiRoutes } from "@core/api/routes";
import type { CategoryDto, CategoryInput } from "@core/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** POST /api/projects/{id}/categories */
export function createCategory(projectId: number, input: CategoryInput): Promise<CategoryDto> {
  return requestJson<CategoryDto>("POST", apiRoutes.projectCategories.url({ id: projectId }), input);
}

export function useCreateCategory(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => createCategory(projectId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.categories(projectId) }),
  });
}
