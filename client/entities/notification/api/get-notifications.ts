import { apiRoutes } from "@core/api/routes";
import { NOTIFICATIONS_PAGE_DEFAULT, type NotificationsPageDto } from "@core/schemas/notifications";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { requestJson } from "@/lib/api-client";

export const notificationKeys = {
  /** The bell's pages, newest first: the first page's URL (`before` reads the next). */
  list: () => [apiRoutes.notifications.url(undefined, { limit: NOTIFICATIONS_PAGE_DEFAULT })] as const,
};

/** GET /api/notifications: a page of the user's notifications, newest first, with the unread count. */
export function getNotifications(before?: number): Promise<NotificationsPageDto> {
  return requestJson<NotificationsPageDto>(
    "GET",
    apiRoutes.notifications.url(undefined, { limit: NOTIFICATIONS_PAGE_DEFAULT, before }),
  );
}

/**
 * The bell's pages: each next page starts before the last notification shown. They stay fresh until
 * the user's event stream says otherwise (use-notification-events.ts), so they are never read on a
 * timer or on focus.
 */
export function notificationPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.hasMore ? lastPage.notifications[lastPage.notifications.length - 1]?.id : undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useNotificationPages({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...notificationPagesQueryOptions(), enabled });
}
