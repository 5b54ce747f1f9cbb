import { apiRequest } from "@/lib/api-client";

export type DeleteDependencyVariables = { dependencyId: number; projectId: number };

/** DELETE /api/dependencies/{id} (204). */
export async function deleteDependency({ dependencyId }: DeleteDependencyVariables): Promise<void> {
  await apiRequest("DELETE", `/api/dependencies/${dependencyId}`);
}
