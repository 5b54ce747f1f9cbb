// A project's baseline writes as commands (server/commands/command.ts): saving one (or bringing a
// deleted one back whole, with its id and its task rows), renaming it, deleting it. Each records
// its entry and says its event, `baseline.changed`, so other members' lists of baselines refresh.
// Their undo is beside them (baselineReverters): a save is undone by deleting, a deletion by
// putting it back from the entry's `restore`, a rename by renaming back; each only while the
// baseline still stands as the entry left it, else 409 stale (activity/reverter.ts).
import type { ActivityAction } from "@core/schemas/activity";
import {
  BASELINE_LIMIT_CODE,
  BASELINE_LIMIT_MESSAGE,
  BASELINE_NOT_FOUND,
  BASELINES_PER_PROJECT,
  type BaselineSummaryDto,
} from "@core/schemas/baselines";
import { and, eq } from "drizzle-orm";
import { PROJECT_NOT_FOUND } from "../access/access-level";
import { recordActivity } from "../activity/activity-log";
import type { UndoMark } from "../activity/record-writes";
import {
  asUndo,
  beforeValues,
  type RevertContext,
  type Reverter,
  staleRow,
  undoBy,
  undoUpdateOf,
} from "../activity/reverter";
import type { Command, CommandEvent } from "../commands/command";
import type { Database } from "../db/client";
import { type Baseline, baselines } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { lockProject } from "../scheduling/rescheduler";
import {
  type BaselineRestore,
  columnsOf,
  insertBaselineFromTasks,
  insertRestoredBaseline,
  readBaselineSummary,
  readBaselineTasks,
} from "./baseline-store";

const changed = (projectId: number, baselineId: number): CommandEvent => ({
  type: "baseline.changed",
  projectId,
  baselineIds: [baselineId],
});

/** What an entry of a save keeps: the baseline it made (its undo deletes that one). */
type SavedRestore = { baseline: Pick<BaselineSummaryDto, "id" | "name"> };

async function recordBaselineActivity(
  tx: Database,
  actorId: number,
  action: Extract<ActivityAction, `baseline.${string}`>,
  entry: { projectId: number; name: string; changes: Record<string, [unknown, unknown]>; restore: object },
  mark?: UndoMark,
) {
  return recordActivity(tx, {
    projectId: entry.projectId,
    actorId,
    action,
    subject: entry.name,
    changes: entry.changes,
    restore: entry.restore as Record<string, unknown>,
    ...mark,
  });
}

/**
 * Saves a baseline of the project's schedule as it stands (one statement, baseline-store.ts), or,
 * with `restore` (the undo of a deletion), puts that baseline back whole. Past the limit: 409
 * naming it, nothing saved. The project's row is locked first, so two saves count in turn.
 */
export const saveBaseline: Command<
  { projectId: number; name: string; restore?: BaselineRestore },
  BaselineSummaryDto
> = async ({ tx, actor, mark }, { projectId, name, restore }) => {
  if (!(await lockProject(tx, projectId))) throw notFound(PROJECT_NOT_FOUND);
  const saved = restore
    ? await insertRestoredBaseline(tx, projectId, restore)
    : await insertBaselineFromTasks(tx, { projectId, name, savedBy: actor.id });
  if (!saved) throw conflict(BASELINE_LIMIT_MESSAGE, BASELINE_LIMIT_CODE, { limit: BASELINES_PER_PROJECT });
  const activityId = await recordBaselineActivity(
    tx,
    actor.id,
    "baseline.saved",
    {
      projectId,
      name: saved.name,
      changes: { name: [null, saved.name] },
      restore: { baseline: { id: saved.id, name: saved.name } } satisfies SavedRestore,
    },
    mark,
  );
  return { value: saved, activityId, event: changed(projectId, saved.id) };
};

/** The project's baseline, locked; 404 when it is not one of the project's. */
async function lockBaseline(tx: Database, projectId: number, baselineId: number) {
  const [row] = await tx
    .select()
    .from(baselines)
    .where(and(eq(baselines.id, baselineId), eq(baselines.projectId, projectId)))
    .for("update");
  return row as Baseline | undefined;
}

