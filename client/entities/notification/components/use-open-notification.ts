import type { NotificationDto } from "@core/schemas/notifications";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { getProjectsQueryOptions } from "@/entities/project/api/get-projects";
import { getSharedProjectsQueryOptions } from "@/entities/project/api/get-shared-projects";
import { type AccessibleProject, accessibleProjects } from "@/entities/project/api/use-accessible-projects";
import { errorMessage } from "@/lib/error-message";
import {
  DEFAULT_VIEW,
  type ProjectView,
  projectPath,
  projectSlugFromPath,
  toProjectView,
} from "@/lib/project-views";
import { toast } from "@/lib/use-toast";
import { useMarkNotificationsRead } from "../api/mark-notifications-read";

/**
 * Where a notification opens: its project in the view the user is on (a project's view; Sharing
 * holds no tasks, so the graph there), the default view elsewhere, with its task named in `?task=`
 * for the project page to open.
 *
 * @example notificationPath("garden-x1", 9, "/projects/other-y2/kanban") // "/projects/garden-x1/kanban?task=9"
 * @example notificationPath("garden-x1", 9, "/my-tasks") // "/projects/garden-x1/graph?task=9"
 */
export function notificationPath(slug: string, taskId: number | null, location: string): string {
  const onProject = projectSlugFromPath(location) !== null;
  const shown: ProjectView = onProject ? toProjectView(location.split("/")[3]) : DEFAULT_VIEW;
  const view = shown === "sharing" ? DEFAULT_VIEW : shown;
  const path = projectPath(slug, view);
  return taskId === null ? path : `${path}?task=${taskId}`;
}

/**
 * The project by id among those the user can open: from the sidebar's cached lists, then read
 * again once (a project shared a moment ago is not in them yet).
 */
async function findProject(
  queryClient: QueryClient,
  projectId: number,
): Promise<AccessibleProject | undefined> {
  const cached = accessibleProjects(
    await queryClient.ensureQueryData(getProjectsQueryOptions()),
    await queryClient.ensureQueryData(getSharedProjectsQueryOptions()),
  ).find((project) => project.id === projectId);
  if (cached) return cached;
  const [own, shared] = await Promise.all([
    queryClient.fetchQuery({ ...getProjectsQueryOptions(), staleTime: 0 }),
    queryClient.fetchQuery({ ...getSharedProjectsQueryOptions(), staleTime: 0 }),
  ]);
  return accessibleProjects(own, shared).find((project) => project.id === projectId);
}

/** Opens a notification: marks it read and goes to its task, or says its project is gone. */
export function useOpenNotification(): (notification: NotificationDto) => Promise<void> {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const { mutate: markRead } = useMarkNotificationsRead();
  return useCallback(
    async (notification) => {
      if (!notification.read) markRead([notification.id]);
      let project: AccessibleProject | undefined;
      try {
        project = await findProject(queryClient, notification.projectId);
      } catch (error) {
        toast({ variant: "destructive", title: "Could not open the task", description: errorMessage(error) });
        return;
      }
      if (!project) {
        toast({ title: "Project not available", description: "That project is no longer available to you." });
        return;
      }
      navigate(notificationPath(project.slug, notification.taskId, location));
    },
    [queryClient, location, navigate, markRead],
  );
}
