import { apiRoutes } from "@core/api/routes";
import type { CategoryDto, CategoryInput } from "@core/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type UpdateCategoryVariables = { categoryId: number; changes: CategoryInput };

/** PUT /api/categories/{id} */
export function updateCategory({ categoryId, changes }: UpdateCategoryVariables): Promise<CategoryDto> {
  return requestJson<CategoryDto>("PUT", apiRoutes.category.url({ id: categoryId }), changes);
}

/** Tasks refer to a category by id, so only the project's category list needs reloading. */
export function useUpdateCategory(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.categories(projectId) }),
  });
}
