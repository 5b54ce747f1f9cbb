// My Tasks follows every project it lists (GET /api/my-tasks/events): when one changes, on any
// instance and by anyone, the list is read again, a burst of changes read once.
import { apiRoutes } from "@core/api/routes";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { projectKeys } from "@/lib/api/query-keys";

/** Changes this close together are read as one. */
const SETTLE_MS = 200;

/** Subscribes while mounted; each notice refreshes My Tasks (and the sidebar's projects, shared ones too). */
export function useMyTasksEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: projectKeys.myTasks(), exact: true });
        // A project just shared with the user belongs in the sidebar too.
        void queryClient.invalidateQueries({ queryKey: projectKeys.shared(), exact: true });
      }, SETTLE_MS);
    };
    const source = new EventSource(apiRoutes.myTasksEvents.url(), { withCredentials: true });
    source.onmessage = (message) => {
      try {
        if ((JSON.parse(message.data) as { type?: string }).type === "changed") refresh();
      } catch {
        // Not a notice of ours: nothing to do.
      }
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
