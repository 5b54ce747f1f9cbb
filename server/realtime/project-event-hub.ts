// The open event streams of this instance, by project. Events come from the bus (so changes made
// on any instance reach every stream), are numbered for Last-Event-ID resumption, and are kept a
// little while per project so a reconnecting client can be replayed what it missed.
import { randomBytes } from "node:crypto";
import type { PresenceUser, ProjectEvent, StreamMessage } from "@core/schemas/events";
import type { FastifyBaseLogger } from "fastify";
import type { BusMessage, EventBus } from "./event-bus";

/** One open stream. `stillAllowed` re-checks access; false closes the stream. */
export type StreamConnection = {
  projectId: number;
  user: PresenceUser | null;
  send: (text: string) => void;
  end: () => void;
  stillAllowed: () => Promise<boolean>;
};

const REPLAY_LIMIT = 200;
const PRESENCE_TTL_MS = 60_000;
// Changes after which someone may have lost access: check every stream of that project at once.
const ACCESS_CHANGES = new Set(["members.changed", "link.changed", "project.deleted"]);

export const formatMessage = (message: StreamMessage) =>
  `${"id" in message ? `id: ${message.id}\n` : ""}data: ${JSON.stringify(message)}\n\n`;

export class ProjectEventHub {
  readonly instanceId = randomBytes(6).toString("hex");
  private sequence = 0;
  private readonly streams = new Map<number, Set<StreamConnection>>();
  private readonly recent = new Map<number, (ProjectEvent & { id: string })[]>();
  /** projectId -> instanceId -> that instance's viewers, as last announced. */
  private readonly presence = new Map<number, Map<string, { users: PresenceUser[]; at: number }>>();
  private readonly timer: NodeJS.Timeout;

  /**
   * @param takeVersion the project's next version for a change being published (project-versions.ts);
   *   null when the project is gone.
   */
  constructor(
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly takeVersion: (projectId: number) => Promise<number | null>,
    keepAliveMs = 25_000,
  ) {
    bus.onMessage((message) => this.receive(message));
    bus.onReconnect(() => {
      for (const projectId of this.streams.keys()) this.broadcast(projectId, { type: "resync", projectId });
    });
    this.timer = setInterval(() => void this.tick(), keepAliveMs);
    this.timer.unref();
  }

  /**
   * Publishes a committed change to every instance, with the project's next version. Never throws:
   * the change is already saved. Without a version (the database did not answer), clients refetch.
   */
  async publish(event: ProjectEvent): Promise<void> {
    this.sequence += 1;
    const id = `${Date.now().toString(36)}-${this.sequence.toString(36)}-${this.instanceId}`;
    let version: number | null = null;
    if (event.type !== "project.deleted") {
      version = await this.takeVersion(event.projectId).catch((error: unknown) => {
        this.log.warn(
          { err: error, projectId: event.projectId },
          "could not take the project's next version",
        );
        return null;
      });
    }
    await this.bus.publish({
      kind: "event",
      event: { ...event, id, ...(version === null ? {} : { version }) },
    });
  }

  /**
   * Registers a stream; replays what followed `lastEventId`, or asks for a refetch if unknown; then
   * tells the project's version as read when the stream was asked for, so a client with an older
   * copy refetches once and one with a current copy does not.
   */
  open(connection: StreamConnection, lastEventId: string | undefined, version: number): () => void {
    const { projectId } = connection;
    let set = this.streams.get(projectId);
    if (!set) {
      set = new Set();
      this.streams.set(projectId, set);
    }
    set.add(connection);
    if (lastEventId) {
      const buffer = this.recent.get(projectId) ?? [];
      const index = buffer.findIndex((event) => event.id === lastEventId);
      if (index === -1) connection.send(formatMessage({ type: "resync", projectId }));
      else for (const event of buffer.slice(index + 1)) connection.send(formatMessage(event));
    }
    connection.send(formatMessage({ type: "version", projectId, version }));
    void this.announcePresence(projectId);
    connection.send(formatMessage({ type: "presence", projectId, users: this.viewersOf(projectId) }));
    return () => {
      set.delete(connection);
      if (set.size === 0) this.streams.delete(projectId);
      void this.announcePresence(projectId);
    };
  }

  /** Ends every stream (server shutdown). */
  closeAll(): void {
    clearInterval(this.timer);
    for (const set of this.streams.values()) for (const connection of set) connection.end();
    this.streams.clear();
  }

  private receive(message: BusMessage) {
    if (message.kind === "presence") {
      const byInstance = this.presence.get(message.projectId) ?? new Map();
      const before = JSON.stringify(this.viewersOf(message.projectId));
      if (message.users.length === 0) byInstance.delete(message.instanceId);
      else byInstance.set(message.instanceId, { users: message.users, at: message.at });
      this.presence.set(message.projectId, byInstance);
      const users = this.viewersOf(message.projectId);
      if (JSON.stringify(users) !== before) {
        this.broadcast(message.projectId, { type: "presence", projectId: message.projectId, users });
      }
      return;
    }
    const { event } = message;
    const buffer = this.recent.get(event.projectId) ?? [];
    buffer.push(event);
    if (buffer.length > REPLAY_LIMIT) buffer.splice(0, buffer.length - REPLAY_LIMIT);
    this.recent.set(event.projectId, buffer);
    this.broadcast(event.projectId, event);
    if (ACCESS_CHANGES.has(event.type)) void this.recheck(event.projectId);
  }

  private broadcast(projectId: number, message: StreamMessage) {
    const text = formatMessage(message);
    for (const connection of this.streams.get(projectId) ?? []) connection.send(text);
  }

  private viewersOf(projectId: number): PresenceUser[] {
    const now = Date.now();
    const users = new Map<number, PresenceUser>();
    for (const { users: listed, at } of this.presence.get(projectId)?.values() ?? []) {
      if (now - at > PRESENCE_TTL_MS) continue;
      for (const user of listed) users.set(user.id, user);
    }
    return [...users.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  private async announcePresence(projectId: number) {
    const users = new Map<number, PresenceUser>();
    for (const connection of this.streams.get(projectId) ?? []) {
      if (connection.user) users.set(connection.user.id, connection.user);
    }
    await this.bus.publish({
      kind: "presence",
      instanceId: this.instanceId,
      projectId,
      users: [...users.values()],
      at: Date.now(),
    });
  }

  private async recheck(projectId: number) {
    for (const connection of [...(this.streams.get(projectId) ?? [])]) {
      const allowed = await connection.stillAllowed().catch(() => false);
      if (!allowed) {
        this.log.info({ projectId, userId: connection.user?.id ?? null }, "event stream closed: access lost");
        connection.end();
      }
    }
  }

  /** Keep-alive comments (proxies close silent connections), presence heartbeats, access checks. */
  private async tick() {
    for (const [projectId, set] of this.streams) {
      for (const connection of set) connection.send(": keep-alive\n\n");
      await this.announcePresence(projectId);
      await this.recheck(projectId);
    }
  }
}
