// The entries of each kind of write, built the same way by the route that writes and by the undo
// that reverts it (undo.ts), so an undo's entry reads like the write it mirrors.
import type { ActivityAction, FieldChanges } from "@core/schemas/activity";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import type { MovedTask } from "@core/schemas/scheduling";
import type { Database } from "../db/client";
import type { Category, Dependency, Project, ProjectShare } from "../db/schema";
import { projectWire, toCategoryDto, toDependencyDto } from "../lib/serialize";
import { fieldChanges, namedMoves, recordActivity, taskNames } from "./activity-log";

type Tx = Pick<Database, "execute" | "insert">;

/** How an undo marks the entry it records. */
export type UndoMark = { undoOf: number; isUndo: boolean };

/**
 * What an undo of a task's deletion restores: its row, the dependencies it had, and for a summary
 * the rows of its subtree in tree order (parents before their children).
 */
export type TaskRestore = { task: TaskDto; dependencies: DependencyDto[]; subtree?: TaskDto[] };

export async function recordTaskActivity(
  tx: Tx,
  actorId: number | null,
  action: ActivityAction,
  entry: {
    task: Pick<TaskDto, "id" | "projectId" | "name">;
    changes: FieldChanges;
    moves?: readonly MovedTask[];
    restore?: TaskRestore | { task: TaskDto } | null;
    undoable?: boolean;
    projectId?: number;
  },
  undo?: UndoMark,
): Promise<number> {
  const moves = (entry.moves ?? []).filter((move) => move.id !== entry.task.id);
  return recordActivity(tx, {
    projectId: entry.projectId ?? entry.task.projectId,
    actorId,
    action,
    taskId: entry.task.id,
    subject: entry.task.name,
    changes: entry.changes,
    moved: await namedMoves(tx, moves),
    restore: entry.restore ?? null,
    undoable: entry.undoable,
    ...undo,
  });
}

/** "Prerequisite → Dependent", as a person reads a dependency. */
export async function dependencySubject(tx: Pick<Database, "execute">, dependency: DependencyDto) {
  const names = await taskNames(tx, [dependency.sourceTaskId, dependency.targetTaskId]);
  return `${names.get(dependency.sourceTaskId) ?? "?"} → ${names.get(dependency.targetTaskId) ?? "?"}`;
}

export async function recordDependencyActivity(
  tx: Tx,
  actorId: number | null,
  action: ActivityAction,
  entry: { dependency: Dependency | DependencyDto; changes: FieldChanges; moves?: readonly MovedTask[] },
  undo?: UndoMark,
): Promise<number> {
  const dependency =
    "createdAt" in entry.dependency ? toDependencyDto(entry.dependency) : (entry.dependency as DependencyDto);
  return recordActivity(tx, {
    projectId: dependency.projectId,
    actorId,
    action,
    dependencyId: dependency.id,
    subject: await dependencySubject(tx, dependency),
    changes: entry.changes,
    moved: await namedMoves(tx, entry.moves ?? []),
    restore: { dependency },
    ...undo,
  });
}

export async function recordCategoryActivity(
  tx: Tx,
  actorId: number | null,
  action: ActivityAction,
  entry: { category: Category; changes: FieldChanges; taskIds?: number[] },
  undo?: UndoMark,
): Promise<number> {
  return recordActivity(tx, {
    projectId: entry.category.projectId,
    actorId,
    action,
    subject: entry.category.name,
    changes: entry.changes,
    // A deleted category's tasks lose it; an undo gives it back to them.
    restore: {
      category: { ...toCategoryDto(entry.category), projectId: entry.category.projectId },
      taskIds: entry.taskIds ?? [],
    },
    ...undo,
  });
}

/** The project's fields a person changes (PUT and PATCH /api/projects/{id}). */
export const PROJECT_ACTIVITY_FIELDS = [
  "name",
  "description",
  "archived",
  "startDate",
  "workingDays",
  "holidays",
  "statusDate",
] as const;

type ProjectChange = { before: Project; after: Project; moves?: readonly MovedTask[] };

/** Records a change of the project's fields; a write that changed none (and moved nothing) records nothing. */
export async function recordProjectActivity(
  tx: Tx,
  actorId: number | null,
  entry: ProjectChange,
  undo: UndoMark,
): Promise<number>;
export async function recordProjectActivity(
  tx: Tx,
  actorId: number | null,
  entry: ProjectChange,
  undo?: UndoMark,
): Promise<number | undefined>;
export async function recordProjectActivity(
  tx: Tx,
  actorId: number | null,
  entry: ProjectChange,
  undo?: UndoMark,
): Promise<number | undefined> {
  const changes = fieldChanges(
    projectWire.serialize(entry.before),
    projectWire.serialize(entry.after),
    PROJECT_ACTIVITY_FIELDS,
  );
  const moves = entry.moves ?? [];
  if (!undo && Object.keys(changes).length === 0 && moves.length === 0) return undefined;
  return recordActivity(tx, {
    projectId: entry.after.id,
    actorId,
    action: "project.updated",
    subject: entry.after.name,
    changes,
    moved: await namedMoves(tx, moves),
    ...undo,
  });
}

/** An invitation made, changed or removed: the share row is what an undo puts back. */
export async function recordMemberActivity(
  tx: Tx,
  actorId: number | null,
  action: ActivityAction,
  share: ProjectShare,
  changes: FieldChanges,
  undo?: UndoMark,
): Promise<number> {
  return recordActivity(tx, {
    projectId: share.projectId,
    actorId,
    action,
    subject: share.email,
    changes,
    restore: {
      share: {
        ...share,
        invitedAt: share.invitedAt.toISOString(),
        acceptedAt: share.acceptedAt?.toISOString() ?? null,
      },
    },
    ...undo,
  });
}

/**
 * The public link published, replaced or revoked. The tokens stay in `restore` (never on the
 * wire), so undoing a revocation brings back the link people already hold.
 */
export async function recordLinkActivity(
  tx: Tx,
  actorId: number | null,
  projectId: number,
  action: "link.created" | "link.deleted",
  before: string | null,
  after: string | null,
  undo?: UndoMark,
): Promise<number> {
  return recordActivity(tx, {
    projectId,
    actorId,
    action,
    changes: { enabled: [before !== null, after !== null] },
    restore: { before, after },
    ...undo,
  });
}
