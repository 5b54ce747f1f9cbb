// The bell's cached pages kept current without reading them again: a streamed notification goes on
// top of the first page and raises the count; a read (this tab's or another's) marks the
// notifications it names and lowers the count by the unread ones among them.
import type { NotificationDto, NotificationsPageDto } from "@core/schemas/notifications";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { notificationKeys } from "./get-notifications";

export type NotificationPages = InfiniteData<NotificationsPageDto, unknown>;

/** What a read names: some notifications by id, or all of the user's. */
export type ReadNotifications = readonly number[] | "all";

/** The unread count the pages show: the newest answer's, as changed since. */
export const unreadCountOf = (data: NotificationPages | undefined): number =>
  data?.pages[0]?.unreadCount ?? 0;

/**
 * The pages with `notification` on top, the count raised when it is unread; the same pages when it
 * is there already (a refetch brought it first).
 *
 * @example withNotification(pages, { id: 9, read: false, ... }).pages[0].notifications[0].id // 9
 */
export function withNotification(data: NotificationPages, notification: NotificationDto): NotificationPages {
  if (data.pages.some((page) => page.notifications.some((each) => each.id === notification.id))) return data;
  const unreadCount = unreadCountOf(data) + (notification.read ? 0 : 1);
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      unreadCount,
      notifications: index === 0 ? [notification, ...page.notifications] : page.notifications,
    })),
  };
}

/**
 * The pages with the named notifications read and the count lowered by the unread ones among them;
 * `complete` is false when some ids are on no page, so the count cannot be told from the pages.
 *
 * @example withRead(pages, "all").data.pages[0].unreadCount // 0
 */
export function withRead(
  data: NotificationPages,
  read: ReadNotifications,
): { data: NotificationPages; complete: boolean } {
  const named = read === "all" ? null : new Set(read);
  const isNamed = (notification: NotificationDto) => named === null || named.has(notification.id);
  const lowered = new Set<number>();
  const seen = new Set<number>();
  for (const page of data.pages) {
    for (const notification of page.notifications) {
      if (!isNamed(notification)) continue;
      seen.add(notification.id);
      if (!notification.read) lowered.add(notification.id);
    }
  }
  const unreadCount = named === null ? 0 : Math.max(0, unreadCountOf(data) - lowered.size);
  const complete = named === null || seen.size === named.size;
  return {
    complete,
    data: {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        unreadCount,
        notifications: page.notifications.map((notification) =>
          lowered.has(notification.id) ? { ...notification, read: true } : notification,
        ),
      })),
    },
  };
}

/** Lays a new notification on the bell's pages; without pages yet, they are read (once). */
export function addNotification(queryClient: QueryClient, notification: NotificationDto): void {
  const data = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
  if (!data) {
    void refreshNotifications(queryClient);
    return;
  }
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), withNotification(data, notification));
}

/**
 * Marks notifications read on the bell's pages; when some are on no page loaded (older ones another
 * tab read), the count is not known here and the pages are read again.
 */
export function markReadInCache(queryClient: QueryClient, read: ReadNotifications): void {
  const data = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
  if (!data) return;
  const next = withRead(data, read);
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), next.data);
  if (!next.complete) void refreshNotifications(queryClient);
}

/** Reads the bell's pages again (after a stream's gap, or a failed write). */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.list(), exact: true });
}
