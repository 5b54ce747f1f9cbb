// What every reverter is (undo.ts runs them): its context, its result, and the 409s it refuses
// with. A module of its own, so the reverters and undo.ts do not import each other.
import type { ProjectEvent } from "@core/schemas/events";
import type { Database } from "../db/client";
import type { ActivityEntry, User } from "../db/schema";
import { conflict } from "../lib/errors";
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
