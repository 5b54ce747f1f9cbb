import { Bell } from "lucide-react";
import { IconButton } from "@/components/icon-button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useNotificationPages } from "@/entities/notification/api/get-notifications";
import { useMarkNotificationsRead } from "@/entities/notification/api/mark-notifications-read";
import { unreadCountOf } from "@/entities/notification/api/notifications-cache";
import { useNotificationEvents } from "@/entities/notification/api/use-notification-events";
import { useOpenNotification } from "@/entities/notification/components/use-open-notification";
import { NotificationPanel } from "./notification-panel";

/**
 * The count on the bell: none at 0, "99+" above 99.
 *
 * @example unreadBadgeText(120) // "99+"
 */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

/**
 * The bell in the header (docs/spec/notifications-and-api.md): the unread count, rising live from
 * the user's event stream, and the panel listing the notifications. The badge is hidden from
 * assistive technology; the button's name says the count.
 */
export function NotificationBell() {
  useNotificationEvents();
  const pages = useNotificationPages();
  const unreadCount = unreadCountOf(pages.data);
  const badge = unreadBadgeText(unreadCount);
  const { mutate: markRead } = useMarkNotificationsRead();
  const openNotification = useOpenNotification();
  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications";

  return (
    // Not modal, as the account menu: a modal menu aria-hides the page while its controls stay focusable.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <IconButton label={label} className="relative">
          <Bell aria-hidden />
          {badge !== null && (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground tabular-nums"
            >
              {badge}
            </span>
          )}
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0">
        <NotificationPanel
          pages={pages}
          unreadCount={unreadCount}
          onMarkAllRead={() => markRead("all")}
          onOpen={(notification) => void openNotification(notification)}
        />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
