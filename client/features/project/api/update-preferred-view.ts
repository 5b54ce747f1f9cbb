import { apiRoutes } from "@core/api/routes";
import type { ProjectDetailDto, ProjectView } from "@core/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";
import { STORAGE_KEYS, writeStoredString } from "@/lib/storage-keys";

export type UpdatePreferredViewVariables = { projectId: number; view: ProjectView };

/** PUT /api/projects/{id}/preferred-view: the view this user last chose for this project. */
export function updatePreferredView({
  projectId,
  view,
}: UpdatePreferredViewVariables): Promise<{ view: ProjectView }> {
  return requestJson<{ view: ProjectView }>("PUT", apiRoutes.projectPreferredView.url({ id: projectId }), {
    view,
  });
}

/**
 * Saves a chosen view twice: in localStorage (preferred_view_mode) at once, and on the server. A
 * failure is only logged: the view is shown either way.
 */
export function useUpdatePreferredView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferredView,
    onMutate: ({ view }) => {
      writeStoredString(STORAGE_KEYS.preferredViewMode, view);
    },
    onSuccess: ({ view }, { projectId }) => {
      queryClient.setQueryData<ProjectDetailDto>(projectKeys.detail(projectId), (detail) =>
        detail ? { ...detail, project: { ...detail.project, preferredView: view } } : detail,
      );
    },
    onError: (error) => console.error("Failed to save the preferred view", error),
  });
}
