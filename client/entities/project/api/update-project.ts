import { apiRoutes } from "@core/api/routes";
import type { ProjectDto, UpdateProjectInput } from "@core/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScheduleWrite } from "@/entities/schedule/api/preview-schedule";
import { invalidateProjectData, invalidateProjectLists } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type UpdateProjectVariables = { projectId: number; changes: UpdateProjectInput };

/** The PATCH request, which the calendar dialog's schedule preview sends too, as its dry run. */
export function updateProjectRequest({ projectId, changes }: UpdateProjectVariables): ScheduleWrite {
  return { method: "PATCH", url: apiRoutes.project.url({ id: projectId }), body: changes };
}

/** PATCH /api/projects/{id} with a new name or the archived flag (owner or admin only). */
export function updateProject(variables: UpdateProjectVariables): Promise<ProjectDto> {
  const { method, url, body } = updateProjectRequest(variables);
  return requestJson<ProjectDto>(method, url, body);
}

/** Renames, archives or unarchives; the lists, My Tasks and the project itself are refreshed after. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (_project, { projectId }) =>
      Promise.all([invalidateProjectLists(queryClient), invalidateProjectData(queryClient, projectId)]).then(
        () => undefined,
      ),
  });
}

/** PUT /api/projects/{id} with the project's editable fields (name and description). */
export function saveProjectDetails({ projectId, changes }: UpdateProjectVariables): Promise<ProjectDto> {
  return requestJson<ProjectDto>("PUT", apiRoutes.project.url({ id: projectId }), changes);
}

/** The project page's Edit Details dialog; refreshes like useUpdateProject. */
export function useSaveProjectDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProjectDetails,
    onSuccess: (_project, { projectId }) =>
      Promise.all([invalidateProjectLists(queryClient), invalidateProjectData(queryClient, projectId)]).then(
        () => undefined,
      ),
  });
}
