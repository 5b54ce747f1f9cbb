// One Server-Sent Events answer, as every stream of the app opens it: the headers (no buffering
// by a proxy, no caching), the client's retry delay, and a stream that stops writing once either
// side ends it and then lets its hub forget it.
import type { FastifyReply, FastifyRequest } from "fastify";

export type EventStream = {
  /** Writes while the client listens; nothing after. */
  send: (text: string) => void;
  /** Ends the answer from the server's side (access lost, shutdown). */
  end: () => void;
  /** What to run once the stream ends, from either side (its hub's unregister); at once if it has. */
  onEnd: (callback: () => void) => void;
};

export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no", // nginx: do not buffer the stream
    "x-content-type-options": "nosniff",
  });
  raw.write("retry: 3000\n\n");
  let open = true;
  let ended = () => {};
  /** True the first time the stream stops. */
  const stop = () => {
    if (!open) return false;
    open = false;
    ended();
    return true;
  };
  request.raw.on("close", stop);
  return {
    send: (text) => {
      if (open) raw.write(text);
    },
    end: () => {
      if (stop()) raw.end();
    },
    onEnd: (callback) => {
      if (open) ended = callback;
      else callback();
    },
  };
}
