// Helpers of the scheduling API tests (scheduling-*.test.ts, oracles-api.test.ts): requests that
// must succeed, the project answer's tasks by id and what the database holds of a task's dates.
import type {
  DependencyDto,
  ProjectDetailDto,
  ProjectDto,
  ScheduledTaskDto,
  TaskDto,
} from "@core/schemas/projects";
import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { dependencies, projects, tasks } from "../db/schema";
import { createSharedProject } from "../test/factories";
import { type Client, sendJson, setupTeam, setupTestApp, type Team, type TestApp } from "../test/test-app";

/** A Monday: working days 0..4 are 2026-03-02..06, 5..9 are 03-09..13, 10..14 are 03-16..20. */
export const MONDAY = "2026-03-02";

/** A project of the team, its members in their roles, starting on MONDAY (Monday to Friday, no holidays). */
export const createPlannedProject = (testApp: TestApp, team: Team, name = "Planned") =>
  createSharedProject(
    testApp,
    team.owner.user,
    { admin: team.admin.user, editor: team.editor.user, viewer: team.viewer.user },
    { name, startDate: MONDAY },
  );

/**
 * A scheduling test file's app and team (setupTestApp and setupTeam, registered where this is
 * called), and `plannedProject`, which makes a createPlannedProject of theirs named `name`.
 */
export function setupPlanningTeam(name?: string) {
  const testApp = setupTestApp();
  const team = setupTeam(testApp);
  return { testApp, team, plannedProject: () => createPlannedProject(testApp, team, name) };
}

/** Midnight UTC of a day, as an auto task's stored dates read. */
export const midnight = (day: string) => `${day}T00:00:00.000Z`;

/** Sends a JSON request and checks its status; answers the body (undefined for a 204). */
export async function expectStatus<T>(
  client: Pick<Client, "inject">,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  status: number,
  payload?: unknown,
): Promise<T> {
  const response = await sendJson(client, method, url, payload);
  expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

export const createTask = (client: Client, projectId: number, body: Record<string, unknown>) =>
  expectStatus<TaskDto>(client, "POST", `/api/projects/${projectId}/tasks`, 201, body);

export const updateTask = (client: Client, taskId: number, body: Record<string, unknown>) =>
  expectStatus<TaskDto>(client, "PUT", `/api/tasks/${taskId}`, 200, body);

export const link = (
  client: Client,
  source: { id: number },
  target: { id: number },
  extra: { type?: string; lag?: number } = {},
) =>
  expectStatus<DependencyDto>(client, "POST", "/api/dependencies", 201, {
    sourceTaskId: source.id,
    targetTaskId: target.id,
    ...extra,
  });

/** Changes a project's fields (its calendar, say) as the client, which must be let. */
export const patchProject = (client: Client, projectId: number, body: Record<string, unknown>) =>
  expectStatus<ProjectDto>(client, "PATCH", `/api/projects/${projectId}`, 200, body);

export const readProject = (client: Client, projectId: number) =>
  expectStatus<ProjectDetailDto>(client, "GET", `/api/projects/${projectId}`, 200);

/** The project answer's tasks by id. */
export async function scheduledTasks(client: Client, projectId: number) {
  const detail = await readProject(client, projectId);
  return new Map<number, ScheduledTaskDto>(detail.tasks.map((task) => [task.id, task]));
}

/** The schedule's start and finish of each task, by id ("start..finish", or null). */
export async function spans(client: Client, projectId: number) {
  const byId = await scheduledTasks(client, projectId);
  return new Map(
    [...byId].map(([id, task]) => [
      id,
      task.schedule ? `${task.schedule.start}..${task.schedule.finish}` : null,
    ]),
  );
}

/** What the database holds of these tasks: their scheduling fields and dates as ISO strings. */
export async function storedTasks(testApp: TestApp, ids: number[]) {
  const rows = await testApp.database.db.select().from(tasks).where(inArray(tasks.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        startDate: row.startDate?.toISOString() ?? null,
        dueDate: row.dueDate?.toISOString() ?? null,
        duration: row.duration,
        schedulingMode: row.schedulingMode,
        startNoEarlierThan: row.startNoEarlierThan,
        updatedAt: row.updatedAt.toISOString(),
      },
    ]),
  );
}

/** A task's stored dates as "start..finish" of ISO strings' days, checking they are midnight UTC. */
export async function storedSpan(testApp: TestApp, id: number): Promise<string> {
  const row = (await storedTasks(testApp, [id])).get(id);
  if (!row?.startDate || !row.dueDate) return `${row?.startDate ?? null}..${row?.dueDate ?? null}`;
  expect(row.startDate.endsWith("T00:00:00.000Z") && row.dueDate.endsWith("T00:00:00.000Z")).toBe(true);
  return `${row.startDate.slice(0, 10)}..${row.dueDate.slice(0, 10)}`;
}

/** Everything the database holds of a project's plan: for checking that a dry run changed nothing. */
export async function planSnapshot(testApp: TestApp, projectId: number) {
  const { db } = testApp.database;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const taskRows = await db.select().from(tasks).where(eq(tasks.projectId, projectId)).orderBy(tasks.id);
  const dependencyRows = await db
    .select()
    .from(dependencies)
    .where(eq(dependencies.projectId, projectId))
    .orderBy(dependencies.id);
  return { project, tasks: taskRows, dependencies: dependencyRows };
}
