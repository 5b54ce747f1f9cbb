import { apiRoutes } from "@core/api/routes";
import type { CreateProjectInput, ProjectDto } from "@core/schemas/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateProjectLists } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

/** POST /api/projects: answers the new project, slug included. */
export function createProject(input: CreateProjectInput): Promise<ProjectDto> {
  return requestJson<ProjectDto>("POST", apiRoutes.projects.url(), input);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => invalidateProjectLists(queryClient),
  });
}
