// My Tasks follows every project it lists (GET /api/my-tasks/events): when one changes, on any
// instance and by anyone, the list is read again, a burst of changes read once.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { listenToUserStream } from "@/entities/notification/api/user-event-stream";
import { projectKeys } from "@/lib/api/query-keys";

/** Changes this close together are read as one. */
const SETTLE_MS = 200;

/** Subscribes while mounted; each notice refreshes My Tasks (and the sidebar's projects, shared ones too). */
export function useMyTasksEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: projectKeys.myTasks(), exact: true });
        // A project just shared with the user belongs in the sidebar too.
        void queryClient.invalidateQueries({ queryKey: projectKeys.shared(), exact: true });
      }, SETTLE_MS);
    };
    // One connection per tab, shared with the header's bell.
    const stop = listenToUserStream((message) => {
      if (message.type === "changed") refresh();
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [queryClient]);
}
