// Carries project events and presence between app instances: in process without REDIS_URL, over
// Redis pub/sub with it. Every instance, the publisher included, receives every message once.
import { EventEmitter } from "node:events";
import type { PresenceUser, ProjectEvent } from "@core/schemas/events";
import type { NotificationDto } from "@core/schemas/notifications";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

export type BusMessage =
  | { kind: "event"; event: ProjectEvent & { id: string } }
  | { kind: "presence"; instanceId: string; projectId: number; users: PresenceUser[]; at: number }
  // A session ended or a user changed: every instance drops what it cached (auth/session-cache.ts).
  | { kind: "sessions"; tokenHash?: string; userId?: number }
  // A notification stored for a user, or some of theirs marked read: the user's open streams on
  // every instance hear it (realtime/user-event-hub.ts).
  | { kind: "notification"; userId: number; notification: NotificationDto }
  | { kind: "notifications.read"; userId: number; ids: number[] | "all" };

export type EventBus = {
  publish(message: BusMessage): Promise<void>;
  onMessage(listener: (message: BusMessage) => void): void;
  /** Called after the bus lost and regained its connection: messages may have been missed. */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
};

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit("message", message);
    },
    onMessage: (listener) => emitter.on("message", listener),
    onReconnect: () => {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = "planner:project-events";

export function createRedisBus(url: string, log: FastifyBaseLogger): EventBus {
  const options = {
    // Keep retrying forever, at most every 2 s: the app keeps serving while Redis is away.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const listeners: ((message: BusMessage) => void)[] = [];
  const reconnectListeners: (() => void)[] = [];
  let wasConnected = false;

  for (const [name, connection] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const) {
    connection.on("error", (error) => log.warn({ err: error, connection: name }, "Redis connection problem"));
  }
  subscriber.on("ready", () => {
    void subscriber.subscribe(CHANNEL).catch((error) => log.error({ err: error }, "Redis subscribe failed"));
    if (wasConnected) {
      log.info("Redis reconnected: clients will refetch what they may have missed");
      for (const listener of reconnectListeners) listener();
    }
    wasConnected = true;
  });
  subscriber.on("message", (channel, raw) => {
    if (channel !== CHANNEL) return;
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    for (const listener of listeners) listener(message);
  });

  return {
    async publish(message) {
      try {
        await publisher.publish(CHANNEL, JSON.stringify(message));
      } catch (error) {
        // The change itself is committed; clients catch up with a refetch when the bus is back.
        log.warn({ err: error }, "could not publish a project event");
      }
    },
    onMessage: (listener) => listeners.push(listener),
    onReconnect: (listener) => reconnectListeners.push(listener),
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
