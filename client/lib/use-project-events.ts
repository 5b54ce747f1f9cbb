// Live updates (docs/decisions/029-events-carry-the-change.md): an open project view or public view
// listens to its
// project's event stream and applies each change to its cached copy (live/apply-to-caches.ts), in
// version order (live/event-sequencer.ts), so collaborators' edits and its own writes' effects
// appear without the project being read again. A gap in versions that does not fill within a
// second, a stream that could not resume, or an event without a version refetches the copy once.
// Open dialogs keep what the user typed: forms reset only when they open.

import { apiRoutes } from "@core/api/routes";
import type { PresenceUser, StreamMessage } from "@core/schemas/events";
import { hashKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { refreshActivity } from "./api/activity-cache";
import { applyToCaches, copyKeyOf, type LiveTarget } from "./live/apply-to-caches";
import { EventSequencer } from "./live/event-sequencer";
import { followProject } from "./live/live-projects";

export type EventSourceTarget = LiveTarget;

/**
 * Subscribes to the project's events while mounted; returns who else has it open (members only).
 * @example const viewers = useProjectEvents({ projectId: 7 })
 */
export function useProjectEvents(target: EventSourceTarget | null): PresenceUser[] {
  const queryClient = useQueryClient();
  const [viewers, setViewers] = useState<PresenceUser[]>([]);
  const key =
    target === null ? null : "token" in target ? `token:${target.token}` : `project:${target.projectId}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `target`.
  useEffect(() => {
    if (target === null || typeof EventSource === "undefined") return undefined;
    const url =
      "token" in target
        ? apiRoutes.publicProjectEvents.url({ token: target.token })
        : apiRoutes.projectEvents.url({ id: target.projectId });
    const copyKey = copyKeyOf(target);
    const sequencer = new EventSequencer({
      shownVersion: () =>
        queryClient.getQueryData<{ project?: { version?: number } }>(copyKey)?.project?.version,
      apply: (event) => applyToCaches(queryClient, target, event),
      refetch: () => {
        void queryClient.invalidateQueries({ queryKey: copyKey, exact: true });
        // The missed changes' entries are not known either.
        if (!("token" in target)) void refreshActivity(queryClient, target.projectId);
      },
    });
    // A read that lands (the first one, or a refetch after a gap) may be followed by waiting events.
    const unsubscribe = queryClient.getQueryCache().subscribe((cacheEvent) => {
      if (
        cacheEvent.type === "updated" &&
        cacheEvent.action.type === "success" &&
        !cacheEvent.action.manual &&
        cacheEvent.query.queryHash === hashKey(copyKey)
      )
        sequencer.drain();
    });
    const unfollow = "token" in target ? () => {} : followProject(queryClient, target.projectId);

    const source = new EventSource(url, { withCredentials: true });
    source.onmessage = (message) => {
      let data: StreamMessage;
      try {
        data = JSON.parse(message.data) as StreamMessage;
      } catch {
        return;
      }
      if (data.type === "presence") setViewers(data.users);
      else if (data.type === "version") sequencer.opened(data.version);
      else if (data.type === "resync") sequencer.resync();
      else sequencer.receive(data);
    };
    return () => {
      source.close();
      sequencer.close();
      unsubscribe();
      unfollow();
    };
  }, [key, queryClient]);

  return viewers;
}
