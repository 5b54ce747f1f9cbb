// The signed-in user's own event stream (GET /api/my-tasks/events), opened once per tab however
// many parts of the page listen to it: the bell on every signed-in page, My Tasks on its own. It
// opens with the first listener and closes with the last; the browser reconnects it after a drop,
// and the server then sends "ready" again.
import { apiRoutes } from "@core/api/routes";
import type { NotificationStreamMessage } from "@core/schemas/notifications";

/** What the stream sends: My Tasks' notices, the notifications' messages, and "ready" on each (re)connection. */
export type UserStreamMessage =
  | { type: "ready" }
  | { type: "changed"; projectId: number }
  | NotificationStreamMessage;

type Listener = (message: UserStreamMessage) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;

function open(): EventSource {
  const opened = new EventSource(apiRoutes.myTasksEvents.url(), { withCredentials: true });
  opened.onmessage = (event: MessageEvent) => {
    let message: UserStreamMessage;
    try {
      message = JSON.parse(String(event.data)) as UserStreamMessage;
    } catch {
      return; // Not a message of ours.
    }
    if (typeof message !== "object" || message === null || typeof message.type !== "string") return;
    for (const listener of [...listeners]) listener(message);
  };
  return opened;
}

/**
 * Listens to the user's stream until the answered function is called; nothing happens where the
 * browser has no EventSource.
 *
 * @example const stop = listenToUserStream((message) => { if (message.type === "changed") refresh(); });
 */
export function listenToUserStream(listener: Listener): () => void {
  if (typeof EventSource === "undefined") return () => {};
  listeners.add(listener);
  source ??= open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}
