// Factories with overrides (bulletproof-react's data generators): rows inserted straight into the
// database, for tests whose subject is something else.
import { randomBytes } from "node:crypto";
import type { ShareRole } from "@core/access/permissions";
import type { DatabaseHandle } from "../db/client";
import type { Project, Task, User } from "../db/schema";
import { categories, dependencies, projectShares, projects, publicShareLinks, tasks } from "../db/schema";

/** What the factories need of a test app (test-app.ts's TestApp has it): its database. */
type TestApp = { database: DatabaseHandle };

export async function createProjectFor(
  testApp: TestApp,
  owner: User,
  overrides: Partial<typeof projects.$inferInsert> = {},
): Promise<Project> {
  const [project] = await testApp.database.db
    .insert(projects)
    .values({
      name: "Launch plan",
      slug: `launch-plan-${randomBytes(4).toString("hex")}`,
      userId: owner.id,
      ...overrides,
    })
    .returning();
  return project;
}

export async function shareProject(testApp: TestApp, project: Project, member: User, role: ShareRole) {
  const [share] = await testApp.database.db
    .insert(projectShares)
    .values({
      projectId: project.id,
      email: member.email,
      userId: member.id,
      role,
      invitedById: project.userId,
    })
    .returning();
  return share;
}

/**
 * A project of `owner` shared with each of `members` in the role its key names (admin, then editor,
 * then viewer); `overrides` as createProjectFor's.
 */
export async function createSharedProject(
  testApp: TestApp,
  owner: User,
  members: Partial<Record<ShareRole, User>>,
  overrides: Partial<typeof projects.$inferInsert> = {},
): Promise<Project> {
  const project = await createProjectFor(testApp, owner, overrides);
  for (const role of ["admin", "editor", "viewer"] as const) {
    const member = members[role];
    if (member) await shareProject(testApp, project, member, role);
  }
  return project;
}

export async function createTaskIn(
  testApp: TestApp,
  project: Project,
  overrides: Partial<typeof tasks.$inferInsert> = {},
): Promise<Task> {
  const [task] = await testApp.database.db
    .insert(tasks)
    .values({ projectId: project.id, name: "Write the brief", ...overrides })
    .returning();
  return task;
}

export async function createDependencyIn(testApp: TestApp, prerequisite: Task, dependent: Task) {
  const [dependency] = await testApp.database.db
    .insert(dependencies)
    .values({ projectId: prerequisite.projectId, sourceTaskId: prerequisite.id, targetTaskId: dependent.id })
    .returning();
  return dependency;
}

export async function createCategoryIn(
  testApp: TestApp,
  project: Project,
  name = "Design",
  color = "#3357FF",
) {
  const [category] = await testApp.database.db
    .insert(categories)
    .values({ projectId: project.id, name, color })
    .returning();
  return category;
}

export async function publishProject(testApp: TestApp, project: Project) {
  const [link] = await testApp.database.db
    .insert(publicShareLinks)
    .values({
      projectId: project.id,
      token: randomBytes(16).toString("base64url"),
      createdById: project.userId,
    })
    .returning();
  return link;
}
