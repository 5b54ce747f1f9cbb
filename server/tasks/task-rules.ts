// The data rules of a task write that need the database: the category must be the project's, the
// assignee a member with an account; and how completion fields follow each other.
import type { SchedulingChanges } from "@core/scheduling/plan";
import { taskDateProblems } from "@core/schemas/tasks";
import type { StoredTaskStatus } from "@core/tasks/status";
import { and, eq, sql } from "drizzle-orm";
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

/** The order that puts a task last in its category of the project. */
export async function nextOrder(db: Database, projectId: number, categoryId: number | null): Promise<number> {
  const [{ lastOrder }] = await db
    .select({ lastOrder: sql<number>`coalesce(max(${tasks.order}), -1)` })
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, projectId),
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
