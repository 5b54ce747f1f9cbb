// Constraints and deadlines through the API against a real database (docs/spec/import-export.md,
// "Constraints and deadlines"): MS Project's own file with deadlines, a plan of every type
// imported, exported in each format and imported again unchanged, and what cannot be kept
// dropped with a warning (never a 500), or, for a JSON type the planner does not know, refused.
import { readFileSync } from "node:fs";
import type { ConstraintType } from "@core/scheduling/constraints";
import type { ImportAnswerDto } from "@core/schemas/import-export";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import { exportedTask } from "../test/exported-plans";
import { sendImport } from "../test/import-requests";
import { type Client, setupClients, setupTestApp } from "../test/test-app";
import type { ExportedPlan } from "./imported-plan";
import { writeMspdi } from "./mspdi";

const SAMPLES = new URL("../../../shared/plan-samples/mspdi/", import.meta.url);
const sample = (file: string) => readFileSync(new URL(file, SAMPLES), "utf8");

const testApp = setupTestApp();
const [owner] = setupClients(testApp, 1);

async function imported(client: Client, body: string, format: string) {
  const response = await sendImport(client, body, { format });
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json() as ImportAnswerDto & { project: { id: number } };
  const detail = await client.inject({ method: "GET", url: `/api/projects/${answer.project.id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  return { answer, detail: detail.json() as ProjectDetailDto };
}

const byName = (detail: ProjectDetailDto, name: string) => {
  const task = detail.tasks.find((each) => each.name === name);
  if (!task) throw new Error(`no task ${name}`);
  return task;
};

/** Each task's constraint fields, by name. */
const constraintsOf = (detail: ProjectDetailDto) =>
  Object.fromEntries(
    [...detail.tasks]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((task) => [
        task.name,
        [task.constraintType, task.constraintDate, task.startNoEarlierThan, task.deadline],
      ]),
  );

const TYPES: { type: ConstraintType; date: string | null; deadline: string | null }[] = [
  { type: "ASAP", date: null, deadline: "2026-03-20" },
  { type: "ALAP", date: null, deadline: null },
  { type: "SNET", date: "2026-03-04", deadline: null },
  { type: "SNLT", date: "2026-03-05", deadline: null },
  { type: "FNET", date: "2026-03-11", deadline: "2026-03-27" },
  { type: "FNLT", date: "2026-03-03", deadline: null },
  { type: "MSO", date: "2026-03-10", deadline: null },
  { type: "MFO", date: "2026-03-12", deadline: "2026-03-11" },
];

/** A Monday-to-Friday plan from 2026-03-02, a task of each type after a 3-day "Design". */
const plan: ExportedPlan = {
  project: { name: "Constrained", slug: "constrained", description: "" },
  calendar: { startDate: "2026-03-02", workingDays: [1, 2, 3, 4, 5], holidays: [] },
  categories: [],
  tasks: [
    exportedTask(1, { name: "Design", duration: 3, order: 0 }),
    ...TYPES.map(({ type, date, deadline }, index) =>
      exportedTask(10 + index, {
        name: `Task ${type}`,
        order: index + 1,
        duration: 2,
        constraintType: type,
        constraintDate: date,
        startNoEarlierThan: type === "SNET" ? date : null,
        deadline,
      }),
    ),
  ],
  dependencies: TYPES.map((_, index) => ({
    id: index + 1,
    sourceTaskId: 1,
    targetTaskId: 10 + index,
    type: "FS" as const,
    lag: 0,
  })),
};

describe("importing constraints and deadlines", () => {
  it("keeps the deadlines of MPXJ's sample, a finish at 08:00 read as the working day before", async () => {
    const { answer, detail } = await imported(owner, sample("mpxj-legacy-sample1.xml"), "mspdi");
    expect(answer.warnings.join("\n")).not.toMatch(/constraint|deadline/i);
    expect(byName(detail, "Related Task 2a").deadline).toBe("2003-03-13");
    expect(byName(detail, "Related Task 1a").deadline).toBe("2003-03-14");
    // <Deadline>2003-03-18T08:00:00</Deadline>: the end of Monday 17 March.
    expect(byName(detail, "Second Task").deadline).toBe("2003-03-17");
    // Its summary keeps one too.
    expect(byName(detail, "First Task").deadline).toBe("2003-03-17");
    expect(byName(detail, "Related Task 6a")).toMatchObject({
      constraintType: "SNET",
      constraintDate: "2003-01-08",
      startNoEarlierThan: "2003-01-08",
    });
  });

  it("stores every type, schedules by them, and keeps them through each format's export and import", async () => {
    const { answer, detail } = await imported(owner, writeMspdi(plan), "mspdi");
    expect(answer.warnings).toEqual([]);
    const stored = constraintsOf(detail);
    expect(stored).toEqual({
      Design: ["ASAP", null, null, null],
      ...Object.fromEntries(
        TYPES.map(({ type, date, deadline }) => [
          `Task ${type}`,
          [type, date, type === "SNET" ? date : null, deadline],
        ]),
      ),
    });
    // Design works 2 to 4 March. MSO is pinned on its day; FNET finishes on its day; FNLT is
    // where its link puts it, its float negative; MFO finishes on its day, past its deadline.
    expect(byName(detail, "Task MSO").schedule).toMatchObject({ start: "2026-03-10", finish: "2026-03-11" });
    expect(byName(detail, "Task FNET").schedule).toMatchObject({ start: "2026-03-10", finish: "2026-03-11" });
    expect(byName(detail, "Task FNLT").schedule).toMatchObject({ start: "2026-03-05", finish: "2026-03-06" });
    expect(byName(detail, "Task FNLT").schedule?.totalFloat).toBeLessThan(0);
    expect(byName(detail, "Task MFO").schedule).toMatchObject({
      start: "2026-03-11",
      finish: "2026-03-12",
      conflict: true,
    });

    for (const format of ["mspdi", "csv", "json"]) {
      const file = await owner.inject({
        method: "GET",
        url: `/api/projects/${answer.project.id}/export?format=${format}`,
      });
      expect(file.statusCode, file.body).toBe(200);
      const again = await imported(owner, file.body, format);
      expect(constraintsOf(again.detail), format).toEqual(stored);
    }
  });

  it("drops what it cannot keep with a warning naming the task, and stores the rest", async () => {
    const row = (uid: number, name: string, level: number, fields: string) =>
      `<Task><UID>${uid}</UID><Name>${name}</Name><OutlineLevel>${level}</OutlineLevel>${fields}</Task>`;
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><StartDate>2026-03-02T08:00:00</StartDate><Tasks>${[
      row(
        1,
        "Phase",
        1,
        "<ConstraintType>7</ConstraintType><ConstraintDate>2026-03-06T17:00:00</ConstraintDate>",
      ),
      row(2, "Undated", 2, "<Duration>PT8H0M0S</Duration><ConstraintType>2</ConstraintType>"),
      row(
        3,
        "Unreal",
        2,
        "<Duration>PT8H0M0S</Duration><ConstraintType>6</ConstraintType><ConstraintDate>2026-02-30T17:00:00</ConstraintDate><Deadline>2026-04-31T17:00:00</Deadline>",
      ),
    ].join("")}</Tasks></Project>`;
    const { answer, detail } = await imported(owner, xml, "mspdi");
    expect(answer.warnings).toEqual([
      'Dropped 1 constraints that give no date: "Undated" (must start on).',
      'Dropped 1 constraints whose date is not a day written YYYY-MM-DD: "Unreal" (finish no earlier than "2026-02-30").',
      'Dropped 1 constraints of summary tasks, which take only "start no earlier than": "Phase" (finish no later than 2026-03-06).',
      'Dropped 1 deadlines that are not a day written YYYY-MM-DD: "Unreal" ("2026-04-31").',
    ]);
    expect(constraintsOf(detail)).toEqual({
      Phase: ["ASAP", null, null, null],
      Undated: ["ASAP", null, null, null],
      Unreal: ["ASAP", null, null, null],
    });
  });

  it("refuses a JSON constraint type it does not know with 400 naming the field and the task", async () => {
    const before = await owner.inject({ method: "GET", url: "/api/projects" });
    const response = await sendImport(
      owner,
      JSON.stringify({
        format: "visual-project-planner",
        version: 1,
        project: { name: "Bad" },
        tasks: [{ id: 1, name: "Pour", duration: 1, constraintType: "Must start on" }],
      }),
      { format: "json" },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/tasks\.0\.constraintType \(task "Pour"\): must be one of ASAP/);
    const after = await owner.inject({ method: "GET", url: "/api/projects" });
    expect(after.body).toBe(before.body);
  });
});
