// Undoing a dependency's write runs the dependency commands (dependency-commands.ts), so undo holds
// no second copy of them: a creation is undone by deleting it, a deletion by creating it again
// with its id, an update by updating it back to the values its entry recorded. Each goes only
// while the row still holds what the entry left; else 409 stale, naming what changed.
import type { ActivityAction } from "@core/schemas/activity";
import type { DependencyDto } from "@core/schemas/projects";
import { and, eq, inArray } from "drizzle-orm";
import {
  asUndo,
  beforeValues,
  type RevertContext,
  type Reverter,
  staleRow,
  undoBy,
  undoUpdateOf,
} from "../activity/reverter";
import { dependencies, tasks } from "../db/schema";
import { toDependencyDto } from "../lib/serialize";
import { lockProject } from "../scheduling/rescheduler";
import { createDependency, deleteDependency, updateDependency } from "./dependency-commands";

const recorded = (restore: unknown) => (restore as { dependency: DependencyDto }).dependency;

/** The entry's dependency, its project locked first; 409 stale when it is gone. */
async function dependencyAsLeft({ tx, entry }: RevertContext) {
  await lockProject(tx, entry.projectId);
  const [current] = await tx
    .select()
    .from(dependencies)
    .where(eq(dependencies.id, recorded(entry.restore).id));
  if (!current) throw staleRow(`the dependency “${entry.subject}” no longer exists.`);
  return current;
}

const undoCreated: Reverter = async (context) => {
  const { type, lag } = recorded(context.entry.restore);
  const current = await dependencyAsLeft(context);
  // Deleted only as it was made: a type or lag changed since is someone's later work.
  beforeValues(toDependencyDto(current), { type: [null, type], lag: [null, lag] }, context.entry.subject);
  return undoBy(deleteDependency(asUndo(context), { dependency: current }));
};

const undoDeleted: Reverter = async (context) => {
  const { tx, entry } = context;
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
  const { id, sourceTaskId, targetTaskId, type, lag } = wanted;
  const link = { id, sourceTaskId, targetTaskId, type: type ?? "FS", lag: lag ?? 0 };
  return undoBy(createDependency(asUndo(context), { projectId: entry.projectId, ...link }), {
    dependency_exists: `the dependency “${entry.subject}” exists again.`,
    dependency_cycle: `“${entry.subject}” would now close a cycle.`,
  });
};

export const dependencyReverters: Partial<Record<ActivityAction, Reverter>> = {
  "dependency.created": undoCreated,
  "dependency.deleted": undoDeleted,
  "dependency.updated": undoUpdateOf(dependencyAsLeft, toDependencyDto, (command, dependency, changes) =>
    updateDependency(command, { dependency, changes }),
  ),
};
