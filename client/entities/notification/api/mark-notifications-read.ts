import { apiRoutes } from "@core/api/routes";
import type { MarkNotificationsRead } from "@core/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { notificationKeys } from "./get-notifications";
import { markReadInCache, type ReadNotifications, refreshNotifications } from "./notifications-cache";

/** POST /api/notifications/read `{ ids }` or `{ all: true }`: 204. */
export async function markNotificationsRead(read: ReadNotifications): Promise<void> {
  const body: MarkNotificationsRead = read === "all" ? { all: true } : { ids: [...read] };
  await apiRequest("POST", apiRoutes.notificationsRead.url(), body);
}

/**
 * Marks notifications read, shown at once (the bell's count drops before the answer); a failure
 * reads the pages again, so they show what the server holds.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (read) => {
      // A read in flight could land after this and bring the old state back.
      await queryClient.cancelQueries({ queryKey: notificationKeys.list(), exact: true });
      markReadInCache(queryClient, read);
    },
    onError: () => refreshNotifications(queryClient),
    meta: { notices: { failure: "Could not mark notifications as read" } },
  });
}
