import { apiRoutes } from "@core/api/routes";
import type { BaselineSummaryDto } from "@core/schemas/baselines";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

type SaveBaselineVariables = { projectId: number; name: string };

/** POST /api/projects/{id}/baselines `{ name }` (editors and up): saves every task's dates now. */
export function saveBaseline({ projectId, name }: SaveBaselineVariables): Promise<BaselineSummaryDto> {
  return requestJson<BaselineSummaryDto>("POST", apiRoutes.projectBaselines.url({ id: projectId }), { name });
}

/** Saves a baseline; the project's list of baselines is read again after. */
export function useSaveBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBaseline,
    onSuccess: (_baseline, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.baselines(projectId), exact: true }),
  });
}
