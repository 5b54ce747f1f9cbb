// `?dryRun=true` on the writes that move tasks (section 8, "Preview before commit"): 200 with what
// would move and the project's finish before and after, nothing changed in the database, and every
// refusal the real write makes.
import { describe, expect, it } from "vitest";
import type { Project } from "../db/schema";
import { type Client, sendJson } from "../test/test-app";
import {
  createTask,
  expectStatus,
  link,
  planSnapshot,
  setupPlanningTeam,
  spans,
  storedSpan,
  updateTask,
} from "./scheduling-test-helpers";

const { testApp, team, plannedProject } = setupPlanningTeam("Previewed");
const { owner, admin, editor, viewer } = team;

/** A (3 days) then B (2 days), FS: A 03-02..03-04, B 03-05..03-06, and C with no duration. */
async function chain(project: Project) {
  const a = await createTask(owner, project.id, { name: "A", duration: 3 });
  const b = await createTask(owner, project.id, { name: "B", duration: 2 });
  const c = await createTask(owner, project.id, { name: "C" });
  const dependency = await link(owner, a, b);
  return { a, b, c, dependency };
}

type Preview = {
  preview: {
    moved: {
      id: number;
      from: { start: string; finish: string } | null;
      to: { start: string; finish: string };
    }[];
    finish: { from: string | null; to: string | null };
  };
};

/** A dry run that must answer 200 with a preview, leaving the project's rows exactly as they were. */
async function dryRun(
  client: Client,
  project: Project,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
): Promise<Preview["preview"]> {
  const before = await planSnapshot(testApp, project.id);
  const answer = await expectStatus<Preview>(client, method, `${url}?dryRun=true`, 200, payload);
  expect(Object.keys(answer)).toEqual(["preview"]);
  expect(await planSnapshot(testApp, project.id)).toEqual(before);
  return answer.preview;
}

/** A dry run that must be refused as the real write is, leaving the rows as they were. */
async function refusedDryRun(
  client: Client,
  project: Project,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload: unknown,
  status: number,
) {
  const before = await planSnapshot(testApp, project.id);
  const response = await sendJson(client, method, `${url}?dryRun=true`, payload);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().preview).toBeUndefined();
  expect(await planSnapshot(testApp, project.id)).toEqual(before);
  return response.json() as { message: string; code: string; field?: string };
}

const span = (start: string, finish: string) => ({ start, finish });

