// What every reverter is (undo.ts runs them): its context, its result, and the 409s it refuses
// with. A module of its own, so the reverters and undo.ts do not import each other.
import type { ProjectEvent } from "@core/schemas/events";
import type { CommandContext } from "../commands/command";
import type { Database } from "../db/client";
import type { ActivityEntry, User } from "../db/schema";
import { AppError, conflict } from "../lib/errors";
import { ValidationError } from "../lib/validation";
import type { UndoMark } from "./record-writes";

/** What a reverter works with: the entry, its transaction, who undoes it and how to mark the undo. */
export type RevertContext = {
  tx: Database;
  entry: ActivityEntry;
  actor: User;
  accessLevel: string;
  mark: UndoMark;
};

/** The reverted change as its event tells it (the undo entry's id is added by undoEntry). */
export type RevertResult = { activityId: number; event: Omit<ProjectEvent, "projectId" | "actorId"> };

export type Reverter = (context: RevertContext) => Promise<RevertResult>;

/**
 * The 409 of an undo that meets a row someone changed since the entry: it names the field.
 * @example staleField("name", "Framing") // 409 "Cannot undo: the name of “Framing” has changed since."
 */
export const staleField = (field: string, subject: string | null) =>
  conflict(`Cannot undo: the ${field} of “${subject ?? "this item"}” has changed since.`, "stale", { field });

/** The 409 of an undo whose row is gone (or back already). */
export const staleRow = (message: string) => conflict(`Cannot undo: ${message}`, "stale");

/**
 * The first field whose current value is not what the entry left (`changes` maps a field to its
 * [before, after]), or undefined when the row still holds every after-value.
 */
export function changedSince(current: Record<string, unknown>, changes: Record<string, [unknown, unknown]>) {
  return Object.keys(changes).find(
    (field) => JSON.stringify(current[field] ?? null) !== JSON.stringify(changes[field][1] ?? null),
  );
}

/**
 * The undo of any update, in one rule: the values the entry recorded before the write, once the row
 * is seen to still hold the values the write left; else 409 stale naming the first field changed
 * since. The write's own command then applies them.
 * @example beforeValues({ lag: 2 }, { lag: [0, 2] }, "A → B") // { lag: 0 }
 */
export function beforeValues(
  current: Record<string, unknown>,
  changes: Record<string, [unknown, unknown]>,
  subject: string | null,
  { unjudged = [] }: { unjudged?: Iterable<string> } = {},
): Record<string, unknown> {
  const skipped = new Set(unjudged);
  const judged = Object.fromEntries(Object.entries(changes).filter(([name]) => !skipped.has(name)));
  const field = changedSince(current, judged);
  if (field) throw staleField(field, subject);
  return Object.fromEntries(Object.entries(changes).map(([name, [before]]) => [name, before]));
}

/** The context an undo runs its command in: the undo's transaction and mark, never a dry run. */
export const asUndo = ({ tx, actor, mark }: RevertContext): CommandContext => ({
  tx,
  actor,
  dryRun: false,
  mark,
});

/**
 * Runs an undo's command and reports it. A refusal the command foresaw means the project changed
 * since the entry, so it is 409 stale: in the words `stale` gives for its code (or for the field a
 * ValidationError names), else the command's own words.
 * @example return undoBy(deleteCategory(asUndo(context), { category }))
 */
export async function undoBy(
  write: Promise<Done>,
  stale: Record<string, string> = {},
): Promise<RevertResult> {
  try {
    return asReverted(await write);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    const field = error instanceof ValidationError ? error.field : undefined;
    const words = stale[error.code] ?? (field ? stale[field] : undefined);
    if (words) throw staleRow(words);
    // A command's own compare-and-set ("The order of “A” has changed since."), as an undo says it.
    if (error.code === "stale") {
      const { message, details } = error;
      throw conflict(`Cannot undo: ${message[0].toLowerCase()}${message.slice(1)}`, "stale", details);
    }
    if (error instanceof ValidationError) throw conflict(`Cannot undo: ${error.message}`, "stale", { field });
    throw error;
  }
}

/** What a command answers, as undo reads it. */
type Done = Parameters<typeof asReverted>[0];

/**
 * The undo of any update, in one rule: read the row as the entry left it (locked; 409 stale when
 * gone), take back the before-values while it holds the after-values (beforeValues), and write them
 * with the update's own command; `stale` words the refusals that mean someone changed things since.
 */
export const undoUpdateOf =
  <Row>(
    read: (context: RevertContext) => Promise<Row>,
    wire: (row: Row) => Record<string, unknown>,
    write: (command: CommandContext, row: Row, befores: Record<string, unknown>) => Promise<Done>,
    stale: (befores: Record<string, unknown>, row: Row) => Record<string, string> = () => ({}),
  ): Reverter =>
  async (context) => {
    const row = await read(context);
    const befores = beforeValues(wire(row), context.entry.changes, context.entry.subject);
    return undoBy(write(asUndo(context), row, befores), stale(befores, row));
  };

/**
 * A command's result as undo reports it: the undo's entry and the one event to publish (a command
 * saying several, as a calendar change does, is told as its first with every task id of the rest).
 */
export const asReverted = (done: {
  activityId?: number;
  event: RevertResult["event"] | RevertResult["event"][] | null;
}): RevertResult => {
  const events = done.event === null ? [] : Array.isArray(done.event) ? done.event : [done.event];
  const [first, ...rest] = events;
  const taskIds = events.flatMap((each) => each.taskIds ?? []);
  return {
    activityId: done.activityId as number,
    event: { ...(first ?? { type: "project.updated" }), ...(rest.length > 0 ? { taskIds } : {}) },
  };
};
