// Baselines in the history (docs/spec/tracking.md, "Baselines"): each write's activity entry and
// its words, its undo through the undo route (a save undone deletes it, a deletion undone brings
// it back whole with its id and task rows, a rename undone renames back), redo, the undos refused
// as stale, and the live event other members' lists refresh on.
import { describeActivity } from "@core/activity/describe";
import type { ActivityEntryDto } from "@core/schemas/activity";
import type { BaselineDto, BaselineSummaryDto } from "@core/schemas/baselines";
import type { ProjectEvent } from "@core/schemas/events";
import { describe, expect, it } from "vitest";
import { createPlannedProject, createTask, expectStatus, link } from "../scheduling/scheduling-test-helpers";
import { openStream } from "../test/event-stream-reader";
import { type Client, sendJson, setupTeam, setupTestApp } from "../test/test-app";

// Listening, for the event stream.
const testApp = setupTestApp({ listen: true });
const team = setupTeam(testApp);
const { editor, viewer } = team;

const listUrl = (projectId: number) => `/api/projects/${projectId}/baselines`;
const oneUrl = (projectId: number, baselineId: number) => `${listUrl(projectId)}/${baselineId}`;

async function plan() {
  const project = await createPlannedProject(testApp, team, "Tracked");
  const dig = await createTask(editor, project.id, { name: "Dig", duration: 2 });
  const pour = await createTask(editor, project.id, { name: "Pour", duration: 3 });
  await link(editor, dig, pour);
  return project;
}

const save = (projectId: number, name: string) =>
  expectStatus<BaselineSummaryDto>(editor, "POST", listUrl(projectId), 201, { name });
const read = (projectId: number, baselineId: number) =>
  expectStatus<BaselineDto>(viewer, "GET", oneUrl(projectId, baselineId), 200);
const latest = async (projectId: number) =>
  (await expectStatus<ActivityEntryDto[]>(viewer, "GET", `/api/projects/${projectId}/activity`, 200))[0];
