import type { NotificationDto } from "@core/schemas/notifications";
import { BellOff, CheckCheck } from "lucide-react";
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { SkeletonRows } from "@/components/ui/skeleton";
import type { useNotificationPages } from "@/entities/notification/api/get-notifications";
import { errorMessage } from "@/lib/error-message";
import { NotificationItem } from "./notification-item";

type NotificationPanelProps = {
  pages: ReturnType<typeof useNotificationPages>;
  unreadCount: number;
  onMarkAllRead: () => void;
  onOpen: (notification: NotificationDto) => void;
};

/**
 * What the bell opens: the newest notifications, "Mark all as read", and "Load more" while older
 * ones remain. Both actions keep the panel open; opening a notification closes it.
 */
export function NotificationPanel({ pages, unreadCount, onMarkAllRead, onOpen }: NotificationPanelProps) {
  const notifications = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-2 pr-1">
        <DropdownMenuLabel className="px-3">Notifications</DropdownMenuLabel>
        <DropdownMenuItem
          disabled={unreadCount === 0}
          onSelect={(event) => {
            event.preventDefault();
            onMarkAllRead();
          }}
          className="text-xs"
        >
          <CheckCheck aria-hidden />
          Mark all as read
        </DropdownMenuItem>
      </div>
      <DropdownMenuSeparator className="mx-0 my-0" />
      <div className="max-h-[min(26rem,70vh)] overflow-y-auto py-1">
        {pages.isPending ? (
          <div aria-busy="true" className="space-y-3 px-3 py-2">
            <span className="sr-only">Loading notifications</span>
            <SkeletonRows count={3} icon="mt-1 size-2 rounded-full" lines={["w-56", "w-20"]} />
          </div>
        ) : pages.isError && notifications.length === 0 ? (
          <div className="px-3 py-4 text-sm">
            <p className="text-destructive">Could not load notifications: {errorMessage(pages.error)}</p>
            <DropdownMenuItem
              className="mt-2 w-fit"
              onSelect={(event) => {
                event.preventDefault();
                void pages.refetch();
              }}
            >
              Try again
            </DropdownMenuItem>
          </div>
        ) : notifications.length === 0 ? (
          <p className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-muted-foreground">
            <BellOff aria-hidden className="size-5" />
            You're all caught up.
          </p>
        ) : (
          notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={onOpen} />
          ))
        )}
        {pages.hasNextPage && (
          <DropdownMenuItem
            disabled={pages.isFetchingNextPage}
            onSelect={(event) => {
              event.preventDefault();
              void pages.fetchNextPage();
            }}
            className="mx-1 justify-center text-muted-foreground"
          >
            {pages.isFetchingNextPage ? "Loading…" : "Load more"}
          </DropdownMenuItem>
        )}
        {pages.isFetchNextPageError && (
          <p role="alert" className="px-3 py-1 text-xs text-destructive">
            Could not load more: {errorMessage(pages.error)}
          </p>
        )}
      </div>
    </>
  );
}
