import { apiRoutes } from "@core/api/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateProjectData, projectKeys } from "@/lib/api/query-keys";
import { apiRequest } from "@/lib/api-client";

/** DELETE /api/categories/{id}: the category's tasks keep existing, without a category. */
export async function deleteCategory(categoryId: number): Promise<void> {
  await apiRequest("DELETE", apiRoutes.category.url({ id: categoryId }));
}

export function useDeleteCategory(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // The project's tasks lost their categoryId: reload them with the category list.
    onSuccess: () =>
      Promise.all([
        invalidateProjectData(queryClient, projectId),
        queryClient.invalidateQueries({ queryKey: projectKeys.myTasks() }),
      ]).then(() => undefined),
  });
}
