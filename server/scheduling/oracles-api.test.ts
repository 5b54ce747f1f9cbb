// The scheduler against other tools' answers, built through the API as a user would: a project, its
// calendar (PATCH), each task with its duration (and start-no-earlier-than), each dependency with
// its type and lag, then the project answer's `schedule` against MS Project's own dates, slack and
// critical flags (MSPDI files it saved) and PSPLIB's critical path lengths (MPM-Time). The samples
// stay in ../shared/plan-samples (their licences forbid copying them in; see its SOURCES.md).
import { readdirSync, readFileSync } from "node:fs";
import { epochDayOf, isoDateOf } from "@core/scheduling/calendar";
import type { ProjectDto } from "@core/schemas/projects";
import {
  mspdiScheduleInput,
  type PlanScheduleInput,
  parseMspdiPlan,
  parsePsplibInstance,
  psplibScheduleInput,
} from "@core/testing/plan-samples";
import { describe, expect, it } from "vitest";
import { type Client, setupClients, setupTestApp } from "../test/test-app";
import { createTask, expectStatus, link, readProject, storedTasks } from "./scheduling-test-helpers";

/** ../shared/plan-samples from the repository's root (this file is two folders below it). */
const SAMPLES = new URL("../../../shared/plan-samples/", import.meta.url);
const readSample = (path: string) => readFileSync(new URL(path, SAMPLES), "utf8");

const testApp = setupTestApp();
const [planner] = setupClients(testApp, 1);

/**
 * The plan made through the API, one request per project, calendar, task and dependency; answers
 * the project answer and the ids the API gave to the plan's task ids.
 */
async function buildThroughApi(client: Client, name: string, input: PlanScheduleInput) {
  const project = await expectStatus<ProjectDto>(client, "POST", "/api/projects", 201, { name });
  await expectStatus(client, "PATCH", `/api/projects/${project.id}`, 200, input.calendar);
  const idOf = new Map<number, number>();
  for (const task of input.tasks) {
    const created = await createTask(client, project.id, {
      name: task.name || `Task ${task.id}`,
      duration: task.duration,
      ...(task.startNoEarlierThan ? { startNoEarlierThan: task.startNoEarlierThan } : {}),
    });
    idOf.set(task.id, created.id);
  }
  for (const dependency of input.dependencies) {
    await link(
      client,
      { id: idOf.get(dependency.sourceTaskId) as number },
      { id: idOf.get(dependency.targetTaskId) as number },
      { type: dependency.type, lag: dependency.lag },
    );
  }
  const detail = await readProject(client, project.id);
  expect(detail.project).toMatchObject(input.calendar);
  const byPlanId = new Map(
    [...idOf].map(([planId, id]) => [planId, detail.tasks.find((task) => task.id === id)]),
  );
  return { detail, idOf, byPlanId };
}

/** Every auto task's stored dates are its schedule's days at midnight UTC. */
async function expectStoredAsScheduled(built: Awaited<ReturnType<typeof buildThroughApi>>) {
  const stored = await storedTasks(testApp, [...built.idOf.values()]);
  for (const task of built.detail.tasks) {
    expect(stored.get(task.id), task.name).toMatchObject({
      startDate: `${task.schedule?.start}T00:00:00.000Z`,
      dueDate: `${task.schedule?.finish}T00:00:00.000Z`,
    });
  }
}

describe.each([
  // Saved by Project 2003, every task auto and ASAP: 8 pairs, every link type, lags 0 to 10 days.
  "mspdi/mpxj-task-links-project2003-mspdi.xml",
  // The same plan from Project 2010, every task also pinned start-no-earlier-than its own start.
  "mspdi/mpxj-task-links-project2010-mspdi.xml",
  // Project 2007: a chain of one FS, SS+1d, FF and SF link.
  "mspdi/mpxj-mspdirelations.xml",
])("MS Project's own schedule of %s, built through the API", (file) => {
  it("gives every task MS Project's start, finish, total float and critical flag, and its finish", async () => {
    const plan = parseMspdiPlan(readSample(file));
    const built = await buildThroughApi(planner, file, mspdiScheduleInput(plan));
    for (const task of plan.tasks) {
      const links = task.links.map(
        (each) => `${each.predecessorUid}${each.type}${each.lag ? `+${each.lag}d` : ""}`,
      );
      expect
        .soft(
          built.byPlanId.get(task.uid)?.schedule,
          `task ${task.uid} (${[task.name, ...links].join(", ")})`,
        )
        .toMatchObject({
          start: task.start,
          finish: task.finish,
          totalFloat: task.totalSlack,
          critical: task.critical,
        });
    }
    expect(plan.finish).not.toBeNull();
    expect(built.detail.schedule.finish).toBe(plan.finish);
    await expectStoredAsScheduled(built);
  });
});

describe("PSPLIB critical path lengths (MPM-Time), built through the API", () => {
  const instances = readdirSync(new URL("psplib/", SAMPLES))
    .filter((file) => file.endsWith(".sm"))
    .sort();

  it("has its instances", () => {
    expect(instances).toEqual(["j1201_1.sm", "j3010_1.sm", "j301_1.sm", "j301_2.sm", "j601_1.sm"]);
  });

  it.each(instances)(
    "%s finishes MPM-Time working days after its start, every day worked",
    async (file) => {
      const instance = parsePsplibInstance(readSample(`psplib/${file}`));
      const start = "2026-01-05";
      const input = psplibScheduleInput(instance, start);
      expect(input.calendar.workingDays).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const built = await buildThroughApi(planner, file, input);
      // The finish boundary is MPM-Time; the last day worked is the day before it.
      expect(built.detail.schedule.finish).toBe(isoDateOf(epochDayOf(start) + instance.mpmTime - 1));
      const source = built.byPlanId.get(instance.jobs[0].job)?.schedule;
      const sink = built.byPlanId.get(instance.jobs[instance.jobs.length - 1].job)?.schedule;
      expect(source).toMatchObject({ start, totalFloat: 0, critical: true });
      expect(sink).toMatchObject({ totalFloat: 0, critical: true });
      expect(built.detail.tasks.every((task) => (task.schedule?.totalFloat ?? -1) >= 0)).toBe(true);
      await expectStoredAsScheduled(built);
    },
    120_000,
  );
});
