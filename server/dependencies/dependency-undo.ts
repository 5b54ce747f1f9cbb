// Undoing a dependency's write runs the dependency commands (dependency-commands.ts), so undo holds
// no second copy of them: a creation is undone by deleting it, a deletion by creating it again
// with its id, an update by updating it back to the values its entry recorded. Each goes only
// while the row still holds what the entry left; else 409 stale, naming what changed.
import type { ActivityAction } from "@core/schemas/activity";
import type { DependencyDto } from "@core/schemas/projects";
import { and, eq, inArray } from "drizzle-orm";
import { asReverted, beforeValues, type Reverter, staleRow } from "../activity/reverter";
import { dependencies, tasks } from "../db/schema";
import { AppError } from "../lib/errors";
import { toDependencyDto } from "../lib/serialize";
import { lockProject } from "../scheduling/rescheduler";
import { createDependency, deleteDependency, updateDependency } from "./dependency-commands";

const recorded = (restore: unknown) => (restore as { dependency: DependencyDto }).dependency;

const undoCreated: Reverter = async ({ tx, entry, actor, mark }) => {
  const wanted = recorded(entry.restore);
  await lockProject(tx, entry.projectId);
  const [current] = await tx.select().from(dependencies).where(eq(dependencies.id, wanted.id));
  if (!current) throw staleRow(`the dependency “${entry.subject}” no longer exists.`);
  // Deleted only as it was made: a type or lag changed since is someone's later work.
  beforeValues(
    toDependencyDto(current),
    { type: [null, wanted.type], lag: [null, wanted.lag] },
    entry.subject,
  );
  return asReverted(await deleteDependency({ tx, actor, dryRun: false, mark }, { dependency: current }));
};

const undoDeleted: Reverter = async ({ tx, entry, actor, mark }) => {
  const wanted = recorded(entry.restore);
  await lockProject(tx, entry.projectId);
  const ends = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, entry.projectId),
        inArray(tasks.id, [wanted.sourceTaskId, wanted.targetTaskId]),
      ),
    );
  if (ends.length < 2) throw staleRow(`a task of “${entry.subject}” no longer exists.`);
  try {
    const { sourceTaskId, targetTaskId, type, lag } = wanted;
    const done = await createDependency(
      { tx, actor, dryRun: false, mark },
      {
        projectId: entry.projectId,
        id: wanted.id,
        sourceTaskId,
        targetTaskId,
        type: type ?? "FS",
        lag: lag ?? 0,
      },
    );
    return asReverted(done);
  } catch (error) {
    if (error instanceof AppError && error.code === "dependency_exists")
      throw staleRow(`the dependency “${entry.subject}” exists again.`);
    if (error instanceof AppError && error.code === "dependency_cycle")
      throw staleRow(`“${entry.subject}” would now close a cycle.`);
    throw error;
  }
};

const undoUpdated: Reverter = async ({ tx, entry, actor, mark }) => {
  const { id } = recorded(entry.restore);
  await lockProject(tx, entry.projectId);
  const [current] = await tx.select().from(dependencies).where(eq(dependencies.id, id));
  if (!current) throw staleRow(`the dependency “${entry.subject}” no longer exists.`);
  const changes = beforeValues(toDependencyDto(current), entry.changes, entry.subject);
  return asReverted(
    await updateDependency({ tx, actor, dryRun: false, mark }, { dependency: current, changes }),
  );
};

export const dependencyReverters: Partial<Record<ActivityAction, Reverter>> = {
  "dependency.created": undoCreated,
  "dependency.deleted": undoDeleted,
  "dependency.updated": undoUpdated,
};
