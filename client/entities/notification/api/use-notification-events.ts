// The bell follows the user's own stream on every signed-in page: a new notification goes on top of
// the cached list and raises the count, another tab's read marks them here too, both without
// reading the list again. After a (re)connection ("ready") the list is read once, since what came
// while the stream was down is not sent again.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notificationKeys } from "./get-notifications";
import { addNotification, markReadInCache, refreshNotifications } from "./notifications-cache";
import { listenToUserStream } from "./user-event-stream";

/** Subscribes while mounted; keeps the bell's cached pages current. */
export function useNotificationEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listeningSince = Date.now();
    let firstReady = true;
    return listenToUserStream((message) => {
      if (message.type === "notification") addNotification(queryClient, message.notification);
      else if (message.type === "notifications.read") markReadInCache(queryClient, message.ids);
      else if (message.type === "ready") {
        // The first connection comes with the page's first read: no need to read twice. A read that
        // landed before the stream opened (pages kept from earlier) is read again.
        const state = queryClient.getQueryState(notificationKeys.list());
        const readMeanwhile =
          state !== undefined && (state.fetchStatus === "fetching" || state.dataUpdatedAt >= listeningSince);
        if (!(firstReady && readMeanwhile)) void refreshNotifications(queryClient);
        firstReady = false;
      }
    });
  }, [queryClient]);
}
