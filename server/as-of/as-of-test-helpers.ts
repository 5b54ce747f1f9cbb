// Helpers of the as-of tests: the project answer as a person compares it, and the moment right
// after the newest entry.
import type { ActivityEntryDto } from "@core/schemas/activity";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { expect } from "vitest";
import { type Client, sendJson } from "../test/test-app";

const PROJECT_FIELDS = [
  "name",
  "description",
  "archived",
  "startDate",
  "workingDays",
  "holidays",
  "statusDate",
];

/**
 * What a project answer shows of the plan: the project's fields a write changes, tasks with their
 * schedules, dependencies and the finish. `updatedAt` is left out: the log keeps no write's time
 * of a row, so a rebuilt task cannot say when it was last written.
 */
export function planOf(answer: ProjectDetailDto) {
  return {
    project: Object.fromEntries(PROJECT_FIELDS.map((field) => [field, (answer.project as never)[field]])),
    tasks: answer.tasks.map(({ updatedAt: _updatedAt, ...task }) => task),
    dependencies: answer.dependencies,
    finish: answer.schedule.finish,
  };
}

export async function readPlan(client: Client, projectId: number) {
  const response = await sendJson(client, "GET", `/api/projects/${projectId}`);
  expect(response.statusCode, response.body).toBe(200);
  return planOf(response.json());
}

export async function readPlanAsOf(client: Client, projectId: number, at: string) {
  const response = await sendJson(
    client,
    "GET",
    `/api/projects/${projectId}/as-of?at=${encodeURIComponent(at)}`,
  );
  expect(response.statusCode, `as of ${at}: ${response.body}`).toBe(200);
  return planOf(response.json());
}

/** The time of the project's newest entry (as the log shows it, to the millisecond). */
export async function newestMoment(client: Client, projectId: number): Promise<string> {
  const response = await sendJson(client, "GET", `/api/projects/${projectId}/activity?limit=1`);
  const [entry] = response.json() as ActivityEntryDto[];
  return entry.at;
}

/** Waits past the current millisecond, so the next write's entry is later than any moment read now. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
