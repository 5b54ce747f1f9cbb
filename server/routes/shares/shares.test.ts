import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Project, projectShares, publicShareLinks } from "../../db/schema";
import { createCategoryIn, createProjectFor, createTaskIn, shareProject } from "../../test/factories";
import { createTestUser, loginAs, sendJson as send, setupTeam, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const { owner, admin, editor, viewer, outsider, sharedProject } = setupTeam(testApp);
let project: Project;
beforeAll(async () => {
  project = await sharedProject("Shared launch");
});

const sharesOf = (projectId: number) =>
  testApp.database.db.select().from(projectShares).where(eq(projectShares.projectId, projectId));

describe("GET /api/projects/{id}/shares", () => {
  it("lists members with their accounts and says who is the owner, for every member", async () => {
    const asOwner = await owner.inject({ method: "GET", url: `/api/projects/${project.id}/shares` });
    expect(asOwner.statusCode).toBe(200);
    const body = asOwner.json();
    expect(body.isOwner).toBe(true);
    expect(body.owner).toMatchObject({ id: owner.user.id, email: owner.user.email });
    expect(body.owner).not.toHaveProperty("passwordHash");
    const adminRow = body.shares.find((share: { email: string }) => share.email === admin.user.email);
    expect(adminRow).toMatchObject({
      role: "admin",
      acceptedAt: null,
      user: { id: admin.user.id, username: admin.user.username },
    });
    const asViewer = await viewer.inject({ method: "GET", url: `/api/projects/${project.id}/shares` });
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json().isOwner).toBe(false);
    expect(
      (await outsider.inject({ method: "GET", url: `/api/projects/${project.id}/shares` })).statusCode,
    ).toBe(404);
  });
});