const undo = (client: Client, entryId: number) => sendJson(client, "POST", `/api/activity/${entryId}/undo`);
const undoOk = async (entryId: number) => {
  const response = await undo(editor, entryId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ActivityEntryDto;
};

describe("entries", () => {
  it("a save, a rename and a deletion each record their entry, told in words", async () => {
    const project = await plan();
    const saved = await save(project.id, "Baseline 1");
    const savedEntry = await latest(project.id);
    expect(savedEntry).toMatchObject({
      action: "baseline.saved",
      actor: { id: editor.user.id },
      subject: "Baseline 1",
      taskId: null,
      undoable: true,
    });
    expect(savedEntry).not.toHaveProperty("restore");
    expect(describeActivity(savedEntry)).toBe("saved baseline “Baseline 1”");

    await expectStatus(editor, "PATCH", oneUrl(project.id, saved.id), 200, { name: "Agreed" });
    const renamed = await latest(project.id);
    expect(renamed).toMatchObject({
      action: "baseline.renamed",
      changes: { name: ["Baseline 1", "Agreed"] },
    });
    expect(describeActivity(renamed)).toBe("renamed baseline “Baseline 1” → “Agreed”");

    // The same name again changes nothing and records nothing.
    await expectStatus(editor, "PATCH", oneUrl(project.id, saved.id), 200, { name: "Agreed" });
    expect((await latest(project.id)).id).toBe(renamed.id);

    await expectStatus(editor, "DELETE", oneUrl(project.id, saved.id), 204);
    const deleted = await latest(project.id);
    expect(deleted).toMatchObject({ action: "baseline.deleted", subject: "Agreed" });
    expect(describeActivity(deleted)).toBe("deleted baseline “Agreed”");
  });
});

describe("undo", () => {
  it("of a save deletes it; redo brings it back with its id and rows", async () => {
    const project = await plan();
    const saved = await save(project.id, "Mine");
    const whole = await read(project.id, saved.id);
    const entry = await latest(project.id);
    const undone = await undoOk(entry.id);
    expect(undone).toMatchObject({ action: "baseline.deleted", isUndo: true, undoOf: entry.id });
    expect(describeActivity(undone)).toBe("undid: saved baseline “Mine”");
    await expectStatus(viewer, "GET", oneUrl(project.id, saved.id), 404);

    const redone = await undoOk(undone.id);
    expect(redone).toMatchObject({ action: "baseline.saved", isUndo: false, undoOf: undone.id });
    expect(await read(project.id, saved.id)).toEqual(whole);
  });

  it("of a deletion brings it back whole: same id, time, author, finish and task rows", async () => {
    const project = await plan();
    const first = await save(project.id, "First");
    const second = await save(project.id, "Second");
    const whole = await read(project.id, first.id);
    expect(whole.tasks).toHaveLength(2);
    await expectStatus(editor, "DELETE", oneUrl(project.id, first.id), 204);
    const entry = await latest(project.id);
    const undone = await undoOk(entry.id);
    expect(undone).toMatchObject({ action: "baseline.saved", isUndo: true });
    expect(await read(project.id, first.id)).toEqual(whole);
    expect(await expectStatus(viewer, "GET", listUrl(project.id), 200)).toEqual([first, second]);
    // Undone twice: refused.
    expect((await undo(editor, entry.id)).statusCode).toBe(409);
  });

  it("of a rename renames back, unless renamed since (409 naming the name)", async () => {
    const project = await plan();
    const saved = await save(project.id, "Draft");
    await expectStatus(editor, "PATCH", oneUrl(project.id, saved.id), 200, { name: "Final" });
    const renamed = await latest(project.id);
    await undoOk(renamed.id);
    expect((await read(project.id, saved.id)).name).toBe("Draft");

    await expectStatus(editor, "PATCH", oneUrl(project.id, saved.id), 200, { name: "Final" });
    const again = await latest(project.id);
    await expectStatus(editor, "PATCH", oneUrl(project.id, saved.id), 200, { name: "Someone else's" });
    const stale = await undo(editor, again.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "stale", field: "name" });
    expect((await read(project.id, saved.id)).name).toBe("Someone else's");
  });

  it("is refused as stale when it cannot apply: the baseline gone, renamed, or the limit reached again", async () => {
    const project = await plan();
    const gone = await save(project.id, "Gone");
    const savedGone = await latest(project.id);
    await expectStatus(editor, "DELETE", oneUrl(project.id, gone.id), 204);
    const deletion = await latest(project.id);
    const refused = await undo(editor, savedGone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "stale", message: expect.stringContaining("“Gone”") });

    const renamed = await save(project.id, "Named");
    const savedRenamed = await latest(project.id);
    await expectStatus(editor, "PATCH", oneUrl(project.id, renamed.id), 200, { name: "Other" });
    expect((await undo(editor, savedRenamed.id)).json()).toMatchObject({ code: "stale", field: "name" });
    await expectStatus(viewer, "GET", oneUrl(project.id, renamed.id), 200);

    // Ten more make eleven: the deleted one cannot come back until one goes.
    for (let number = 0; number < 10; number++) await save(project.id, `Later ${number}`);
    const full = await undo(editor, deletion.id);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: "stale", message: expect.stringMatching(/11 baselines/) });
    await expectStatus(viewer, "GET", oneUrl(project.id, gone.id), 404);
    await expectStatus(editor, "DELETE", oneUrl(project.id, renamed.id), 204);
    await undoOk(deletion.id);
    expect((await read(project.id, gone.id)).name).toBe("Gone");
  });

  it("needs the right to edit: a viewer's undo is 403", async () => {
    const project = await plan();
    const saved = await save(project.id, "Kept");
    const response = await undo(viewer, (await latest(project.id)).id);
    expect(response.statusCode).toBe(403);
    await read(project.id, saved.id);
  });
});

describe("live events", () => {
  it("a save, a rename, a deletion and an undo each tell members baseline.changed with the baseline and the entry", async () => {
    const project = await plan();
    const stream = await openStream(`${testApp.baseUrl}/api/projects/${project.id}/events`, {
      cookie: viewer.cookie,
    });
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((message) => message.type === "version");
      const changedBy = (entryId: number) => (message: { type: string }) =>
        message.type === "baseline.changed" && (message as ProjectEvent).activity?.id === entryId;

      const saved = await save(project.id, "Live");
      const savedEntry = await latest(project.id);
      const event = (await stream.waitFor(changedBy(savedEntry.id))) as ProjectEvent;
      expect(event).toMatchObject({
        projectId: project.id,
        baselineIds: [saved.id],
        actorId: editor.user.id,
        version: expect.any(Number),
        activity: { action: "baseline.saved", subject: "Live" },
      });

      await expectStatus(editor, "PATCH", oneUrl(project.id, saved.id), 200, { name: "Live 2" });
      await stream.waitFor(changedBy((await latest(project.id)).id));
      await expectStatus(editor, "DELETE", oneUrl(project.id, saved.id), 204);
      const deletion = await latest(project.id);
      await stream.waitFor(changedBy(deletion.id));
      const undone = await undoOk(deletion.id);
      const undoEvent = (await stream.waitFor(changedBy(undone.id))) as ProjectEvent;
      expect(undoEvent.baselineIds).toEqual([saved.id]);
    } finally {
      stream.close();
    }
  });
});
