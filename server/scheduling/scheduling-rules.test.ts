// The scheduling fields' refusals (400 naming the field), cycles of any type (409), who may set
// what (editors the task and dependency fields, admins and the owner the calendar), and blocking by
// dependency type as My Tasks shows it (section 8).
import type { ProjectDto } from "@core/schemas/projects";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Project, projects } from "../db/schema";
import { createProjectFor } from "../test/factories";
import { type Client, loginAs, sendJson } from "../test/test-app";
import {
  createTask,
  expectStatus,
  link,
  MONDAY,
  planSnapshot,
  setupPlanningTeam,
  updateTask,
} from "./scheduling-test-helpers";

const { testApp, team, plannedProject } = setupPlanningTeam("Ruled");
const { owner, admin, editor, viewer, outsider } = team;

/** Checks a 400 names the field, in its `field` and in its message, and answers the body. */
async function expectRefused(
  client: Client,
  method: "POST" | "PUT" | "PATCH",
  url: string,
  payload: unknown,
  field: string,
) {
  const response = await sendJson(client, method, url, payload);
  expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
  const body = response.json() as { message: string; code: string; field?: string };
  expect(body.code).toBe("invalid_input");
  expect(body.field?.split(".")[0], body.message).toBe(field);
  expect(body.message).toContain(field);
  return body;
}

/** 1,001 different days from 2026-01-01. */
const manyDays = (count: number) =>
  Array.from({ length: count }, (_, day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10));

