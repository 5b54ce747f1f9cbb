// A webhook receiver for tests: a node:http server on 127.0.0.1 that keeps every request it gets
// and answers each with the status `answer` chooses (200 unless told).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";

export type Received = {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed: the event with its content, deliveryId and at. */
  json: Record<string, unknown> & { type: string; deliveryId: string; at: string };
};

export type Receiver = {
  url: string;
  received: Received[];
  /** The status to answer the request that arrives as `index` (from 0). */
  answer: (index: number, request: Received) => number;
  /** Waits until at least `count` requests have arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
};

export async function startReceiver(path = "/hook"): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    received: [],
    answer: () => 200,
    waitFor: async (count, timeout = 15_000) => {
      await expect
        .poll(() => receiver.received.length, { timeout, interval: 20 })
        .toBeGreaterThanOrEqual(count);
      return receiver.received;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const received: Received = { headers: request.headers, body, json: JSON.parse(body) };
      const index = receiver.received.length;
      receiver.received.push(received);
      response.statusCode = receiver.answer(index, received);
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
