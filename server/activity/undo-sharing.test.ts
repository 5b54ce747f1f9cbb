// Undo and redo of members and the public link through the API
// (docs/decisions/030-history-activity-and-undo.md), with
// who may undo them (the right to share); an import's entry, which cannot be undone; and the entry
// carried by the live event to members but not on the public link's stream.
// Categories, the project's fields, reorders and moved cards: undo-settings.test.ts.
import type { ActivityEntryDto } from "@core/schemas/activity";
import type { ProjectEvent } from "@core/schemas/events";
import type { ShareDto } from "@core/schemas/sharing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Project, projectShares, publicShareLinks } from "../db/schema";
import { openStream } from "../test/event-stream-reader";
import { publishProject } from "../test/factories";
import { sendImport } from "../test/import-requests";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";

// Listening, for the event streams.
const testApp = setupTestApp({ listen: true });
const { owner, admin, editor, viewer, sharedProject } = setupTeam(testApp);
const db = () => testApp.database.db;

async function activityOf(client: Client, project: { id: number }): Promise<ActivityEntryDto[]> {
  const response = await sendJson(client, "GET", `/api/projects/${project.id}/activity`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const latestOf = async (project: Project) => (await activityOf(viewer, project))[0];

const undo = (client: Client, entryId: number) => sendJson(client, "POST", `/api/activity/${entryId}/undo`);

async function undoOk(client: Client, entryId: number): Promise<ActivityEntryDto> {
  const response = await undo(client, entryId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const shareRow = async (id: number) =>
  (await db().select().from(projectShares).where(eq(projectShares.id, id)))[0];

async function invite(client: Client, project: Project, email: string, role: string) {
  const response = await sendJson(client, "POST", `/api/projects/${project.id}/share`, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ShareDto;
}

let emails = 0;
const freshEmail = () => `invitee-${process.pid}-${++emails}@example.com`;

/** The viewer's share row of the project. */
async function viewerShare(project: Project) {
  const rows = await db().select().from(projectShares).where(eq(projectShares.projectId, project.id));
  const share = rows.find((row) => row.userId === viewer.user.id);
  if (!share) throw new Error("the viewer has no share");
  return share;
}

/** Publishes a new link as the client; answers its token. */
async function generateLink(client: Client, project: Project) {
  const response = await sendJson(client, "POST", `/api/projects/${project.id}/generate-share`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().shareUrl as string).split("/").at(-1) as string;
}

const publicStatus = async (token: string) =>
  (await sendJson(owner, "GET", `/api/share/${token}`)).statusCode;

describe("member entries", () => {
  it("records an invitation; an editor may not undo it (403), an admin removes it; redo, same id", async () => {
    const project = await sharedProject();
    const email = freshEmail();
    const share = await invite(admin, project, email, "editor");
    const created = await latestOf(project);
    expect(created).toMatchObject({
      action: "member.created",
      actor: { id: admin.user.id },
      subject: email,
      changes: { role: [null, "editor"] },
      undoOf: null,
      isUndo: false,
      undoable: true,
    });

    expect((await undo(editor, created.id)).statusCode).toBe(403);
    expect(await shareRow(share.id)).toBeDefined();

    const undone = await undoOk(admin, created.id);
    expect(undone).toMatchObject({
      action: "member.deleted",
      undoOf: created.id,
      isUndo: true,
      changes: { role: ["editor", null] },
    });
    expect(await shareRow(share.id)).toBeUndefined();

    const redone = await undoOk(owner, undone.id);
    expect(redone).toMatchObject({ action: "member.created", undoOf: undone.id, isUndo: false });
    expect(await shareRow(share.id)).toMatchObject({ email, role: "editor", projectId: project.id });
  });

  it("refuses to undo an invitation whose role changed since, naming the role", async () => {
    const project = await sharedProject();
    const share = await invite(owner, project, freshEmail(), "viewer");
    const created = await latestOf(project);
    await sendJson(owner, "PUT", `/api/project-shares/${share.id}`, { role: "editor" });
    const refused = await undo(owner, created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "role" });
    expect(await shareRow(share.id)).toMatchObject({ role: "editor" });
  });

  it("records a role change; the undo puts the role back; stale when changed again; redo", async () => {
    const project = await sharedProject();
    const share = await viewerShare(project);
    const put = await sendJson(admin, "PUT", `/api/project-shares/${share.id}`, { role: "editor" });
    expect(put.statusCode, put.body).toBe(200);
    const updated = await latestOf(project);
    expect(updated).toMatchObject({
      action: "member.updated",
      actor: { id: admin.user.id },
      subject: viewer.user.email,
      changes: { role: ["viewer", "editor"] },
    });
    expect((await undo(editor, updated.id)).statusCode).toBe(403);

    const undone = await undoOk(admin, updated.id);
    expect(undone).toMatchObject({
      action: "member.updated",
      undoOf: updated.id,
      isUndo: true,
      changes: { role: ["editor", "viewer"] },
    });
    expect((await shareRow(share.id)).role).toBe("viewer");

    const redone = await undoOk(admin, undone.id);
    expect(redone).toMatchObject({ undoOf: undone.id, isUndo: false });
    expect((await shareRow(share.id)).role).toBe("editor");

    await sendJson(owner, "PUT", `/api/project-shares/${share.id}`, { role: "admin" });
    const refused = await undo(admin, redone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "role" });
    expect((await shareRow(share.id)).role).toBe("admin");
  });

  it("brings a removed member back with the same share, so they see the project again; redo", async () => {
    const project = await sharedProject();
    const share = await viewerShare(project);
    expect((await sendJson(admin, "DELETE", `/api/project-shares/${share.id}`)).statusCode).toBe(204);
    expect((await sendJson(viewer, "GET", `/api/projects/${project.id}`)).statusCode).toBe(404);
    const [deleted] = await activityOf(owner, project);
    expect(deleted).toMatchObject({
      action: "member.deleted",
      actor: { id: admin.user.id },
      subject: viewer.user.email,
      changes: { role: ["viewer", null] },
    });
    expect((await undo(editor, deleted.id)).statusCode).toBe(403);

    const undone = await undoOk(admin, deleted.id);
    expect(undone).toMatchObject({ action: "member.created", undoOf: deleted.id, isUndo: true });
    expect(await shareRow(share.id)).toMatchObject({
      userId: viewer.user.id,
      email: share.email,
      role: "viewer",
      invitedAt: share.invitedAt,
    });
    expect((await sendJson(viewer, "GET", `/api/projects/${project.id}`)).statusCode).toBe(200);

    const redone = await undoOk(admin, undone.id);
    expect(redone).toMatchObject({ action: "member.deleted", undoOf: undone.id, isUndo: false });
    expect(await shareRow(share.id)).toBeUndefined();

    // Invited again since: the removal's redo cannot be undone (the email is taken), 409.
    const again = await invite(owner, project, viewer.user.email, "editor");
    const refused = await undo(admin, redone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale" });
    expect(await shareRow(share.id)).toBeUndefined();
    expect(await shareRow(again.id)).toMatchObject({ role: "editor" });
  });
});

describe("link entries", () => {
  it("undoes a revocation: the same old URL works again; an editor may not (403); redo revokes it", async () => {
    const project = await sharedProject();
    const token = await generateLink(admin, project);
    const created = await latestOf(project);
    expect(created).toMatchObject({
      action: "link.created",
      actor: { id: admin.user.id },
      changes: { enabled: [false, true] },
      undoOf: null,
    });
    // The token is never on the wire.
    expect(JSON.stringify(created)).not.toContain(token);

    const revoked = await sendJson(admin, "DELETE", `/api/projects/${project.id}/share-token`);
    expect(revoked.statusCode).toBe(200);
    expect(await publicStatus(token)).toBe(404);
    const deleted = await latestOf(project);
    expect(deleted).toMatchObject({ action: "link.deleted", changes: { enabled: [true, false] } });

    expect((await undo(editor, deleted.id)).statusCode).toBe(403);
    expect((await undo(editor, created.id)).statusCode).toBe(403);
    expect(await publicStatus(token)).toBe(404);

    const undone = await undoOk(admin, deleted.id);
    expect(undone).toMatchObject({ action: "link.created", undoOf: deleted.id, isUndo: true });
    expect(await publicStatus(token)).toBe(200);
    const answer = await sendJson(owner, "GET", `/api/projects/${project.id}/share-token`);
    expect(answer.json()).toMatchObject({
      shareEnabled: true,
      shareUrl: expect.stringMatching(`/share/${token}$`),
    });

    const redone = await undoOk(owner, undone.id);
    expect(redone).toMatchObject({ action: "link.deleted", undoOf: undone.id, isUndo: false });
    expect(await publicStatus(token)).toBe(404);
    expect(
      await db().select().from(publicShareLinks).where(eq(publicShareLinks.projectId, project.id)),
    ).toEqual([]);
  });

  it("undoes a replaced link back to the old one, and refuses a stale undo naming the public link", async () => {
    const project = await sharedProject();
    const first = await generateLink(owner, project);
    const [firstEntry] = await activityOf(owner, project);
    const second = await generateLink(owner, project);
    const [replaced] = await activityOf(owner, project);
    expect(replaced).toMatchObject({ action: "link.created", changes: { enabled: [true, true] } });
    expect(await publicStatus(first)).toBe(404);

    // The first link's creation meets another token now.
    const refused = await undo(owner, firstEntry.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", field: "public link" });
    expect(await publicStatus(second)).toBe(200);

    await undoOk(owner, replaced.id);
    expect(await publicStatus(first)).toBe(200);
    expect(await publicStatus(second)).toBe(404);
    // Now the first creation can be undone: no link at all.
    await undoOk(owner, firstEntry.id);
    expect(await publicStatus(first)).toBe(404);
  });
});

describe("import", () => {
  it("records one entry that cannot be undone (409 not_undoable)", async () => {
    const response = await sendImport(owner, "Name\nA\nB\n", { format: "csv" });
    expect(response.statusCode, response.body).toBe(201);
    const project = response.json().project as { id: number; name: string };
    const entries = await activityOf(owner, project);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "import",
      actor: { id: owner.user.id },
      subject: project.name,
      undoable: false,
      undoOf: null,
    });
    expect(entries[0].changes.format).toEqual([null, "csv"]);
    const refused = await undo(owner, entries[0].id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("not_undoable");
  });
});

describe("live events", () => {
  it("carry the entry to members, not on the public link's stream; an undo's event carries the undo", async () => {
    const project = await sharedProject();
    const created = await sendJson(editor, "POST", `/api/projects/${project.id}/tasks`, { name: "Draft" });
    const task = created.json() as { id: number };
    const link = await publishProject(testApp, project);
    const members = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: viewer.cookie,
    });
    const anyone = await openStream(`${testApp.baseUrl}/api/share/${link.token}/events`);
    try {
      expect([members.status, anyone.status]).toEqual([200, 200]);
      await members.waitFor((message) => message.type === "version");
      await anyone.waitFor((message) => message.type === "version");

      expect((await sendJson(editor, "PUT", `/api/tasks/${task.id}`, { name: "Final" })).statusCode).toBe(
        200,
      );
      const [entry] = await activityOf(editor, project);
      const isUpdate = (message: { type: string }) => message.type === "task.updated";
      const event = (await members.waitFor(isUpdate)) as ProjectEvent;
      expect(event.activity).toMatchObject({
        id: entry.id,
        action: "task.updated",
        taskId: task.id,
        changes: { name: ["Draft", "Final"] },
      });
      const seen = (await anyone.waitFor(isUpdate)) as ProjectEvent;
      expect(seen.tasks?.[0]).toMatchObject({ name: "Final" });
      expect(seen).not.toHaveProperty("activity");
      expect(seen).not.toHaveProperty("activityId");

      const undone = await undoOk(editor, entry.id);
      const undoEvent = (await members.waitFor(
        (message) => isUpdate(message) && (message as ProjectEvent).activity?.id === undone.id,
      )) as ProjectEvent;
      expect(undoEvent.activity).toMatchObject({ undoOf: entry.id, isUndo: true });
      await anyone.waitFor(
        (message) => isUpdate(message) && (message as ProjectEvent).tasks?.[0]?.name === "Draft",
      );
      expect(anyone.messages.some((message) => "activity" in message || "activityId" in message)).toBe(false);
    } finally {
      members.close();
      anyone.close();
    }
  });
});
