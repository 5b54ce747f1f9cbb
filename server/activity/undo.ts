// Undo: an entry is reverted in one transaction by the reverter of its action, which each domain
// declares beside its commands (<domain>/*-commands.ts; tasks in tasks/task-undo.ts) and which runs
// those same commands (the mechanism: reverter.ts).
// Each refuses with 409 naming the field when the row no longer holds what the entry left, runs
// the scheduler again, and records the undo as an entry of its own, so undoing that entry is redo.

import {
  type ActivityAction,
  ALREADY_UNDONE_MESSAGE,
  ENTRY_NOT_FOUND,
  NOT_UNDOABLE_MESSAGE,
  rightToUndo,
} from "@core/schemas/activity";
import type { ProjectEvent } from "@core/schemas/events";
import { eq } from "drizzle-orm";
import { requireProjectAccess } from "../access/access-level";
import { baselineReverters } from "../baselines/baseline-commands";
import { categoryReverters } from "../categories/category-commands";
import { followWrite } from "../commands/write-follow-ups";
import type { Database } from "../db/client";
import { activityEntries, type User } from "../db/schema";
import { dependencyReverters } from "../dependencies/dependency-commands";
import { conflict, notFound } from "../lib/errors";
import { projectReverters } from "../projects/project-commands";
import { sharingReverters } from "../sharing/sharing-commands";
import { taskReverters } from "../tasks/task-undo";
import type { Reverter } from "./reverter";

const REVERTERS: Partial<Record<ActivityAction, Reverter>> = {
  ...taskReverters,
  ...dependencyReverters,
  ...categoryReverters,
  ...projectReverters,
  ...sharingReverters,
  ...baselineReverters,
};

/** Reverts the entry for `user`; answers the undo entry's id and the event to publish after commit. */
export async function undoEntry(db: Database, user: User, entryId: number) {
  const [entry] = await db.select().from(activityEntries).where(eq(activityEntries.id, entryId)).limit(1);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  const access = await requireProjectAccess(db, user, entry.projectId, rightToUndo(entry.action), {
    notFound: ENTRY_NOT_FOUND,
  });
  const revert = REVERTERS[entry.action];
  if (!entry.undoable || !revert) throw conflict(NOT_UNDOABLE_MESSAGE, "not_undoable");
  if (entry.undoneBy !== null) throw conflict(ALREADY_UNDONE_MESSAGE, "already_undone");

  const result = await db.transaction(async (tx) => {
    // Held to the end: a second undo of the same entry waits, then finds it undone.
    const [held] = await tx
      .select({ undoneBy: activityEntries.undoneBy })
      .from(activityEntries)
      .where(eq(activityEntries.id, entry.id))
      .for("update");
    if (!held) throw notFound(ENTRY_NOT_FOUND);
    if (held.undoneBy !== null) throw conflict(ALREADY_UNDONE_MESSAGE, "already_undone");
    const reverted = await revert({
      tx: tx as unknown as Database,
      entry,
      actor: user,
      accessLevel: access.accessLevel,
      mark: { undoOf: entry.id, isUndo: !entry.isUndo },
    });
    await tx
      .update(activityEntries)
      .set({ undoneBy: reverted.activityId })
      .where(eq(activityEntries.id, entry.id));
    const event = {
      ...reverted.event,
      projectId: entry.projectId,
      activityId: reverted.activityId,
      actorId: user.id,
    } as ProjectEvent;
    // An undo notifies and reaches webhooks as the write it mirrors would.
    const followUps = await followWrite(tx as unknown as Database, user, [event]);
    return { activityId: reverted.activityId, event, followUps };
  });
  return { ...result, projectId: entry.projectId };
}
