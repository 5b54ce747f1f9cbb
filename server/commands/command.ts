// A write is a command: one function that, inside the caller's transaction, locks, checks,
// reschedules, writes, records its activity entry and says the event to publish. The route parses,
// authorizes and runs it (runCommand); undo runs commands too (an inverse command, or the same one
// with the values an entry recorded), so no write exists twice.
import type { ProjectEvent } from "@core/schemas/events";
import type { SchedulePreview } from "@core/schemas/scheduling";
import type { UndoMark } from "../activity/record-writes";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import type { ProjectEdgesCache } from "../dependencies/project-edges";
import type { ProjectEventHub } from "../realtime/project-event-hub";
import { withDryRun } from "../scheduling/rescheduler";
import { type FollowUpAnnouncer, followWrite, NO_FOLLOW_UPS } from "./write-follow-ups";

export type CommandContext = {
  tx: Database;
  actor: User;
  /** A dry run throws its preview once planned (scheduling/rescheduler.ts) and writes nothing. */
  dryRun: boolean;
  /** Set when the command runs as an undo (or redo): its entry says what it undoes. */
  mark?: UndoMark;
  /** The app's copies of projects' edges, for the cycle check; without it they are read. */
  projectEdges?: ProjectEdgesCache;
};

/**
 * The event of a write, without who made it (runCommand adds that). Its entry is the command's
 * `activityId` on the first event, unless an event names its own (a task moved between projects
 * leaves an entry in each).
 */
export type CommandEvent = Omit<ProjectEvent, "actorId">;

export type CommandResult<T> = {
  value: T;
  /** The activity entry recorded, if the write changed anything. */
  activityId?: number;
  /**
   * What to tell the project's streams once committed, in order (the project's fields, then the
   * tasks its calendar moved); null when nothing changed. The first carries the activity entry.
   */
  event: CommandEvent | CommandEvent[] | null;
  /** Runs once the transaction committed (a cache following the write). */
  afterCommit?: () => void;
};

export type Command<Input, Value> = (context: CommandContext, input: Input) => Promise<CommandResult<Value>>;

type Services = {
  db: Database;
  events: ProjectEventHub;
  projectEdges?: ProjectEdgesCache;
  /** Tells streams and mail of the notifications a write caused (the app's; absent in benches). */
  announceFollowUps?: FollowUpAnnouncer;
};

/**
 * Runs a command in a transaction of its own and publishes its event after the commit; with
 * `dryRun`, answers the preview of what it would move and changes nothing.
 * @example const done = await runCommand(app, user, deleteDependency, { dependency }, { dryRun })
 */
export async function runCommand<Input, Value>(
  services: Services,
  actor: User,
  command: Command<Input, Value>,
  input: Input,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<{ preview: SchedulePreview; value?: undefined } | { value: Value; preview?: undefined }> {
  const outcome = await withDryRun(services.db, dryRun, async (tx) => {
    const result = await command({ tx, actor, dryRun, projectEdges: services.projectEdges }, input);
    const events = eventsOf(result, actor);
    // A write's follow-ups commit with it (a dry run has thrown its preview before here).
    const followUps = dryRun ? NO_FOLLOW_UPS : await followWrite(tx, actor, events);
    return { result, events, followUps };
  });
  if (outcome.preview) return { preview: outcome.preview };
  const { result, events, followUps } = outcome.result;
  result.afterCommit?.();
  for (const event of events) await services.events.publish(event);
  await services.announceFollowUps?.(followUps);
  return { value: result.value };
}

/** The events a command's result publishes, in order: the first carries its activity entry. */
function eventsOf(result: CommandResult<unknown>, actor: User): ProjectEvent[] {
  const { activityId, event } = result;
  const events = event === null ? [] : Array.isArray(event) ? event : [event];
  return events.map((each, index) => {
    const entry = index === 0 ? { activityId } : {};
    return { ...entry, ...each, actorId: actor.id } as ProjectEvent;
  });
}

/** runCommand for a write that moves no scheduled task, so has no dry run: answers its value. */
export async function runWrite<Input, Value>(
  services: Services,
  actor: User,
  command: Command<Input, Value>,
  input: Input,
): Promise<Value> {
  const done = await runCommand(services, actor, command, input);
  return done.value as Value;
}
