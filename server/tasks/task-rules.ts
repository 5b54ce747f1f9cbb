// The data rules of a task write that need the database: the category must be the project's, the
// assignee a member with an account; and how completion fields follow each other.

import {
  CONSTRAINT_MESSAGES,
  type ConstraintChanges,
  type ConstraintFields,
  resolveConstraint,
  SUMMARY_CONSTRAINTS,
  sendsConstraint,
} from "@core/scheduling/constraint-fields";
import type { SchedulingChanges } from "@core/scheduling/plan";
import { todayUtc } from "@core/scheduling/status-date";
import { taskDateProblems } from "@core/schemas/tasks";
import { buildOutline, moveProblem, OUTLINE_MESSAGES } from "@core/tasks/outline";
import { PROGRESS_FIELDS, settleProgress, touchesProgress } from "@core/tasks/progress";
import type { StoredTaskStatus } from "@core/tasks/status";
import { and, eq, isNull, sql } from "drizzle-orm";
import { shareMatches } from "../access/access-level";
import type { Database } from "../db/client";
import { categories, type Project, projectShares, type Task, tasks, users } from "../db/schema";
import { badRequest } from "../lib/errors";
import { ValidationError } from "../lib/validation";
import { datesToJudge } from "../scheduling/task-changes";

/** The date rules a write is judged by (start before due, snooze before due): 400 naming the field. */
export function checkDates(task: Task, changes: SchedulingChanges & { snoozeUntil?: Date | null }) {
  const [problem] = taskDateProblems(datesToJudge(task, changes));
  if (problem) throw new ValidationError(problem.message, problem.field);
}

export async function checkCategory(db: Database, projectId: number, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.projectId, projectId)))
    .limit(1);
  if (!category) throw new ValidationError("categoryId must be a category of this project.", "categoryId");
}

/** Whether the user may be assigned tasks of the project: the owner, or a member with an account. */
export async function isAssignable(
  db: Database,
  project: Project,
  assigneeId: number | null,
): Promise<boolean> {
  if (assigneeId === null || assigneeId === project.userId) return true;
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(projectShares, and(eq(projectShares.projectId, project.id), shareMatches(users)))
    .where(eq(users.id, assigneeId))
    .limit(1);
  return member !== undefined;
}

export async function checkAssignee(db: Database, project: Project, assigneeId: number | null | undefined) {
  if (assigneeId === undefined || (await isAssignable(db, project, assigneeId))) return;
  throw new ValidationError("The assignee must be the owner or a member of this project.", "assigneeId");
}

/**
 * The constraint fields a write stores (core/scheduling/constraint-fields.ts): a write may send
 * `startNoEarlierThan`, or `constraintType` and `constraintDate`, and the row holds all three
 * agreeing. 400 naming the field of a write they cannot agree from.
 */
export function withResolvedConstraint<F extends ConstraintChanges>(current: ConstraintFields, fields: F): F {
  if (!sendsConstraint(fields)) return fields;
  const resolved = resolveConstraint(current, fields);
  if ("field" in resolved) throw new ValidationError(resolved.message, resolved.field);
  return { ...fields, ...resolved };
}

/**
 * The progress a write leaves (core/tasks/progress.ts): its percentComplete, actual dates and
 * completion agreeing, today the server's UTC day. 400 naming the field of a write they cannot
 * agree from. A summary's progress rolls up: nothing of it is stored, and sending it is refused.
 */
export async function withSettledProgress<F extends Partial<Task>>(
  db: Database,
  task: Task | null,
  fields: F,
  completion: Partial<Pick<Task, "status" | "completed" | "completedAt">>,
): Promise<{ fields: F; completion: Partial<Pick<Task, "status" | "completed" | "completedAt">> }> {
  const current = {
    percentComplete: task?.percentComplete ?? 0,
    actualStart: task?.actualStart ?? null,
    actualFinish: task?.actualFinish ?? null,
    completed: task?.completed ?? false,
  };
  const changes = {
    percentComplete: fields.percentComplete,
    actualStart: fields.actualStart,
    actualFinish: fields.actualFinish,
    completed: completion.completed === current.completed ? undefined : completion.completed,
  };
  if (!touchesProgress(changes)) return { fields, completion };
  if (task && (await hasChildren(db, task.id))) {
    const field = PROGRESS_FIELDS.find((name) => fields[name] !== undefined);
    if (field)
      throw new ValidationError(
        `${field} cannot be set on a summary task: it rolls up from the tasks under it.`,
        field,
      );
    return { fields, completion };
  }
  const settled = settleProgress(current, changes, {
    today: todayUtc(),
    scheduledStart: task?.startDate ? task.startDate.toISOString().slice(0, 10) : null,
  });
  if ("field" in settled) throw new ValidationError(settled.message, settled.field);
  const { completed, ...progress } = settled;
  let settledCompletion =
    completed === (completion.completed ?? current.completed)
      ? completion
      : resolveCompletion(task, { completed, status: completed ? "completed" : undefined });
  // Work under way is in progress: a task not yet started that gets progress moves on (a status
  // the write sends itself stands).
  const status = settledCompletion.status ?? task?.status ?? "not-started";
  if (!completed && progress.percentComplete > 0 && completion.status === undefined && NOT_BEGUN.has(status))
    settledCompletion = { ...settledCompletion, status: "in-progress" };
  return { fields: { ...fields, ...progress }, completion: settledCompletion };
}

