// Live updates (docs/decisions/015-live-collaboration.md): an open project view or public view
// listens to its project's event stream and refetches what changed, so collaborators' edits appear
// without a reload. Open dialogs keep what the user typed: forms reset only when they open. When
// the stream opens it tells the project's version: a copy as new as that is not fetched again
// (decisions.md section 10), and the project answer's ETag lets the browser revalidate the rest.

import type { PresenceUser, StreamMessage } from "@core/schemas/events";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { invalidateAfterTaskChange, projectKeys } from "./api/query-keys";

export type EventSourceTarget = { projectId: number } | { token: string };

// Bursts (an auto-layout, a drag of many cards) arrive as many events: refetch once per burst.
const COALESCE_MS = 150;

/**
 * Subscribes to the project's events while mounted; returns who else has it open (members only).
 * @example const viewers = useProjectEvents({ projectId: 7 })
 */
export function useProjectEvents(target: EventSourceTarget | null): PresenceUser[] {
  const queryClient = useQueryClient();
  const [viewers, setViewers] = useState<PresenceUser[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const key =
    target === null ? null : "token" in target ? `token:${target.token}` : `project:${target.projectId}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `target`.
  useEffect(() => {
    if (target === null || typeof EventSource === "undefined") return undefined;
    const url =
      "token" in target
        ? `/api/share/${encodeURIComponent(target.token)}/events`
        : `/api/projects/${target.projectId}/events`;

    const refetch = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        if ("token" in target)
          void queryClient.invalidateQueries({ queryKey: projectKeys.publicProject(target.token) });
        else void invalidateAfterTaskChange(queryClient, [target.projectId]);
      }, COALESCE_MS);
    };

    /** The project's version in the copy the page shows; undefined before it loaded. */
    const shownVersion = () => {
      const key =
        "token" in target ? projectKeys.publicProject(target.token) : projectKeys.detail(target.projectId);
      return queryClient.getQueryData<{ project?: { version?: number } }>(key)?.project?.version;
    };

    const source = new EventSource(url, { withCredentials: true });
    source.onmessage = (message) => {
      let data: StreamMessage;
      try {
        data = JSON.parse(message.data) as StreamMessage;
      } catch {
        return;
      }
      if (data.type === "presence") setViewers(data.users);
      // Sent as the stream (re)opens: changes made between loading the page and now, or while a
      // dropped stream was reconnecting, came as no event. Refetch only when the copy is older.
      else if (data.type === "version") {
        const shown = shownVersion();
        if (shown === undefined || shown < data.version) refetch();
      } else refetch();
    };
    return () => {
      source.close();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [key, queryClient]);

  return viewers;
}