/** Renames a baseline. Giving it the name it has records nothing (an undo always records). */
export const renameBaseline: Command<
  { projectId: number; baselineId: number; name: string },
  BaselineSummaryDto
> = async ({ tx, actor, mark }, { projectId, baselineId, name }) => {
  const met = await lockBaseline(tx, projectId, baselineId);
  if (!met) throw notFound(BASELINE_NOT_FOUND);
  if (met.name !== name) await tx.update(baselines).set({ name }).where(eq(baselines.id, baselineId));
  const renamed = (await readBaselineSummary(tx, projectId, baselineId)) as BaselineSummaryDto;
  if (!mark && met.name === name) return { value: renamed, event: null };
  const activityId = await recordBaselineActivity(
    tx,
    actor.id,
    "baseline.renamed",
    { projectId, name, changes: { name: [met.name, name] }, restore: { baseline: { id: baselineId } } },
    mark,
  );
  return { value: renamed, activityId, event: changed(projectId, baselineId) };
};

/** Deletes a baseline; its entry keeps it whole (row and task rows), for its undo. */
export const deleteBaseline: Command<{ projectId: number; baselineId: number }, BaselineSummaryDto> = async (
  { tx, actor, mark },
  { projectId, baselineId },
) => {
  if (!(await lockBaseline(tx, projectId, baselineId))) throw notFound(BASELINE_NOT_FOUND);
  const summary = (await readBaselineSummary(tx, projectId, baselineId)) as BaselineSummaryDto;
  const tasks = await readBaselineTasks(tx, baselineId);
  await tx.delete(baselines).where(eq(baselines.id, baselineId));
  const activityId = await recordBaselineActivity(
    tx,
    actor.id,
    "baseline.deleted",
    {
      projectId,
      name: summary.name,
      changes: { name: [summary.name, null] },
      restore: { baseline: summary, tasks: columnsOf(tasks) } satisfies BaselineRestore,
    },
    mark,
  );
  return { value: summary, activityId, event: changed(projectId, baselineId) };
};

// Undo: each write above, reverted by its own command (activity/reverter.ts).

/** The entry's baseline, locked; 409 stale when it is gone. */
async function baselineAsLeft({ tx, entry }: RevertContext) {
  const { id } = (entry.restore as { baseline: { id: number } }).baseline;
  const current = await lockBaseline(tx, entry.projectId, id);
  if (!current) throw staleRow(`the baseline “${entry.subject}” no longer exists.`);
  return current;
}

const LIMIT_REACHED = {
  [BASELINE_LIMIT_CODE]: `the project keeps ${BASELINES_PER_PROJECT} baselines now; delete one first.`,
};

const undoSaved: Reverter = async (context) => {
  const { name } = (context.entry.restore as SavedRestore).baseline;
  const current = await baselineAsLeft(context);
  beforeValues({ name: current.name }, { name: [null, name] }, context.entry.subject);
  return undoBy(deleteBaseline(asUndo(context), { projectId: current.projectId, baselineId: current.id }));
};

const undoDeleted: Reverter = async (context) => {
  const { tx, entry } = context;
  const restore = entry.restore as BaselineRestore;
  const [again] = await tx
    .select({ id: baselines.id })
    .from(baselines)
    .where(eq(baselines.id, restore.baseline.id));
  if (again) throw staleRow(`the baseline “${restore.baseline.name}” is already back.`);
  const input = { projectId: entry.projectId, name: restore.baseline.name, restore };
  return undoBy(saveBaseline(asUndo(context), input), LIMIT_REACHED);
};

export const baselineReverters: Partial<Record<ActivityAction, Reverter>> = {
  "baseline.saved": undoSaved,
  "baseline.deleted": undoDeleted,
  "baseline.renamed": undoUpdateOf(
    baselineAsLeft,
    (baseline) => ({ name: baseline.name }),
    (command, baseline, befores) =>
      renameBaseline(command, {
        projectId: baseline.projectId,
        baselineId: baseline.id,
        name: String(befores.name),
      }),
  ),
};