describe("?dryRun=true previews a write and changes nothing", () => {
  it("PUT /api/tasks/{id}: what a new duration moves, then the real write moves just that", async () => {
    const project = await plannedProject();
    const { a, b } = await chain(project);
    const preview = await dryRun(editor, project, "PUT", `/api/tasks/${a.id}`, { duration: 5 });
    expect(preview).toEqual({
      moved: [
        { id: a.id, from: span("2026-03-02", "2026-03-04"), to: span("2026-03-02", "2026-03-06"), by: null },
        // B moved because it waits for A: the chain that moved it.
        { id: b.id, from: span("2026-03-05", "2026-03-06"), to: span("2026-03-09", "2026-03-10"), by: a.id },
      ],
      finish: { from: "2026-03-06", to: "2026-03-10" },
    });
    await updateTask(editor, a.id, { duration: 5 });
    const after = await spans(owner, project.id);
    for (const move of preview.moved) {
      expect(after.get(move.id)).toBe(`${move.to.start}..${move.to.finish}`);
      expect(await storedSpan(testApp, move.id)).toBe(`${move.to.start}..${move.to.finish}`);
    }
  });

  it("PUT /api/tasks/{id}: a task scheduled for the first time comes from null", async () => {
    const project = await plannedProject();
    const { a, b, c } = await chain(project);
    const preview = await dryRun(editor, project, "PUT", `/api/tasks/${c.id}`, { duration: 8 });
    expect(preview).toEqual({
      moved: [{ id: c.id, from: null, to: span("2026-03-02", "2026-03-11"), by: null }],
      finish: { from: "2026-03-06", to: "2026-03-11" },
    });
    // A dueDate sent to an auto task previews its new duration; a startDate its constraint.
    const due = await dryRun(editor, project, "PUT", `/api/tasks/${b.id}`, {
      dueDate: "2026-03-09T00:00:00.000Z",
    });
    expect(due.moved).toEqual([
      { id: b.id, from: span("2026-03-05", "2026-03-06"), to: span("2026-03-05", "2026-03-09"), by: a.id },
    ]);
    const start = await dryRun(editor, project, "PUT", `/api/tasks/${b.id}`, {
      startDate: "2026-03-06T00:00:00.000Z",
    });
    expect(start.moved).toEqual([
      { id: b.id, from: span("2026-03-05", "2026-03-06"), to: span("2026-03-06", "2026-03-09"), by: null },
    ]);
  });

  it("PUT /api/tasks/{id}: a write that moves nothing answers the finish as it stands", async () => {
    const project = await plannedProject();
    const { a, c } = await chain(project);
    expect(await dryRun(editor, project, "PUT", `/api/tasks/${a.id}`, { duration: 3 })).toEqual({
      moved: [],
      finish: { from: "2026-03-06", to: "2026-03-06" },
    });
    expect(await dryRun(editor, project, "PUT", `/api/tasks/${c.id}`, { dueDate: "2026-03-20" })).toEqual({
      moved: [],
      finish: { from: "2026-03-06", to: "2026-03-06" },
    });
  });

  it("POST /api/dependencies: what a new dependency moves, and no dependency made", async () => {
    const project = await plannedProject();
    const { b } = await chain(project);
    const d = await createTask(owner, project.id, { name: "D", duration: 1 });
    const preview = await dryRun(editor, project, "POST", "/api/dependencies", {
      sourceTaskId: b.id,
      targetTaskId: d.id,
      type: "FS",
      lag: 1,
    });
    expect(preview).toEqual({
      moved: [
        { id: d.id, from: span("2026-03-02", "2026-03-02"), to: span("2026-03-10", "2026-03-10"), by: b.id },
      ],
      finish: { from: "2026-03-06", to: "2026-03-10" },
    });
  });

  it("PUT and DELETE /api/dependencies/{id}: what a new type, a lag or its removal moves", async () => {
    const project = await plannedProject();
    const { a, b, dependency } = await chain(project);
    const url = `/api/dependencies/${dependency.id}`;
    expect(await dryRun(editor, project, "PUT", url, { type: "SS", lag: 1 })).toEqual({
      moved: [
        { id: b.id, from: span("2026-03-05", "2026-03-06"), to: span("2026-03-03", "2026-03-04"), by: a.id },
      ],
      finish: { from: "2026-03-06", to: "2026-03-04" },
    });
    expect(await dryRun(editor, project, "PUT", url, { lag: 0 })).toEqual({
      moved: [],
      finish: { from: "2026-03-06", to: "2026-03-06" },
    });
    expect(await dryRun(editor, project, "DELETE", url)).toEqual({
      moved: [
        { id: b.id, from: span("2026-03-05", "2026-03-06"), to: span("2026-03-02", "2026-03-03"), by: null },
      ],
      finish: { from: "2026-03-06", to: "2026-03-04" },
    });
  });

  it("DELETE /api/tasks/{id}: what deleting a prerequisite moves, and nothing for an unscheduled task", async () => {
    const project = await plannedProject();
    const { a, b, c } = await chain(project);
    expect(await dryRun(editor, project, "DELETE", `/api/tasks/${a.id}`)).toEqual({
      moved: [
        { id: b.id, from: span("2026-03-05", "2026-03-06"), to: span("2026-03-02", "2026-03-03"), by: null },
      ],
      finish: { from: "2026-03-06", to: "2026-03-03" },
    });
    expect(await dryRun(editor, project, "DELETE", `/api/tasks/${c.id}`)).toEqual({
      moved: [],
      finish: { from: null, to: null },
    });
    await refusedDryRun(viewer, project, "DELETE", `/api/tasks/${a.id}`, undefined, 403);
  });

  it("PATCH /api/projects/{id}: what a new calendar moves, with nothing else saved either", async () => {
    const project = await plannedProject();
    const { a, b } = await chain(project);
    const preview = await dryRun(admin, project, "PATCH", `/api/projects/${project.id}`, {
      name: "Renamed in a dry run",
      holidays: ["2026-03-04"],
    });
    expect(preview).toEqual({
      moved: [
        { id: a.id, from: span("2026-03-02", "2026-03-04"), to: span("2026-03-02", "2026-03-05"), by: null },
        { id: b.id, from: span("2026-03-05", "2026-03-06"), to: span("2026-03-06", "2026-03-09"), by: a.id },
      ],
      finish: { from: "2026-03-06", to: "2026-03-09" },
    });
    const start = await dryRun(owner, project, "PATCH", `/api/projects/${project.id}`, {
      startDate: "2026-03-09",
      workingDays: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(start.finish).toEqual({ from: "2026-03-06", to: "2026-03-13" });
    expect(start.moved.map((move) => move.id)).toEqual([a.id, b.id]);
  });

  it("answers an empty preview in a project where no task has a duration", async () => {
    const project = await plannedProject();
    const a = await createTask(owner, project.id, { name: "A" });
    const b = await createTask(owner, project.id, { name: "B" });
    const empty = { moved: [], finish: { from: null, to: null } };
    expect(
      await dryRun(editor, project, "POST", "/api/dependencies", { sourceTaskId: a.id, targetTaskId: b.id }),
    ).toEqual(empty);
    expect(
      await dryRun(owner, project, "PATCH", `/api/projects/${project.id}`, { workingDays: [1] }),
    ).toEqual(empty);
  });
});

describe("a dry run refuses what the real write refuses", () => {
  it("a cycle (409 naming its tasks) and a dependency already there (409)", async () => {
    const project = await plannedProject();
    const { a, b } = await chain(project);
    const cycle = await refusedDryRun(
      editor,
      project,
      "POST",
      "/api/dependencies",
      { sourceTaskId: b.id, targetTaskId: a.id, type: "SF", lag: 0 },
      409,
    );
    expect(cycle).toEqual({
      message: 'This dependency would create a cycle: "B" → "A" → "B".',
      code: "dependency_cycle",
    });
    const twice = await refusedDryRun(
      editor,
      project,
      "POST",
      "/api/dependencies",
      { sourceTaskId: a.id, targetTaskId: b.id },
      409,
    );
    expect(twice.code).toBe("dependency_exists");
  });

  it("bad values (400 naming the field)", async () => {
    const project = await plannedProject();
    const { a, b, dependency } = await chain(project);
    const lag = await refusedDryRun(
      editor,
      project,
      "POST",
      "/api/dependencies",
      { sourceTaskId: b.id, targetTaskId: a.id, lag: 1001 },
      400,
    );
    expect(lag).toMatchObject({ code: "invalid_input", field: "lag" });
    const url = `/api/dependencies/${dependency.id}`;
    expect(await refusedDryRun(editor, project, "PUT", url, { lag: 2.5 }, 400)).toMatchObject({
      field: "lag",
    });
    expect(await refusedDryRun(editor, project, "PUT", url, { type: "XX" }, 400)).toMatchObject({
      field: "type",
    });
    expect(
      await refusedDryRun(editor, project, "PUT", `/api/tasks/${a.id}`, { duration: -1 }, 400),
    ).toMatchObject({
      field: "duration",
    });
    const dates = await refusedDryRun(
      editor,
      project,
      "PUT",
      `/api/tasks/${b.id}`,
      { snoozeUntil: "2026-03-20T00:00:00.000Z", dueDate: "2026-03-19T00:00:00.000Z" },
      400,
    );
    expect(dates).toMatchObject({ field: "dueDate" });
    const calendar = `/api/projects/${project.id}`;
    expect(await refusedDryRun(owner, project, "PATCH", calendar, { workingDays: [] }, 400)).toMatchObject({
      field: "workingDays",
    });
  });

  it("a viewer on every dry run (403), an editor on the calendar's (403)", async () => {
    const project = await plannedProject();
    const { a, b, c, dependency } = await chain(project);
    const url = `/api/dependencies/${dependency.id}`;
    const refusals: [Client, "POST" | "PUT" | "PATCH" | "DELETE", string, unknown][] = [
      [viewer, "PUT", `/api/tasks/${a.id}`, { duration: 9 }],
      [viewer, "POST", "/api/dependencies", { sourceTaskId: b.id, targetTaskId: c.id }],
      [viewer, "PUT", url, { lag: 3 }],
      [viewer, "DELETE", url, undefined],
      [viewer, "PATCH", `/api/projects/${project.id}`, { startDate: "2026-03-09" }],
      [editor, "PATCH", `/api/projects/${project.id}`, { startDate: "2026-03-09" }],
    ];
    for (const [client, method, path, payload] of refusals) {
      const refused = await refusedDryRun(client, project, method, path, payload, 403);
      expect(refused.code).toBe("forbidden");
    }
    await refusedDryRun(team.outsider, project, "PUT", url, { lag: 3 }, 404);
  });
});
