// Reads a Server-Sent Events stream in tests: messages are parsed as they arrive, and waitFor
// resolves with the first one matching, or fails after a timeout.
import type { StreamMessage } from "@core/schemas/events";

export type StreamReader = {
  status: number;
  messages: (StreamMessage & { eventId?: string })[];
  comments: string[];
  waitFor: (match: (message: StreamMessage) => boolean, timeoutMs?: number) => Promise<StreamMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<StreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: StreamReader["messages"] = [];
  const comments: string[] = [];
  const waiters: { match: (message: StreamMessage) => boolean; resolve: (message: StreamMessage) => void }[] =
    [];
  let endStream: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endStream = resolve;
  });

  const deliver = (message: StreamMessage & { eventId?: string }) => {
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  };

  void (async () => {
    if (!response.body) return endStream();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let eventId: string | undefined;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) eventId = line.slice(4);
            else if (line.startsWith("data: "))
              deliver({ ...(JSON.parse(line.slice(6)) as StreamMessage), eventId });
          }
        }
      }
    } catch {
      // aborted by close()
    }
    endStream();
  })();

  return {
    status: response.status,
    messages,
    comments,
    ended,
    close: () => controller.abort(),
    waitFor: (match, timeoutMs = 2000) => {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index === -1) return;
          waiters.splice(index, 1);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
      });
    },
  };
}