/** The statuses of a task no work has begun on. */
const NOT_BEGUN = new Set<string>(["not-started", "todo"]);

/** The fields a summary's subtree sets (the scheduler rolls them up); its constraint it may have. */
const ROLLED_UP = ["duration", "startDate", "dueDate", "schedulingMode"] as const;

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : (a ?? null) === (b ?? null);

/**
 * A summary's own duration, dates and mode cannot be set (they roll up from the tasks under it:
 * 400 naming the field), nor can a summary move to another project without its subtree.
 */
export async function checkSummaryWrite(
  db: Database,
  task: Task,
  fields: Partial<Pick<Task, (typeof ROLLED_UP)[number] | "constraintType">>,
  moving: boolean,
) {
  const field = ROLLED_UP.find((name) => fields[name] !== undefined && !sameValue(fields[name], task[name]));
  const constraint =
    fields.constraintType !== undefined &&
    fields.constraintType !== task.constraintType &&
    !SUMMARY_CONSTRAINTS.includes(fields.constraintType);
  if (!field && !moving && !constraint) return;
  if (!(await hasChildren(db, task.id))) return;
  if (constraint) throw new ValidationError(CONSTRAINT_MESSAGES.summary, "constraintType");
  if (moving)
    throw new ValidationError(
      "A summary task cannot move to another project; move the tasks under it out first.",
      "projectId",
    );
  throw new ValidationError(
    `${field} cannot be set on a summary task: it rolls up from the tasks under it.`,
    field,
  );
}

/** Whether tasks sit under this one (it is a summary). */
export async function hasChildren(db: Database, taskId: number): Promise<boolean> {
  const [child] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.parentId, taskId)).limit(1);
  return child !== undefined;
}

/** A new task may go under `parentId`: a task of the project with room for one more (400 parentId). */
export async function checkNewChild(db: Database, projectId: number, parentId: number) {
  const [parent] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, parentId), eq(tasks.projectId, projectId)))
    .for("update");
  if (!parent) throw new ValidationError(OUTLINE_MESSAGES.notInProject, "parentId");
  const rows = await db
    .select({ id: tasks.id, parentId: tasks.parentId, order: tasks.order })
    .from(tasks)
    .where(eq(tasks.projectId, projectId));
  const problem = moveProblem(buildOutline(rows), () => true, null, parentId);
  if (problem) throw new ValidationError(problem, "parentId");
}

/** The order that puts a task last among the children of `parentId`. */
export async function nextChildOrder(db: Database, parentId: number): Promise<number> {
  const [{ lastOrder }] = await db
    .select({ lastOrder: sql<number>`coalesce(max(${tasks.order}), -1)` })
    .from(tasks)
    .where(eq(tasks.parentId, parentId));
  return Number(lastOrder) + 1;
}

/** The order that puts a task last in its category of the project's top level. */
export async function nextOrder(db: Database, projectId: number, categoryId: number | null): Promise<number> {
  const [{ lastOrder }] = await db
    .select({ lastOrder: sql<number>`coalesce(max(${tasks.order}), -1)` })
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, projectId),
        isNull(tasks.parentId),
        categoryId === null ? sql`${tasks.categoryId} is null` : eq(tasks.categoryId, categoryId),
      ),
    );
  return Number(lastOrder) + 1;
}

type CompletionFields = { status?: StoredTaskStatus; completed?: boolean; completedAt?: Date | null };

/**
 * Keeps status, completed and completedAt consistent whatever subset a client sends:
 * - status alone: completed follows it (status "completed" completes the task, any other reopens it);
 * - completed alone: completedAt becomes now (or stays as it was), or null when reopening;
 * - reopening a task whose status is "completed" puts it back to not-started.
 */
export function resolveCompletion(
  current: Pick<Task, "status" | "completed" | "completedAt"> | null,
  change: CompletionFields,
) {
  const status: StoredTaskStatus = change.status ?? current?.status ?? "not-started";
  const completed =
    change.completed ??
    (change.status !== undefined ? status === "completed" : (current?.completed ?? false));
  let completedAt: Date | null;
  if (!completed) completedAt = null;
  else if (change.completedAt !== undefined && change.completedAt !== null) completedAt = change.completedAt;
  else completedAt = current?.completed ? (current.completedAt ?? new Date()) : new Date();
  const finalStatus: StoredTaskStatus = !completed && status === "completed" ? "not-started" : status;
  if (change.completedAt && !completed)
    throw badRequest("completedAt cannot be set on a task that is not completed.");
  return { status: finalStatus, completed, completedAt };
}
