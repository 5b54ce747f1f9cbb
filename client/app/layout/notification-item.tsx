import type { NotificationDto } from "@core/schemas/notifications";
import { format, formatDistanceToNow } from "date-fns";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

/**
 * One notification in the bell's panel: its words and how long ago, an unread one bolder with a dot
 * (and "Unread" in its name, for those who cannot see either). Choosing it opens its task.
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: NotificationDto;
  onOpen: (notification: NotificationDto) => void;
}) {
  const at = new Date(notification.at);
  return (
    <DropdownMenuItem
      data-unread={notification.read ? undefined : ""}
      onSelect={() => onOpen(notification)}
      className="items-start gap-2.5 px-3 py-2"
    >
      <span
        aria-hidden
        className={cn(
          "mt-1.5 size-2 shrink-0 rounded-full",
          notification.read ? "bg-transparent" : "bg-primary",
        )}
      />
      <span className="min-w-0 flex-1">
        {!notification.read && <span className="sr-only">Unread: </span>}
        <span
          className={cn(
            "block text-sm leading-snug",
            notification.read ? "text-muted-foreground" : "font-semibold text-foreground",
          )}
        >
          {notification.text}
        </span>
        <time
          dateTime={notification.at}
          title={format(at, "MMM d, yyyy, h:mm a")}
          className="mt-0.5 block text-xs text-muted-foreground"
        >
          {formatDistanceToNow(at, { addSuffix: true })}
        </time>
      </span>
    </DropdownMenuItem>
  );
}