describe("bad scheduling values: 400 naming the field, nothing saved", () => {
  const taskCases: [string, unknown, string][] = [
    ["a negative duration", { duration: -1 }, "duration"],
    ["a fractional duration", { duration: 1.5 }, "duration"],
    ["a duration over 10,000", { duration: 10_001 }, "duration"],
    ["a duration as text", { duration: "3" }, "duration"],
    ["an unknown schedulingMode", { schedulingMode: "asap" }, "schedulingMode"],
    ["a day that does not exist", { startNoEarlierThan: "2026-02-30" }, "startNoEarlierThan"],
    ["a date not written YYYY-MM-DD", { startNoEarlierThan: "03/01/2026" }, "startNoEarlierThan"],
    ["a date-time as a constraint", { startNoEarlierThan: "2026-03-01T00:00:00Z" }, "startNoEarlierThan"],
  ];

  it.each(taskCases)("refuses a task with %s, on POST and PUT", async (_, payload, field) => {
    const project = await plannedProject();
    await expectRefused(
      editor,
      "POST",
      `/api/projects/${project.id}/tasks`,
      { name: "T", ...(payload as object) },
      field,
    );
    const task = await createTask(editor, project.id, { name: "T", duration: 2 });
    const before = await planSnapshot(testApp, project.id);
    await expectRefused(editor, "PUT", `/api/tasks/${task.id}`, payload, field);
    expect(await planSnapshot(testApp, project.id)).toEqual(before);
  });

  it("accepts the bounds: durations 0 and 10,000, and null clears duration and constraint", async () => {
    const project = await plannedProject();
    const task = await createTask(editor, project.id, {
      name: "T",
      duration: 0,
      startNoEarlierThan: "2026-03-04",
    });
    expect(await updateTask(editor, task.id, { duration: 10_000 })).toMatchObject({ duration: 10_000 });
    const cleared = await updateTask(editor, task.id, { duration: null, startNoEarlierThan: null });
    expect(cleared).toMatchObject({ duration: null, startNoEarlierThan: null });
  });

  const dependencyCases: [string, unknown, string][] = [
    ["an unknown type", { type: "XX" }, "type"],
    ["a type in lower case", { type: "ss" }, "type"],
    ["a lag over 1,000", { lag: 1001 }, "lag"],
    ["a lead over 1,000", { lag: -1001 }, "lag"],
    ["a fractional lag", { lag: 0.5 }, "lag"],
    ["a lag as text", { lag: "2" }, "lag"],
  ];

  it.each(dependencyCases)("refuses a dependency with %s, on POST and PUT", async (_, payload, field) => {
    const project = await plannedProject();
    const a = await createTask(editor, project.id, { name: "A", duration: 1 });
    const b = await createTask(editor, project.id, { name: "B", duration: 1 });
    const c = await createTask(editor, project.id, { name: "C", duration: 1 });
    const pair = { sourceTaskId: b.id, targetTaskId: c.id };
    await expectRefused(editor, "POST", "/api/dependencies", { ...pair, ...(payload as object) }, field);
    const dependency = await link(editor, a, b);
    const before = await planSnapshot(testApp, project.id);
    await expectRefused(editor, "PUT", `/api/dependencies/${dependency.id}`, payload, field);
    expect(await planSnapshot(testApp, project.id)).toEqual(before);
  });

  it("accepts lags of -1,000 and 1,000, and refuses a PUT with neither type nor lag", async () => {
    const project = await plannedProject();
    const a = await createTask(editor, project.id, { name: "A", duration: 1 });
    const b = await createTask(editor, project.id, { name: "B", duration: 1 });
    const dependency = await link(editor, a, b, { lag: -1000 });
    expect(dependency.lag).toBe(-1000);
    const url = `/api/dependencies/${dependency.id}`;
    expect(await expectStatus(editor, "PUT", url, 200, { lag: 1000 })).toMatchObject({ lag: 1000 });
    const empty = await sendJson(editor, "PUT", url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/type|lag/);
  });

  const calendarCases: [string, unknown, string][] = [
    ["no working day", { workingDays: [] }, "workingDays"],
    ["a weekday 0", { workingDays: [0, 1] }, "workingDays"],
    ["a weekday 8", { workingDays: [1, 8] }, "workingDays"],
    ["a weekday twice", { workingDays: [1, 2, 1] }, "workingDays"],
    ["a fractional weekday", { workingDays: [1.5] }, "workingDays"],
    ["working days as text", { workingDays: "12345" }, "workingDays"],
    ["a start that is a word", { startDate: "tomorrow" }, "startDate"],
    ["a start that does not exist", { startDate: "2026-02-30" }, "startDate"],
    ["a holiday that does not exist", { holidays: ["2026-12-25", "2026-02-30"] }, "holidays"],
    ["1,001 holidays", { holidays: manyDays(1001) }, "holidays"],
    ["holidays as one date", { holidays: "2026-12-25" }, "holidays"],
  ];

  it.each(calendarCases)("refuses a calendar with %s, on PATCH and PUT", async (_, payload, field) => {
    const project = await plannedProject();
    const before = await planSnapshot(testApp, project.id);
    await expectRefused(owner, "PATCH", `/api/projects/${project.id}`, payload, field);
    await expectRefused(owner, "PUT", `/api/projects/${project.id}`, payload, field);
    expect(await planSnapshot(testApp, project.id)).toEqual(before);
  });

  it("accepts 1,000 holidays and all seven working days", async () => {
    const project = await plannedProject();
    const holidays = manyDays(1000);
    const saved = await expectStatus<ProjectDto>(owner, "PATCH", `/api/projects/${project.id}`, 200, {
      holidays: [...holidays].reverse(),
      workingDays: [7, 6, 5, 4, 3, 2, 1],
    });
    expect(saved.holidays).toEqual(holidays);
    expect(saved.workingDays).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("cycles stay refused whatever the types", () => {
  it("refuses a dependency closing a cycle of SS, FF and SF links with 409 naming its tasks", async () => {
    const project = await plannedProject();
    const a = await createTask(editor, project.id, { name: "Alpha", duration: 2 });
    const b = await createTask(editor, project.id, { name: "Beta", duration: 2 });
    const c = await createTask(editor, project.id, { name: "Gamma", duration: 2 });
    await link(editor, a, b, { type: "SS", lag: 1 });
    await link(editor, b, c, { type: "FF", lag: -2 });
    const before = await planSnapshot(testApp, project.id);
    for (const type of ["SF", "FS", "SS", "FF"]) {
      const response = await sendJson(editor, "POST", "/api/dependencies", {
        sourceTaskId: c.id,
        targetTaskId: a.id,
        type,
        lag: -5,
      });
      expect(response.statusCode, type).toBe(409);
      expect(response.json()).toEqual({
        message: 'This dependency would create a cycle: "Gamma" → "Alpha" → "Beta" → "Gamma".',
        code: "dependency_cycle",
      });
    }
    expect(await planSnapshot(testApp, project.id)).toEqual(before);
  });
});

describe("who may change what", () => {
  it("lets an editor set a task's scheduling fields and a dependency's type and lag", async () => {
    const project = await plannedProject();
    const a = await createTask(editor, project.id, { name: "A", duration: 2, schedulingMode: "auto" });
    const b = await createTask(editor, project.id, { name: "B" });
    const changed = await updateTask(editor, b.id, {
      duration: 1,
      schedulingMode: "manual",
      startNoEarlierThan: "2026-03-05",
    });
    expect(changed).toMatchObject({
      duration: 1,
      schedulingMode: "manual",
      startNoEarlierThan: "2026-03-05",
    });
    const dependency = await link(editor, a, b, { type: "SF", lag: 4 });
    await expectStatus(editor, "PUT", `/api/dependencies/${dependency.id}`, 200, { type: "FF", lag: -4 });
    await expectStatus(editor, "DELETE", `/api/dependencies/${dependency.id}`, 204);
  });

  it("refuses a viewer the task and dependency fields (403), an outsider finds nothing (404)", async () => {
    const project = await plannedProject();
    const a = await createTask(editor, project.id, { name: "A", duration: 2 });
    const b = await createTask(editor, project.id, { name: "B", duration: 2 });
    const dependency = await link(editor, a, b);
    const before = await planSnapshot(testApp, project.id);
    const url = `/api/dependencies/${dependency.id}`;
    const writes: ["POST" | "PUT" | "DELETE", string, unknown][] = [
      ["PUT", `/api/tasks/${a.id}`, { duration: 5 }],
      ["PUT", `/api/tasks/${a.id}`, { schedulingMode: "manual" }],
      ["PUT", `/api/tasks/${a.id}`, { startNoEarlierThan: "2026-03-10" }],
      ["POST", `/api/projects/${project.id}/tasks`, { name: "C", duration: 1 }],
      ["POST", "/api/dependencies", { sourceTaskId: b.id, targetTaskId: a.id, type: "SS" }],
      ["PUT", url, { type: "SS", lag: 2 }],
      ["DELETE", url, undefined],
    ];
    for (const [method, path, payload] of writes) {
      const response = await sendJson(viewer, method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual({
        message: "You don't have permission to edit this project.",
        code: "forbidden",
      });
    }
    for (const payload of [{ type: "SS" }, { lag: 1 }]) {
      expect((await sendJson(outsider, "PUT", url, payload)).statusCode).toBe(404);
    }
    expect(await planSnapshot(testApp, project.id)).toEqual(before);
  });

  it("lets only the owner and admins change the calendar: an editor or a viewer gets 403", async () => {
    const project = await plannedProject();
    const calendar = { startDate: "2026-03-09", workingDays: [1, 2, 3], holidays: ["2026-03-11"] };
    const stored = async () => {
      const [row] = await testApp.database.db.select().from(projects).where(eq(projects.id, project.id));
      return { startDate: row.startDate, workingDays: row.workingDays, holidays: row.holidays };
    };
    for (const client of [editor, viewer]) {
      for (const method of ["PATCH", "PUT"] as const) {
        for (const body of [calendar, { startDate: "2026-03-09" }, { workingDays: [1] }, { holidays: [] }]) {
          const response = await sendJson(client, method, `/api/projects/${project.id}`, body);
          expect(response.statusCode).toBe(403);
          expect(response.json().code).toBe("forbidden");
          expect(response.json().message).toMatch(/change its schedule settings/);
        }
      }
    }
    expect((await sendJson(outsider, "PATCH", `/api/projects/${project.id}`, calendar)).statusCode).toBe(404);
    expect(await stored()).toEqual({ startDate: MONDAY, workingDays: [1, 2, 3, 4, 5], holidays: [] });
    await expectStatus(admin, "PATCH", `/api/projects/${project.id}`, 200, calendar);
    expect(await stored()).toEqual(calendar);
    await expectStatus(owner, "PUT", `/api/projects/${project.id}`, 200, { workingDays: [4, 5] });
    expect(await stored()).toEqual({ ...calendar, workingDays: [4, 5] });
  });
});

describe("blocking by type, as My Tasks shows it", () => {
  type Group = { project: { id: number }; tasks: { name: string }[] };
  const myTaskNames = async (client: Client, project: Project) => {
    const groups = await expectStatus<Group[]>(client, "GET", "/api/my-tasks", 200);
    return (
      groups
        .find((group) => group.project.id === project.id)
        ?.tasks.map((task) => task.name)
        .sort() ?? []
    );
  };

  it("FS holds back until completed, SS until in progress, FF and SF never", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "Blocking", startDate: MONDAY });
    const prerequisites = new Map<string, { id: number }>();
    for (const type of ["FS", "SS", "FF", "SF"]) {
      const before = await createTask(me, project.id, { name: `${type} first`, duration: 2 });
      const after = await createTask(me, project.id, { name: `${type} then`, duration: 2 });
      await link(me, before, after, { type, lag: type === "SF" ? 1 : 0 });
      prerequisites.set(type, before);
    }
    const firsts = ["FF first", "FS first", "SF first", "SS first"];
    expect(await myTaskNames(me, project)).toEqual([...firsts, "FF then", "SF then"].sort());

    for (const type of ["FS", "SS", "FF", "SF"]) {
      await updateTask(me, (prerequisites.get(type) as { id: number }).id, { status: "in-progress" });
    }
    expect(await myTaskNames(me, project)).toEqual([...firsts, "FF then", "SF then", "SS then"].sort());

    for (const type of ["FS", "SS", "FF", "SF"]) {
      await updateTask(me, (prerequisites.get(type) as { id: number }).id, { status: "completed" });
    }
    expect(await myTaskNames(me, project)).toEqual(["FF then", "FS then", "SF then", "SS then"]);

    // Reopened to not started, the FS and SS prerequisites hold their dependents back again.
    for (const type of ["FS", "SS"]) {
      await updateTask(me, (prerequisites.get(type) as { id: number }).id, { status: "not-started" });
    }
    expect(await myTaskNames(me, project)).toEqual(["FF then", "FS first", "SF then", "SS first"]);
  });
});