describe("POST /api/projects/{id}/share", () => {
  it("invites by normalised email with viewer as the default role, matching an existing account", async () => {
    const invitee = await createTestUser(testApp);
    const response = await send(owner, "POST", `/api/projects/${project.id}/share`, {
      email: `  ${invitee.email.toUpperCase()} `,
      projectId: project.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: invitee.email,
      role: "viewer",
      acceptedAt: null,
      user: { id: invitee.id },
    });
    const [stored] = (await sharesOf(project.id)).filter((share) => share.email === invitee.email);
    expect(stored).toMatchObject({ userId: invitee.id, role: "viewer", invitedById: owner.user.id });
  });

  it("keeps an invitation for an email without an account, and attaches it at sign-up", async () => {
    const email = `later-${Date.now()}@example.com`;
    const response = await send(admin, "POST", `/api/projects/${project.id}/share`, {
      email,
      role: "editor",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toBeNull();

    const signUp = await testApp.app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email, password: "long enough", username: `later${Date.now()}` }),
    });
    const cookie = String(signUp.headers["set-cookie"]).split(";")[0];
    const shared = await testApp.app.inject({
      method: "GET",
      url: "/api/shared-projects",
      headers: { cookie },
    });
    expect(shared.json()).toEqual([expect.objectContaining({ id: project.id, role: "editor" })]);
    const [stored] = (await sharesOf(project.id)).filter((share) => share.email === email);
    expect(stored.userId).toBe(signUp.json().id);

    // Opening the project accepts the invitation: Pending becomes Accepted.
    await testApp.app.inject({ method: "GET", url: `/api/projects/${project.id}`, headers: { cookie } });
    const [accepted] = (await sharesOf(project.id)).filter((share) => share.email === email);
    expect(accepted.acceptedAt).toBeInstanceOf(Date);
  });

  it.each([
    [{ email: "not-an-email" }, 400, "Please enter a valid email address"],
    [{ email: "someone@example.com", role: "owner" }, 400, "Please select a role"],
  ])("refuses %j with %i", async (payload, status, message) => {
    const response = await send(owner, "POST", `/api/projects/${project.id}/share`, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
  });

  it("refuses a second invitation of the same email with 409", async () => {
    const response = await send(owner, "POST", `/api/projects/${project.id}/share`, {
      email: viewer.user.email,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("This email has already been invited to this project.");
  });

  it("refuses to invite the owner", async () => {
    const response = await send(admin, "POST", `/api/projects/${project.id}/share`, {
      email: owner.user.email,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The owner already has full access to this project.");
  });

  it("lets only owners and admins invite", async () => {
    const before = (await sharesOf(project.id)).length;
    for (const client of [editor, viewer]) {
      const response = await send(client, "POST", `/api/projects/${project.id}/share`, {
        email: "x@example.com",
      });
      expect(response.statusCode).toBe(403);
    }
    const hidden = await send(outsider, "POST", `/api/projects/${project.id}/share`, {
      email: "x@example.com",
    });
    expect(hidden.statusCode).toBe(404);
    expect(await sharesOf(project.id)).toHaveLength(before);
  });
});

describe("PUT and DELETE /api/project-shares/{shareId}", () => {
  it("changes a role for owners and admins, never above the caller's own", async () => {
    const member = await createTestUser(testApp);
    const share = await shareProject(testApp, project, member, "viewer");
    const promoted = await send(admin, "PUT", `/api/project-shares/${share.id}`, { role: "editor" });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: share.id, role: "editor" });
    expect(
      (await send(editor, "PUT", `/api/project-shares/${share.id}`, { role: "viewer" })).statusCode,
    ).toBe(403);
    expect(
      (await send(outsider, "PUT", `/api/project-shares/${share.id}`, { role: "viewer" })).statusCode,
    ).toBe(404);
    expect((await send(owner, "PUT", `/api/project-shares/${share.id}`, { role: "owner" })).statusCode).toBe(
      400,
    );
    const [stored] = await testApp.database.db
      .select()
      .from(projectShares)
      .where(eq(projectShares.id, share.id));
    expect(stored.role).toBe("editor");
  });

  it("keeps an admin from raising an editor to anything above admin, and from touching other projects", async () => {
    const otherProject = await createProjectFor(testApp, outsider.user);
    const foreign = await shareProject(testApp, otherProject, editor.user, "viewer");
    const response = await send(admin, "PUT", `/api/project-shares/${foreign.id}`, { role: "admin" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Share not found.");
  });

  it("removes a member for owners and admins, and lets members leave by themselves", async () => {
    const leaver = await loginAs(testApp);
    const removed = await createTestUser(testApp);
    const leaverShare = await shareProject(testApp, project, leaver.user, "viewer");
    const removedShare = await shareProject(testApp, project, removed, "viewer");

    expect(
      (await viewer.inject({ method: "DELETE", url: `/api/project-shares/${removedShare.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await admin.inject({ method: "DELETE", url: `/api/project-shares/${removedShare.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await leaver.inject({ method: "DELETE", url: `/api/project-shares/${leaverShare.id}` })).statusCode,
    ).toBe(204);
    const left = (await sharesOf(project.id)).map((share) => share.id);
    expect(left).not.toContain(removedShare.id);
    expect(left).not.toContain(leaverShare.id);
    expect((await leaver.inject({ method: "GET", url: `/api/projects/${project.id}` })).statusCode).toBe(404);
  });
});

describe("public links", () => {
  it("generates, replaces and revokes the link; only the live token opens the project", async () => {
    const published = await createProjectFor(testApp, owner.user, { name: "Published" });
    const category = await createCategoryIn(testApp, published, "Design", "#3357FF");
    await createTaskIn(testApp, published, { name: "Public task", categoryId: category.id });
    await shareProject(testApp, published, admin.user, "admin");

    const off = await owner.inject({ method: "GET", url: `/api/projects/${published.id}/share-token` });
    expect(off.json()).toEqual({ shareEnabled: false, shareUrl: null });

    const first = await owner.inject({ method: "POST", url: `/api/projects/${published.id}/generate-share` });
    expect(first.statusCode).toBe(200);
    expect(first.json().shareUrl).toMatch(/^http:\/\/localhost\/share\/[\w-]{43}$/);
    const firstToken = first.json().shareUrl.split("/share/")[1];

    const view = await testApp.app.inject({ method: "GET", url: `/api/share/${firstToken}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      project: { id: published.id, name: "Published" },
      tasks: [expect.objectContaining({ name: "Public task" })],
      dependencies: [],
      categories: [{ id: category.id, name: "Design", color: "#3357FF" }],
    });
    expect(JSON.stringify(view.json())).not.toContain(owner.user.email);
    expect(JSON.stringify(view.json())).not.toContain(admin.user.email);

    const second = await admin.inject({
      method: "POST",
      url: `/api/projects/${published.id}/generate-share`,
    });
    const secondToken = second.json().shareUrl.split("/share/")[1];
    expect(secondToken).not.toBe(firstToken);
    expect((await testApp.app.inject({ method: "GET", url: `/api/share/${firstToken}` })).statusCode).toBe(
      404,
    );
    expect((await testApp.app.inject({ method: "GET", url: `/api/share/${secondToken}` })).statusCode).toBe(
      200,
    );

    const revoked = await owner.inject({
      method: "DELETE",
      url: `/api/projects/${published.id}/share-token`,
    });
    expect(revoked.json()).toEqual({ shareEnabled: false, shareUrl: null });
    const gone = await testApp.app.inject({ method: "GET", url: `/api/share/${secondToken}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("This share link is invalid or has expired");
    const links = await testApp.database.db
      .select()
      .from(publicShareLinks)
      .where(eq(publicShareLinks.projectId, published.id));
    expect(links).toEqual([]);
  });

  it("keeps editors and viewers away from the link settings", async () => {
    for (const client of [editor, viewer]) {
      expect(
        (await client.inject({ method: "GET", url: `/api/projects/${project.id}/share-token` })).statusCode,
      ).toBe(403);
      expect(
        (await client.inject({ method: "POST", url: `/api/projects/${project.id}/generate-share` }))
          .statusCode,
      ).toBe(403);
    }
  });

  it("answers 404 to malformed and unknown tokens alike", async () => {
    for (const token of ["short", "bad%20token", "a".repeat(43), "y".repeat(99)]) {
      const response = await testApp.app.inject({ method: "GET", url: `/api/share/${token}` });
      expect(response.statusCode, token).toBe(404);
    }
    // Past Fastify's path-parameter limit the router itself answers 414.
    const huge = await testApp.app.inject({ method: "GET", url: `/api/share/${"x".repeat(300)}` });
    expect(huge.statusCode).toBe(414);
  });
});
