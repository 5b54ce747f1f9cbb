import { apiRoutes } from "@core/api/routes";
import type { DependencyDto } from "@core/schemas/projects";
import type { DependencyType } from "@core/schemas/scheduling";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DEPENDENCY_FAILURE_TITLES } from "@/entities/dependency/api/dependency-toasts";
import type { ScheduleWrite } from "@/entities/schedule/api/preview-schedule";
import { showWriteAnswer } from "@/lib/api/project-detail-cache";
import { invalidateAfterTaskChange } from "@/lib/api/query-keys";
import { requestJson } from "@/lib/api-client";

export type CreateDependencyVariables = {
  projectId: number;
  /** The prerequisite. */
  sourceTaskId: number;
  /** The dependent, which waits for the prerequisite. */
  targetTaskId: number;
  /** FS and no lag unless sent (the Gantt's Predecessors column sends them). */
  type?: DependencyType;
  lag?: number;
};

/**
 * POST /api/dependencies: answers the new dependency (201), or refuses a duplicate or a cycle (409,
 * the message names the cycle) and a task depending on itself (400).
 */
export function createDependency(variables: CreateDependencyVariables) {
  const { method, url, body } = createDependencyRequest(variables);
  return requestJson<DependencyDto>(method, url, body);
}

/** The request of a new dependency, which its schedule preview sends too, as its dry run. */
export function createDependencyRequest({
  sourceTaskId,
  targetTaskId,
  type,
  lag,
}: Pick<CreateDependencyVariables, "sourceTaskId" | "targetTaskId" | "type" | "lag">): ScheduleWrite {
  return {
    method: "POST",
    url: apiRoutes.dependencies.url(),
    body: { sourceTaskId, targetTaskId, type, lag },
  };
}

/**
 * Creates a dependency: the arrow shows at once (the cached project gains it), then the project,
 * the lists and My Tasks refresh, as unblocked tasks may have changed. A refusal shows
 * 'Failed to create dependency' with the server's reason (its notice, write-notices.ts).
 */
export function useCreateDependency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDependency,
    meta: { notices: { failure: DEPENDENCY_FAILURE_TITLES.create } },
    onSuccess: async (dependency, { projectId }) => {
      showWriteAnswer(queryClient, projectId, { dependencies: [dependency] });
      await invalidateAfterTaskChange(queryClient, [projectId]);
    },
  });
}
