import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  categories,
  dependencies,
  projectPreferences,
  projectShares,
  projects,
  publicShareLinks,
  tasks,
} from "../../db/schema";
import {
  createCategoryIn,
  createDependencyIn,
  createProjectFor,
  createTaskIn,
  publishProject,
  shareProject,
} from "../../test/factories";
import { jsonRequest as json, loginAs, setupTeam, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const { owner, admin, editor, viewer, outsider, sharedProject } = setupTeam(testApp);

describe("POST /api/projects", () => {
  it("creates the project for the caller with a slug of its name", async () => {
    const response = await owner.inject(
      json("POST", "/api/projects", { name: "  Website Launch ", description: "Q3" }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: "Website Launch",
      description: "Q3",
      userId: owner.user.id,
      archived: false,
      lastViewedAt: null,
      preferredView: null,
    });
    expect(body.slug).toMatch(/^website-launch-[0-9a-f]{6}$/);
    const [stored] = await testApp.database.db.select().from(projects).where(eq(projects.id, body.id));
    expect(stored).toMatchObject({ name: "Website Launch", userId: owner.user.id, slug: body.slug });
  });

  it("gives two projects of the same name different slugs", async () => {
    const first = await owner.inject(json("POST", "/api/projects", { name: "Twin" }));
    const second = await owner.inject(json("POST", "/api/projects", { name: "Twin" }));
    expect(first.json().slug).not.toBe(second.json().slug);
  });

  it("stores an empty description as null", async () => {
    const response = await owner.inject(
      json("POST", "/api/projects", { name: "No description", description: "  " }),
    );
    expect(response.json().description).toBeNull();
  });

  it.each([
    [{}, "Project name is required", "name"],
    [{ name: "   " }, "Project name is required", "name"],
    [{ name: "x".repeat(201) }, "Project name must be 200 characters or less", "name"],
    [
      { name: "Ok", description: "x".repeat(5001) },
      "Project description must be 5000 characters or less",
      "description",
    ],
    [{ name: 42 }, "name must be a string.", "name"],
  ])("refuses %j with 400: %s", async (payload, message, field) => {
    const before = await testApp.database.db
      .select()
      .from(projects)
      .where(eq(projects.userId, owner.user.id));
    const response = await owner.inject(json("POST", "/api/projects", payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: "invalid_input", field });
    const after = await testApp.database.db.select().from(projects).where(eq(projects.userId, owner.user.id));
    expect(after).toHaveLength(before.length);
  });

  it("answers 401 without a session", async () => {
    const response = await testApp.app.inject(json("POST", "/api/projects", { name: "Anonymous" }));
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/projects and /api/shared-projects", () => {
  it("lists only the caller's own projects, by name regardless of case, archived ones on request", async () => {
    const lister = await loginAs(testApp);
    await createProjectFor(testApp, lister.user, { name: "beta" });
    await createProjectFor(testApp, lister.user, { name: "Alpha" });
    await createProjectFor(testApp, lister.user, { name: "Gamma", archived: true });
    await createProjectFor(testApp, outsider.user, { name: "Not mine" });

    const active = await lister.inject({ method: "GET", url: "/api/projects" });
    expect(active.statusCode).toBe(200);
    expect(active.json().map((project: { name: string }) => project.name)).toEqual(["Alpha", "beta"]);

    const all = await lister.inject({ method: "GET", url: "/api/projects?includeArchived=true" });
    expect(all.json().map((project: { name: string }) => project.name)).toEqual(["Alpha", "beta", "Gamma"]);
  });

  it("lists projects shared with the caller with role and invitation date", async () => {
    const member = await loginAs(testApp);
    const project = await createProjectFor(testApp, owner.user, { name: "Zeta shared" });
    const archived = await createProjectFor(testApp, owner.user, { name: "Archived shared", archived: true });
    await shareProject(testApp, project, member.user, "editor");
    await shareProject(testApp, archived, member.user, "viewer");

    const response = await member.inject({ method: "GET", url: "/api/shared-projects" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: project.id,
        name: "Zeta shared",
        slug: project.slug,
        role: "editor",
        invitedAt: expect.any(String),
        archived: false,
      },
    ]);
    const all = await member.inject({ method: "GET", url: "/api/shared-projects?includeArchived=true" });
    expect(all.json().map((item: { name: string }) => item.name)).toEqual(["Archived shared", "Zeta shared"]);
    // The member's own list stays empty: shared projects are not theirs.
    expect((await member.inject({ method: "GET", url: "/api/projects" })).json()).toEqual([]);
  });

  it("matches an invitation by email before the share row knows the account", async () => {
    const member = await loginAs(testApp);
    const project = await createProjectFor(testApp, owner.user, { name: "Invited by email" });
    await testApp.database.db
      .insert(projectShares)
      .values({ projectId: project.id, email: member.user.email, role: "viewer" });
    const response = await member.inject({ method: "GET", url: "/api/shared-projects" });
    expect(response.json().map((item: { id: number }) => item.id)).toContain(project.id);
  });
});

describe("GET /api/projects/{id}", () => {
  it("gives the project with its tasks, dependencies and the caller's access level", async () => {
    const project = await sharedProject();
    const brief = await createTaskIn(testApp, project, { name: "Brief", order: 1 });
    const site = await createTaskIn(testApp, project, { name: "Site", order: 2 });
    const dependency = await createDependencyIn(testApp, brief, site);

    const response = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.accessLevel).toBe("owner");
    expect(body.project).toMatchObject({ id: project.id, name: "Shared plan", slug: project.slug });
    expect(body.tasks.map((task: { name: string }) => task.name)).toEqual(["Brief", "Site"]);
    expect(body.tasks[0]).toMatchObject({ status: "not-started", completed: false, categoryId: null });
    expect(body.dependencies).toEqual([
      {
        id: dependency.id,
        projectId: project.id,
        sourceTaskId: brief.id,
        targetTaskId: site.id,
        type: "FS",
        lag: 0,
      },
    ]);

    for (const [client, level] of [
      [admin, "admin"],
      [editor, "editor"],
      [viewer, "viewer"],
    ] as const) {
      const seen = await client.inject({ method: "GET", url: `/api/projects/${project.id}` });
      expect(seen.json().accessLevel).toBe(level);
    }
  });

  it("records when the caller opened it and accepts their pending invitation", async () => {
    const project = await sharedProject();
    const [pending] = await testApp.database.db
      .select()
      .from(projectShares)
      .where(eq(projectShares.projectId, project.id));
    expect(pending.acceptedAt).toBeNull();

    const response = await viewer.inject({ method: "GET", url: `/api/projects/${project.id}` });
    expect(response.json().project.lastViewedAt).not.toBeNull();
    const [share] = await testApp.database.db
      .select()
      .from(projectShares)
      .where(eq(projectShares.userId, viewer.user.id));
    expect(share.acceptedAt).toBeInstanceOf(Date);
    const preferences = await testApp.database.db
      .select()
      .from(projectPreferences)
      .where(eq(projectPreferences.projectId, project.id));
    expect(preferences.map((row) => row.userId)).toEqual([viewer.user.id]);
  });

  it("answers 404 to someone it is not shared with, and for an unknown id", async () => {
    const project = await sharedProject();
    const hidden = await outsider.inject({ method: "GET", url: `/api/projects/${project.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: "Project not found.", code: "not_found" });
    const unknown = await owner.inject({ method: "GET", url: "/api/projects/2147483000" });
    expect(unknown.statusCode).toBe(404);
  });

  it.each(["abc", "0", "-3", "1.5", "99999999999"])("answers 400 to the malformed id %s", async (id) => {
    const response = await owner.inject({ method: "GET", url: `/api/projects/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_input", field: "id" });
  });
});

describe("GET /api/projects/by-slug/{slug}", () => {
  it("finds the project for anyone with access, with their level", async () => {
    const project = await sharedProject();
    const response = await editor.inject({ method: "GET", url: `/api/projects/by-slug/${project.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: project.id, slug: project.slug, accessLevel: "editor" });
  });

  it("answers 404 to outsiders and for unknown slugs alike", async () => {
    const project = await sharedProject();
    const hidden = await outsider.inject({ method: "GET", url: `/api/projects/by-slug/${project.slug}` });
    const unknown = await owner.inject({ method: "GET", url: "/api/projects/by-slug/no-such-slug" });
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());
  });
});

describe("PATCH and PUT /api/projects/{id}", () => {
  it("renames for the owner and for admins, keeping the slug", async () => {
    const project = await sharedProject("Before");
    const byOwner = await owner.inject(json("PATCH", `/api/projects/${project.id}`, { name: "After" }));
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ name: "After", slug: project.slug });
    const byAdmin = await admin.inject(json("PUT", `/api/projects/${project.id}`, { name: "After again" }));
    expect(byAdmin.statusCode).toBe(200);
    const [stored] = await testApp.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(stored.name).toBe("After again");
    expect(stored.slug).toBe(project.slug);
  });

  it("archives and unarchives; archived projects leave the default list", async () => {
    const project = await createProjectFor(testApp, owner.user, { name: "To archive" });
    const archived = await owner.inject(json("PATCH", `/api/projects/${project.id}`, { archived: true }));
    expect(archived.json().archived).toBe(true);
    const list = await owner.inject({ method: "GET", url: "/api/projects" });
    expect(list.json().map((item: { id: number }) => item.id)).not.toContain(project.id);
    const restored = await owner.inject(json("PATCH", `/api/projects/${project.id}`, { archived: false }));
    expect(restored.json().archived).toBe(false);
  });

  it("refuses editors and viewers with 403 and outsiders with 404, changing nothing", async () => {
    const project = await sharedProject("Unchanged");
    for (const client of [editor, viewer]) {
      const response = await client.inject(
        json("PATCH", `/api/projects/${project.id}`, { name: "Hijacked" }),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        "Only the owner or an admin can rename, archive or unarchive this project, or change its schedule settings or webhooks.",
      );
    }
    const hidden = await outsider.inject(json("PATCH", `/api/projects/${project.id}`, { archived: true }));
    expect(hidden.statusCode).toBe(404);
    const [stored] = await testApp.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(stored).toMatchObject({ name: "Unchanged", archived: false });
  });

  it.each([
    [{}, "Send at least one of name, description, archived, startDate, workingDays, holidays or statusDate."],
    [{ name: "" }, "Project name is required"],
    [{ archived: "yes" }, "archived must be a boolean."],
  ])("refuses %j with 400: %s", async (payload, message) => {
    const project = await createProjectFor(testApp, owner.user);
    const response = await owner.inject(json("PATCH", `/api/projects/${project.id}`, payload));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe("DELETE /api/projects/{id}", () => {
  it("lets only the owner delete, and removes everything in the project", async () => {
    const project = await sharedProject("Doomed");
    const keep = await createProjectFor(testApp, owner.user, { name: "Kept" });
    const first = await createTaskIn(testApp, project);
    const second = await createTaskIn(testApp, project);
    await createDependencyIn(testApp, first, second);
    await createCategoryIn(testApp, project);
    await publishProject(testApp, project);
    const kept = await createTaskIn(testApp, keep);
    await viewer.inject({ method: "GET", url: `/api/projects/${project.id}` });

    for (const client of [admin, editor, viewer]) {
      const refused = await client.inject({ method: "DELETE", url: `/api/projects/${project.id}` });
      expect(refused.statusCode).toBe(403);
    }
    expect((await outsider.inject({ method: "DELETE", url: `/api/projects/${project.id}` })).statusCode).toBe(
      404,
    );

    const response = await owner.inject({ method: "DELETE", url: `/api/projects/${project.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");

    const db = testApp.database.db;
    const byProject = <T extends { projectId: unknown }>(table: T) =>
      eq(table.projectId as never, project.id);
    expect(await db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await db.select().from(tasks).where(byProject(tasks))).toEqual([]);
    expect(await db.select().from(dependencies).where(byProject(dependencies))).toEqual([]);
    expect(await db.select().from(categories).where(byProject(categories))).toEqual([]);
    expect(await db.select().from(projectShares).where(byProject(projectShares))).toEqual([]);
    expect(await db.select().from(publicShareLinks).where(byProject(publicShareLinks))).toEqual([]);
    expect(await db.select().from(projectPreferences).where(byProject(projectPreferences))).toEqual([]);
    expect(
      await db
        .select()
        .from(tasks)
        .where(inArray(tasks.id, [kept.id])),
    ).toHaveLength(1);

    expect((await owner.inject({ method: "DELETE", url: `/api/projects/${project.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe("PUT /api/projects/{id}/preferred-view", () => {
  it("saves each user's own preferred view", async () => {
    const project = await sharedProject();
    const saved = await viewer.inject(
      json("PUT", `/api/projects/${project.id}/preferred-view`, { view: "gantt" }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ view: "gantt" });
    await owner.inject(json("PUT", `/api/projects/${project.id}/preferred-view`, { view: "kanban" }));

    const viewerSees = await viewer.inject({ method: "GET", url: `/api/projects/by-slug/${project.slug}` });
    const ownerSees = await owner.inject({ method: "GET", url: `/api/projects/by-slug/${project.slug}` });
    expect(viewerSees.json().preferredView).toBe("gantt");
    expect(ownerSees.json().preferredView).toBe("kanban");
  });

  it("refuses an unknown view with 400 and outsiders with 404", async () => {
    const project = await sharedProject();
    const bad = await owner.inject(
      json("PUT", `/api/projects/${project.id}/preferred-view`, { view: "timeline" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("view must be one of graph, list, phases, gantt, kanban, sharing");
    const hidden = await outsider.inject(
      json("PUT", `/api/projects/${project.id}/preferred-view`, { view: "list" }),
    );
    expect(hidden.statusCode).toBe(404);
  });
});
