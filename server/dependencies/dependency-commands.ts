// The dependency writes as commands (server/commands/command.ts): creating one (refused when it
// exists or would close a cycle), changing its type or lag, deleting it. Each locks the project's
// row first, so dependency writes of a project take turns and none meets a graph another changed.
// Each write's undo is beside it (dependencyReverters): a creation is undone by deleting, a
// deletion by creating again with its id, an update by the same command with the entry's
// before-values; each only while the row still holds what the entry left, else 409 stale.

import { outlineLinkProblem } from "@core/graph/outline-links";
import type { ActivityAction } from "@core/schemas/activity";
import type { DependencyDto } from "@core/schemas/projects";
import type { DependencyType } from "@core/schemas/scheduling";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { PROJECT_NOT_FOUND } from "../access/access-level";
import { fieldChanges } from "../activity/activity-log";
import { recordDependencyActivity } from "../activity/record-writes";
import {
  asUndo,
  beforeValues,
  type RevertContext,
  type Reverter,
  staleRow,
  undoBy,
  undoUpdateOf,
} from "../activity/reverter";
import { uniqueViolationOf } from "../auth/users";
import type { Command } from "../commands/command";
import type { Database } from "../db/client";
import { type Dependency, dependencies, tasks } from "../db/schema";
import { definedOf } from "../lib/defined-fields";
import { conflict, notFound } from "../lib/errors";
import { toDependencyDto } from "../lib/serialize";
import { lockProject, reschedule } from "../scheduling/rescheduler";
import { outlineLinkMessage, outlineRows } from "../tasks/task-outline";
import { ProjectEdges } from "./project-edges";

export const DEPENDENCY_EXISTS = "This dependency already exists.";
export const DEPENDENCY_NOT_FOUND = "Dependency not found.";

type Link = { sourceTaskId: number; targetTaskId: number; type: DependencyType; lag: number };

/**
 * In a project with summary tasks, a link may not join a task and a summary above it, nor close a
 * cycle through a summary (a link into one holds its subtree): 409 naming the tasks. A plan with
 * no summary costs one indexed look.
 */
async function checkThroughOutline(tx: Database, projectId: number, edges: ProjectEdges, link: Link) {
  const [nested] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), isNotNull(tasks.parentId)))
    .limit(1);
  if (!nested) return;
  const rows = await outlineRows(tx, projectId);
  const problem = outlineLinkProblem(rows, [link, ...edges.edges()]);
  if (!problem) return;
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const code = problem.kind === "ancestor" ? "dependency_outline" : "dependency_cycle";
  throw conflict(
    outlineLinkMessage(problem, (taskId) => names.get(taskId) ?? "?"),
    code,
  );
}

/**
 * Makes `sourceTaskId` a prerequisite of `targetTaskId` in `projectId` (both already checked to be
 * tasks of it). With `id`, the dependency gets that id back (the undo of its deletion).
 * 409 dependency_exists or dependency_cycle (naming the tasks on the cycle).
 */
export const createDependency: Command<Link & { projectId: number; id?: number }, Dependency> = async (
  { tx, actor, dryRun, mark, projectEdges },
  { projectId, id, ...link },
) => {
  const { sourceTaskId, targetTaskId } = link;
  // Under the row lock the graph version is the one of every edge there, so two concurrent edges
  // cannot close a cycle that neither saw alone.
  const locked = await lockProject(tx, projectId);
  if (!locked) throw notFound(PROJECT_NOT_FOUND);
  const { graphVersion } = locked;
  let edges = projectEdges?.current(projectId, graphVersion);
  if (!edges) {
    const rows = await tx
      .select({ sourceTaskId: dependencies.sourceTaskId, targetTaskId: dependencies.targetTaskId })
      .from(dependencies)
      .where(eq(dependencies.projectId, projectId));
    edges = new ProjectEdges(graphVersion, rows);
    projectEdges?.store(projectId, edges);
  }
  if (edges.has(sourceTaskId, targetTaskId)) throw conflict(DEPENDENCY_EXISTS, "dependency_exists");
  const cycle = edges.cycleClosedBy(sourceTaskId, targetTaskId);
  if (cycle) {
    const named = await tx
      .select({ id: tasks.id, name: tasks.name })
      .from(tasks)
      .where(inArray(tasks.id, [...new Set(cycle)]));
    const names = new Map(named.map((task) => [task.id, task.name]));
    const path = cycle.map((each) => `"${names.get(each)}"`).join(" → ");
    throw conflict(`This dependency would create a cycle: ${path}.`, "dependency_cycle");
  }
  await checkThroughOutline(tx, projectId, edges, link);
  const rescheduling = await reschedule(tx, projectId, dryRun, (state) => {
    state.dependencies.set(id ?? 0, link);
  });
  let row: Dependency;
  try {
    [row] = await tx
      .insert(dependencies)
      .values({ ...(id === undefined ? {} : { id }), projectId, ...link })
      .returning();
  } catch (error) {
    if (uniqueViolationOf(error) !== undefined) throw conflict(DEPENDENCY_EXISTS, "dependency_exists");
    throw error;
  }
  await rescheduling.store();
  const activityId = await recordDependencyActivity(
    tx,
    actor.id,
    "dependency.created",
    { dependency: row, changes: {}, moves: rescheduling.moves },
    mark,
  );
  const copy = edges;
  return {
    value: row,
    activityId,
    event: {
      type: "dependency.created",
      projectId,
      dependencyIds: [row.id],
      taskIds: [sourceTaskId, targetTaskId, ...rescheduling.moved],
    },
    afterCommit: () => projectEdges?.committed(projectId, copy, graphVersion, sourceTaskId, targetTaskId),
  };
};

