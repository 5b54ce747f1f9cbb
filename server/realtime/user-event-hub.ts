// The open My Tasks streams of this instance (GET /api/my-tasks/events). My Tasks lists tasks of
// every project a user can reach, so it follows them all: each event of one of those projects, on
// any instance (the bus), sends that user a small "changed" notice and the page reads My Tasks
// again. A change of members may add or remove a project: the user's projects are read again then,
// and on every keep-alive. The same stream carries the user's own notifications as they are stored,
// and which were marked read (another tab's bell counts down with it).
import type { NotificationDto, NotificationStreamMessage } from "@core/schemas/notifications";
import type { FastifyBaseLogger } from "fastify";
import type { EventBus } from "./event-bus";

/** What the stream sends: one of the user's projects changed (or they gained or lost one). */
export type MyTasksStreamMessage = { type: "changed"; projectId: number } | { type: "ready" };

/** Everything the user's stream sends. */
export type UserStreamMessage = MyTasksStreamMessage | NotificationStreamMessage;

export type UserStream = {
  userId: number;
  send: (text: string) => void;
  end: () => void;
  /** The ids of the projects the user can reach now. */
  readProjects: () => Promise<Set<number>>;
};

type Open = UserStream & { projects: Set<number> };

const message = (body: UserStreamMessage) => `data: ${JSON.stringify(body)}\n\n`;

export class UserEventHub {
  private readonly streams = new Set<Open>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    keepAliveMs = 25_000,
  ) {
    bus.onMessage((received) => {
      if (received.kind === "event") void this.receive(received.event.projectId, received.event.type);
      else if (received.kind === "notification")
        this.sendTo(received.userId, { type: "notification", notification: received.notification });
      else if (received.kind === "notifications.read")
        this.sendTo(received.userId, { type: "notifications.read", ids: received.ids });
    });
    this.timer = setInterval(() => void this.tick(), keepAliveMs);
    this.timer.unref();
  }

  /** Registers a stream once its projects are read; answers the function that unregisters it. */
  async open(stream: UserStream): Promise<() => void> {
    const open: Open = { ...stream, projects: await stream.readProjects() };
    this.streams.add(open);
    open.send(message({ type: "ready" }));
    return () => this.streams.delete(open);
  }

  /** Tells the user's open streams, on every instance, of a notification just stored. */
  publishNotification(userId: number, notification: NotificationDto): Promise<void> {
    return this.bus.publish({ kind: "notification", userId, notification });
  }

  /** Tells the user's open streams, on every instance, which notifications were marked read. */
  publishRead(userId: number, ids: number[] | "all"): Promise<void> {
    return this.bus.publish({ kind: "notifications.read", userId, ids });
  }

  /** How many streams are open (for tests). */
  get size(): number {
    return this.streams.size;
  }

  closeAll(): void {
    clearInterval(this.timer);
    for (const stream of this.streams) stream.end();
    this.streams.clear();
  }

  private sendTo(userId: number, body: UserStreamMessage) {
    const text = message(body);
    for (const stream of this.streams) if (stream.userId === userId) stream.send(text);
  }

  private async receive(projectId: number, type: string) {
    for (const stream of this.streams) {
      let concerned = stream.projects.has(projectId);
      if (type === "members.changed") {
        // Shared with the user, or no longer: either way My Tasks changes.
        const projects = await this.projectsOf(stream);
        concerned = concerned || projects.has(projectId);
      }
      if (concerned) stream.send(message({ type: "changed", projectId }));
    }
  }

  private async projectsOf(stream: Open): Promise<Set<number>> {
    try {
      stream.projects = await stream.readProjects();
    } catch (error) {
      this.log.warn({ err: error, userId: stream.userId }, "could not read a user's projects");
    }
    return stream.projects;
  }

  /** Keep-alive comments, and the user's projects read again (one made in another tab, say). */
  private async tick() {
    for (const stream of this.streams) {
      stream.send(": keep-alive\n\n");
      await this.projectsOf(stream);
    }
  }
}
