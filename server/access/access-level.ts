// The one place that decides a user's access level on a project.
// Every project-scoped route calls requireProjectAccess (or requireTaskAccess) before anything else.

import { type AccessLevel, can, type ProjectAction } from "@core/access/permissions";
import { and, eq, or } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  type Project,
  projectShares,
  projects,
  publicShareLinks,
  type Task,
  tasks,
  type User,
  type users,
} from "../db/schema";
import { forbidden, notFound } from "../lib/errors";

export type ProjectAccess = { project: Project; accessLevel: AccessLevel };

type Member = Pick<User, "id" | "email">;

/**
 * The caller's level on the project: owner, else the role of a share row matching the user's id
 * or email, else null (also for a project that does not exist).
 */
export async function getProjectAccess(
  db: Database,
  user: Member,
  projectId: number,
): Promise<ProjectAccess | null> {
  const [row] = await db
    .select({ project: projects, role: projectShares.role })
    .from(projects)
    .leftJoin(projectShares, callersShareOfProject(user))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ? accessOf(user, row.project, row.role) : null;
}

/**
 * A share row that is this person's: it names their account, or their email while the invitation
 * waits. The one statement of that rule; `person` may be the `users` columns, for a join.
 */
export const shareMatches = (person: { id: number | typeof users.id; email: string | typeof users.email }) =>
  or(eq(projectShares.userId, person.id), eq(projectShares.email, person.email));

/** The join condition of a project (`projects`) with the caller's share of it. */
export const callersShareOfProject = (user: Member) =>
  and(eq(projectShares.projectId, projects.id), shareMatches(user));

/** The caller's access given the project and the role of the share row matching them, if any. */
export function accessOf(user: Member, project: Project, role: string | null): ProjectAccess | null {
  if (project.userId === user.id) return { project, accessLevel: "owner" };
  if (role) return { project, accessLevel: role as AccessLevel };
  return null;
}

const REFUSALS: Record<Exclude<ProjectAction, "read">, string> = {
  edit: "You don't have permission to edit this project.",
  share: "Only the owner or an admin can manage sharing of this project.",
  manage:
    "Only the owner or an admin can rename, archive or unarchive this project, or change its schedule settings or webhooks.",
  delete: "Only the owner can delete this project.",
};

export const PROJECT_NOT_FOUND = "Project not found.";

/**
 * Loads the project with the caller's level and checks `action`: 404 when the caller cannot see the
 * project (its existence is not revealed), 403 when they can see it but not do this. Reached through
 * something of the project (a category, a share, an entry), `notFound` is that thing's message: a
 * caller who cannot see the project must not learn that the thing exists.
 */
export async function requireProjectAccess(
  db: Database,
  user: Member,
  projectId: number,
  action: ProjectAction,
  { notFound: missing = PROJECT_NOT_FOUND }: { notFound?: string } = {},
): Promise<ProjectAccess> {
  const access = await getProjectAccess(db, user, projectId);
  if (!access) throw notFound(missing);
  if (action !== "read" && !can(access.accessLevel, action)) throw forbidden(REFUSALS[action]);
  return access;
}

/** A public share token gives viewer access to its one project; unknown or revoked tokens get 404. */
export async function requirePublicProject(db: Database, token: string): Promise<ProjectAccess> {
  const [row] = await db
    .select({ project: projects })
    .from(publicShareLinks)
    .innerJoin(projects, eq(projects.id, publicShareLinks.projectId))
    .where(eq(publicShareLinks.token, token))
    .limit(1);
  if (!row) throw notFound("This share link is invalid or has expired");
  return { project: row.project, accessLevel: "viewer" };
}

export const TASK_NOT_FOUND = "Task not found.";

/**
 * Loads a task and checks `action` on its project. A task the caller cannot see is "not found",
 * exactly like one that does not exist.
 */
export async function requireTaskAccess(
  db: Database,
  user: Member,
  taskId: number,
  action: ProjectAction,
): Promise<ProjectAccess & { task: Task }> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!task) throw notFound(TASK_NOT_FOUND);
  const access = await getProjectAccess(db, user, task.projectId);
  if (!access) throw notFound(TASK_NOT_FOUND);
  if (action !== "read" && !can(access.accessLevel, action)) throw forbidden(REFUSALS[action]);
  return { ...access, task };
}
