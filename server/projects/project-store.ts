// The project queries the routes share: lists for the sidebar and All Projects, one project with
// everything in it, and creation with a unique slug.
import { randomBytes } from "node:crypto";
import type { AccessLevel } from "@core/access/permissions";
import { slugify } from "@core/projects/slug";
import type { ProjectDto, ProjectView, SharedProjectDto } from "@core/schemas/projects";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { accessOf, callersShareOfProject, shareMatches } from "../access/access-level";
import { uniqueViolationOf } from "../auth/users";
import type { Database } from "../db/client";
import {
  type Project,
  projectPreferences,
  projectShares,
  projects,
  projectTaskVersions,
  type User,
} from "../db/schema";
import { type ProjectPreferences, toProjectDto, toSharedProjectDto } from "../lib/serialize";

type Caller = Pick<User, "id" | "email">;

const byName = [asc(sql`lower(${projects.name})`), asc(projects.id)];

/** The caller's own projects, sorted by name; archived ones only when asked for. */
export async function listOwnedProjects(
  db: Database,
  caller: Caller,
  includeArchived: boolean,
): Promise<ProjectDto[]> {
  const rows = await db
    .select({ project: projects, preferences: projectPreferences })
    .from(projects)
    .leftJoin(
      projectPreferences,
      and(eq(projectPreferences.projectId, projects.id), eq(projectPreferences.userId, caller.id)),
    )
    .where(and(eq(projects.userId, caller.id), includeArchived ? undefined : eq(projects.archived, false)))
    .orderBy(...byName);
  return rows.map((row) => toProjectDto(row.project, row.preferences));
}

/** Projects others shared with the caller (by account or by email), sorted by name. */
export async function listSharedProjects(
  db: Database,
  caller: Caller,
  includeArchived: boolean,
): Promise<SharedProjectDto[]> {
  const rows = await db
    .select({
      project: { id: projects.id, name: projects.name, slug: projects.slug, archived: projects.archived },
      share: { role: projectShares.role, invitedAt: projectShares.invitedAt },
    })
    .from(projectShares)
    .innerJoin(projects, eq(projects.id, projectShares.projectId))
    .where(
      and(
        shareMatches(caller),
        ne(projects.userId, caller.id),
        includeArchived ? undefined : eq(projects.archived, false),
      ),
    )
    .orderBy(...byName);
  return rows.map((row) => toSharedProjectDto(row.project, row.share));
}

export async function preferencesOf(db: Database, userId: number, projectId: number) {
  const [row] = await db
    .select()
    .from(projectPreferences)
    .where(and(eq(projectPreferences.userId, userId), eq(projectPreferences.projectId, projectId)));
  return row ?? null;
}

export async function savePreferences(
  db: Database,
  userId: number,
  projectId: number,
  values: { lastViewedAt?: Date; preferredView?: ProjectView },
) {
  const [row] = await db
    .insert(projectPreferences)
    .values({ userId, projectId, ...values })
    .onConflictDoUpdate({ target: [projectPreferences.userId, projectPreferences.projectId], set: values })
    .returning();
  return row;
}

/** Openings closer together than this record one visit: a read of an open project writes nothing. */
export const VISIT_RESOLUTION_MS = 60_000;

/**
 * Records the caller's opening of the project: when they last viewed it, and their invitation as
 * accepted. Answers their preferences for it. Within a minute of the visit recorded last (a page
 * reloaded, many tabs, a refetch) it only reads them: the first opening accepted any invitation.
 */
export async function recordOpening(
  db: Database,
  caller: Caller,
  project: Project,
  accessLevel: AccessLevel,
  known?: ProjectPreferences,
): Promise<ProjectPreferences> {
  const preferences = known === undefined ? await preferencesOf(db, caller.id, project.id) : known;
  if (preferences?.lastViewedAt && Date.now() - preferences.lastViewedAt.getTime() < VISIT_RESOLUTION_MS)
    return preferences;
  const [saved] = await Promise.all([
    savePreferences(db, caller.id, project.id, { lastViewedAt: new Date() }),
    accessLevel === "owner"
      ? undefined
      : db
          .update(projectShares)
          .set({ acceptedAt: new Date(), userId: caller.id })
          .where(
            and(
              eq(projectShares.projectId, project.id),
              shareMatches(caller),
              sql`${projectShares.acceptedAt} is null`,
            ),
          ),
  ]);
  return saved;
}

/**
 * Everything opening a project reads, in one statement: the project, the caller's access to it,
 * their preferences for it and the version of its tasks (null without its row). Null when the
 * project does not exist or the caller has no access.
 */
export async function readOpening(db: Database, caller: Caller, projectId: number) {
  const [row] = await db
    .select({
      project: projects,
      role: projectShares.role,
      preferences: projectPreferences,
      tasksVersion: projectTaskVersions.version,
    })
    .from(projects)
    .leftJoin(projectShares, callersShareOfProject(caller))
    .leftJoin(
      projectPreferences,
      and(eq(projectPreferences.projectId, projects.id), eq(projectPreferences.userId, caller.id)),
    )
    .leftJoin(projectTaskVersions, eq(projectTaskVersions.projectId, projects.id))
    .where(eq(projects.id, projectId))
    .limit(1);
  const access = row ? accessOf(caller, row.project, row.role) : null;
  return access && { ...access, preferences: row.preferences, tasksVersion: row.tasksVersion };
}

/** Creates the project with a slug of its name plus a random suffix, retrying the rare collision. */
export async function createProject(
  db: Database,
  ownerId: number,
  values: { name: string; description: string | null },
): Promise<Project> {
  for (let attempt = 0; ; attempt++) {
    const slug = `${slugify(values.name)}-${randomBytes(4).toString("hex").slice(0, 6)}`;
    try {
      const [project] = await db
        .insert(projects)
        .values({ ...values, slug, userId: ownerId })
        .returning();
      return project;
    } catch (error) {
      if (attempt >= 4 || !uniqueViolationOf(error)?.includes("slug")) throw error;
    }
  }
}

export async function findProjectBySlug(db: Database, slug: string): Promise<Project | undefined> {
  const [project] = await db.select().from(projects).where(eq(projects.slug, slug)).limit(1);
  return project;
}