/**
 * Sets a dependency's type and lag (the fields given). The entry records what changed against the
 * row as this write met it under the lock, not as read before: an undo must not bring back someone
 * else's value. A write that changes nothing and moves nothing records nothing (an undo always does).
 */
export const updateDependency: Command<
  { dependency: Pick<Dependency, "id" | "projectId">; changes: { type?: DependencyType; lag?: number } },
  Dependency
> = async ({ tx, actor, dryRun, mark }, { dependency, changes }) => {
  await lockProject(tx, dependency.projectId);
  const [met] = await tx.select().from(dependencies).where(eq(dependencies.id, dependency.id));
  if (!met) throw notFound(DEPENDENCY_NOT_FOUND);
  const set = definedOf(changes);
  const rescheduling = await reschedule(tx, dependency.projectId, dryRun, (state) => {
    const current = state.dependencies.get(dependency.id);
    if (current) state.dependencies.set(dependency.id, { ...current, ...set });
  });
  const [row] =
    Object.keys(set).length === 0
      ? [met]
      : await tx.update(dependencies).set(set).where(eq(dependencies.id, dependency.id)).returning();
  await rescheduling.store();
  const recorded = fieldChanges(toDependencyDto(met), toDependencyDto(row), ["type", "lag"]);
  const quiet = !mark && Object.keys(recorded).length === 0 && rescheduling.moves.length === 0;
  const activityId = quiet
    ? undefined
    : await recordDependencyActivity(
        tx,
        actor.id,
        "dependency.updated",
        { dependency: row, changes: recorded, moves: rescheduling.moves },
        mark,
      );
  return {
    value: row,
    activityId,
    event: {
      type: "dependency.updated",
      projectId: row.projectId,
      dependencyIds: [row.id],
      taskIds: [row.sourceTaskId, row.targetTaskId, ...rescheduling.moved],
    },
  };
};

/** Deletes a dependency; its dependent and those after it may start earlier. */
export const deleteDependency: Command<
  { dependency: Pick<Dependency, "id" | "projectId"> },
  Dependency
> = async ({ tx, actor, dryRun, mark }, { dependency }) => {
  // The project first, as the trigger on dependencies locks it anyway.
  await lockProject(tx, dependency.projectId);
  const rescheduling = await reschedule(tx, dependency.projectId, dryRun, (state) => {
    state.dependencies.delete(dependency.id);
  });
  const [deleted] = await tx.delete(dependencies).where(eq(dependencies.id, dependency.id)).returning();
  if (!deleted) throw notFound(DEPENDENCY_NOT_FOUND);
  await rescheduling.store();
  const activityId = await recordDependencyActivity(
    tx,
    actor.id,
    "dependency.deleted",
    { dependency: deleted, changes: {}, moves: rescheduling.moves },
    mark,
  );
  return {
    value: deleted,
    activityId,
    event: {
      type: "dependency.deleted",
      projectId: deleted.projectId,
      dependencyIds: [deleted.id],
      taskIds: [deleted.sourceTaskId, deleted.targetTaskId, ...rescheduling.moved],
    },
  };
};

// Undo: each write above, reverted by its own command (activity/reverter.ts).
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
