import type { ACCESS_LEVELS, ProjectAction } from "@core/access/permissions";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users";
import { projectShares, projects, publicShareLinks, type User } from "../db/schema";
import { AppError } from "../lib/errors";
import { createTestUser, setupTestApp } from "../test/test-app";
import { getProjectAccess, requireProjectAccess, requirePublicProject } from "./access-level";

const testApp = setupTestApp();
let owner: User;
let admin: User;
let editor: User;
let viewer: User;
let outsider: User;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  const db = testApp.database.db;
  [owner, admin, editor, viewer, outsider] = await Promise.all(
    Array.from({ length: 5 }, () => createTestUser(testApp)),
  );
  const [project] = await db
    .insert(projects)
    .values({ name: "Launch", slug: `launch-${Date.now()}`, userId: owner.id })
    .returning();
  const [other] = await db
    .insert(projects)
    .values({ name: "Other", slug: `other-${Date.now()}`, userId: outsider.id })
    .returning();
  projectId = project.id;
  otherProjectId = other.id;
  await db.insert(projectShares).values([
    { projectId, email: admin.email, userId: admin.id, role: "admin" },
    { projectId, email: editor.email, userId: editor.id, role: "editor" },
    // Matched by email alone: the invitation was made before the account had a user id on it.
    { projectId, email: viewer.email, userId: null, role: "viewer" },
  ]);
});

async function statusOf(user: User, id: number, action: ProjectAction): Promise<number> {
  try {
    await requireProjectAccess(testApp.database.db, user, id, action);
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

describe("getProjectAccess", () => {
  it("gives owner to the project's user, and each member their role", async () => {
    const db = testApp.database.db;
    expect((await getProjectAccess(db, owner, projectId))?.accessLevel).toBe("owner");
    expect((await getProjectAccess(db, admin, projectId))?.accessLevel).toBe("admin");
    expect((await getProjectAccess(db, editor, projectId))?.accessLevel).toBe("editor");
    expect((await getProjectAccess(db, viewer, projectId))?.accessLevel).toBe("viewer");
    expect(await getProjectAccess(db, outsider, projectId)).toBeNull();
    expect(await getProjectAccess(db, owner, 987_654_321)).toBeNull();
  });

  it("matches an invitation to an account created later with that email", async () => {
    const db = testApp.database.db;
    await db.insert(projectShares).values({ projectId, email: "later@example.com", role: "editor" });
    const later = await createUser(db, {
      email: "later@example.com",
      username: "later",
      firstName: null,
      lastName: null,
      passwordHash: null,
    });
    expect((await getProjectAccess(db, later, projectId))?.accessLevel).toBe("editor");
  });
});

describe("requireProjectAccess: who may do what, level by level", () => {
  const expected: Record<ProjectAction, Record<(typeof ACCESS_LEVELS)[number] | "none", number>> = {
    read: { owner: 200, admin: 200, editor: 200, viewer: 200, none: 404 },
    edit: { owner: 200, admin: 200, editor: 200, viewer: 403, none: 404 },
    share: { owner: 200, admin: 200, editor: 403, viewer: 403, none: 404 },
    manage: { owner: 200, admin: 200, editor: 403, viewer: 403, none: 404 },
    delete: { owner: 200, admin: 403, editor: 403, viewer: 403, none: 404 },
  };

  for (const action of Object.keys(expected) as ProjectAction[]) {
    it(`answers ${action} as the table says`, async () => {
      const byLevel = { owner, admin, editor, viewer, none: outsider };
      for (const [level, user] of Object.entries(byLevel) as [
        keyof (typeof expected)[ProjectAction],
        User,
      ][]) {
        expect(await statusOf(user, projectId, action), `${level} ${action}`).toBe(expected[action][level]);
      }
    });
  }

  it("answers 404, not 403, for a project that exists but is not shared with the caller", async () => {
    expect(await statusOf(owner, otherProjectId, "read")).toBe(404);
    expect(await statusOf(owner, otherProjectId, "delete")).toBe(404);
  });
});

describe("requirePublicProject", () => {
  it("gives viewer access through a live token and 404 through any other", async () => {
    const db = testApp.database.db;
    await db.insert(publicShareLinks).values({ projectId, token: "live-token-value", createdById: owner.id });
    const access = await requirePublicProject(db, "live-token-value");
    expect(access.project.id).toBe(projectId);
    expect(access.accessLevel).toBe("viewer");
    await expect(requirePublicProject(db, "revoked-token")).rejects.toMatchObject({ statusCode: 404 });
  });
});
