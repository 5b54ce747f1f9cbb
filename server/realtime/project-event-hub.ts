// The open event streams of this instance, by project. Events come from the bus (so changes made
// on any instance reach every stream), are numbered for Last-Event-ID resumption, and are kept a
// little while per project so a reconnecting client can be replayed what it missed.
import { randomBytes } from "node:crypto";
import type { PresenceUser, ProjectEvent, ProjectFields, StreamMessage } from "@core/schemas/events";
import { publicProjectFields } from "@core/schemas/sharing";
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
// Events carry rows now: a burst of large ones (an auto-layout of 5,000 cards) is kept only up to
// this many characters per project; a client that missed more refetches once ("resync").
const REPLAY_CHARACTERS = 4_000_000;
const PRESENCE_TTL_MS = 60_000;
// Changes after which someone may have lost access: check every stream of that project at once.
const ACCESS_CHANGES = new Set(["members.changed", "link.changed", "project.deleted"]);

/** An event as members' streams send it, and as public links' do (without the project's private fields). */
type Texts = { id: string; text: string; publicText: string };

export const formatMessage = (message: StreamMessage) =>
  `${"id" in message ? `id: ${message.id}\n` : ""}data: ${JSON.stringify(message)}\n\n`;

const textFor = (connection: StreamConnection, texts: Texts) =>
  connection.user === null ? texts.publicText : texts.text;

export class ProjectEventHub {
  readonly instanceId = randomBytes(6).toString("hex");
  private sequence = 0;
  private readonly streams = new Map<number, Set<StreamConnection>>();
  private readonly recent = new Map<number, Texts[]>();
  /** Per project, the publish in progress: this instance publishes a project's changes in turn. */
  private readonly publishing = new Map<number, Promise<void>>();
  /** projectId -> instanceId -> that instance's viewers, as last announced. */
  private readonly presence = new Map<number, Map<string, { users: PresenceUser[]; at: number }>>();
  private readonly timer: NodeJS.Timeout;

  /**
   * @param withChange the event with the project's next version and what the change left
   *   (event-content.ts); it runs as the change is published, one change of a project at a time.
   */
  constructor(
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly withChange: (event: ProjectEvent) => Promise<ProjectEvent>,
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
   * Publishes a committed change to every instance, with the project's next version and what the
   * change left. Never throws: the change is already saved. Without a version (the database did
   * not answer), clients refetch. A project's changes are published one at a time, so on this
   * instance versions go out in order and each event's rows are read after the version before.
   */
  publish(event: ProjectEvent): Promise<void> {
    this.sequence += 1;
    const id = `${Date.now().toString(36)}-${this.sequence.toString(36)}-${this.instanceId}`;
    const previous = this.publishing.get(event.projectId) ?? Promise.resolve();
    const done = previous.then(async () => {
      const full = await this.withChange(event).catch((error: unknown) => {
        this.log.warn({ err: error, projectId: event.projectId }, "could not read what a change left");
        return event;
      });
      await this.bus.publish({ kind: "event", event: { ...full, id } });
    });
    this.publishing.set(event.projectId, done);
    void done.finally(() => {
      if (this.publishing.get(event.projectId) === done) this.publishing.delete(event.projectId);
    });
    return done;
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
      else for (const event of buffer.slice(index + 1)) connection.send(textFor(connection, event));
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
    if (message.kind !== "event") return;
    const { event } = message;
    const text = formatMessage(event);
    // A public link shows neither the project's private fields nor its activity (who did what).
    const { activity, activityId: _activityId, ...shared } = event;
    const texts: Texts = {
      id: event.id,
      text,
      publicText:
        event.project || activity
          ? formatMessage({
              ...shared,
              ...(event.project ? { project: publicProjectFields(event.project as ProjectFields) } : {}),
            })
          : text,
    };
    const buffer = this.recent.get(event.projectId) ?? [];
    buffer.push(texts);
    // Keep the newest events within both limits (the newest one always).
    let characters = 0;
    let start = buffer.length;
    while (start > 0 && buffer.length - start < REPLAY_LIMIT) {
      const size = buffer[start - 1].text.length;
      if (start < buffer.length && characters + size > REPLAY_CHARACTERS) break;
      characters += size;
      start -= 1;
    }
    buffer.splice(0, start);
    this.recent.set(event.projectId, buffer);
    for (const connection of this.streams.get(event.projectId) ?? [])
      connection.send(textFor(connection, texts));
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
