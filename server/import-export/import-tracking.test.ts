// Tracking through the API against a real database (docs/spec/import-export.md, "Tracking"): MS
// Project's own file of baselines gives baselines equal to its <Baseline> values to the day, and
// every sample's progress and actuals are the file's; a plan with progress, actual dates, a status
// date and baselines keeps them through MSPDI, CSV and JSON export and import; what cannot be kept
// is dropped with a warning naming the task.
import { readdirSync, readFileSync } from "node:fs";
import type { ImportAnswerDto } from "@core/schemas/import-export";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { baselines, baselineTasks, tasks } from "../db/schema";
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

/** A project's baselines as stored: name, finish, and each task's row by the task's name. */
async function storedBaselines(detail: ProjectDetailDto) {
  const nameOf = new Map(detail.tasks.map((task) => [task.id, task.name]));
  const rows = await testApp.database.db
    .select({
      id: baselines.id,
      name: baselines.name,
      finish: baselines.finish,
      savedBy: baselines.savedBy,
      taskId: baselineTasks.taskId,
      start: baselineTasks.start,
      taskFinish: baselineTasks.finish,
      duration: baselineTasks.duration,
    })
    .from(baselines)
    .leftJoin(baselineTasks, eq(baselineTasks.baselineId, baselines.id))
    .where(eq(baselines.projectId, detail.project.id))
    .orderBy(asc(baselines.id), asc(baselineTasks.taskId));
  const byId = new Map<
    number,
    {
      name: string;
      finish: string | null;
      tasks: Record<string, [string | null, string | null, number | null]>;
    }
  >();
  for (const row of rows) {
    const baseline = byId.get(row.id) ?? { name: row.name, finish: row.finish, tasks: {} };
    byId.set(row.id, baseline);
    if (row.taskId !== null)
      baseline.tasks[nameOf.get(row.taskId) ?? `#${row.taskId}`] = [row.start, row.taskFinish, row.duration];
  }
  return [...byId.values()];
}

/** Each task's progress, by name. */
const progressOf = (detail: ProjectDetailDto) =>
  Object.fromEntries(
    [...detail.tasks]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((task) => [
        task.name,
        [task.percentComplete, task.completed, task.actualStart, task.actualFinish],
      ]),
  );

/** The leaf rows of an MSPDI file: name, PercentComplete and the days of ActualStart and ActualFinish. */
function fileProgress(xml: string) {
  const rows = [...xml.matchAll(/<Task>([\s\S]*?)<\/Task>/g)].map(([, body]) => {
    const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1] ?? null;
    return { body, field, level: Number(field("OutlineLevel") ?? 1) };
  });
  return rows
    .filter(({ field }, index) => {
      if (field("UID") === "0" || field("IsNull") === "1") return false;
      // A summary is a row the next one is deeper than; its progress rolls up.
      const next = rows.slice(index + 1).find((row) => row.field("IsNull") !== "1");
      return !next || next.level <= rows[index].level;
    })
    .filter(({ level }) => level > 0)
    .map(({ field }) => [
      field("Name") ?? "",
      Number(field("PercentComplete") ?? 0),
      field("ActualStart")?.slice(0, 10) ?? null,
      field("ActualFinish")?.slice(0, 10) ?? null,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a).localeCompare(String(b)));
}

describe("importing MS Project's tracking", () => {
  it("gives MPXJ's baselines sample its 11 baselines, each task's start and finish the file's to the day", async () => {
    const xml = sample("mpxj-task-baselines-project2019-mspdi.xml");
    const { answer, detail } = await imported(owner, xml, "mspdi");
    expect(answer.warnings.join("\n")).not.toMatch(/Baselines are not imported/);
    const stored = await storedBaselines(detail);
    expect(stored.map((baseline) => baseline.name)).toEqual([
      "Baseline",
      ...Array.from({ length: 10 }, (_, index) => `Baseline ${index + 1}`),
    ]);
    // Every <Baseline> with a Start, Finish or Duration, as the file writes it.
    let checked = 0;
    for (const [, body] of xml.matchAll(/<Task>([\s\S]*?)<\/Task>/g)) {
      const name = /<Name>([^<]*)<\/Name>/.exec(body)?.[1] ?? "";
      for (const [, element] of body.matchAll(/<Baseline>([\s\S]*?)<\/Baseline>/g)) {
        const value = (field: string) =>
          new RegExp(`<${field}>([^<]*)</${field}>`).exec(element)?.[1] ?? null;
        const number = Number(value("Number"));
        const hours =
          value("Duration") === null ? null : Number(/PT(\d+)H/.exec(value("Duration") ?? "")?.[1]);
        if (value("Start") === null && value("Finish") === null && hours === null) continue;
        const row = stored[number].tasks[name];
        expect(row, `${name} baseline ${number}`).toEqual([
          value("Start")?.slice(0, 10) ?? null,
          value("Finish")?.slice(0, 10) ?? null,
          hours === null ? null : Math.ceil(hours / 8),
        ]);
        checked++;
      }
    }
    expect(checked).toBe(66);
    expect(stored[0].tasks["Baseline Duration - Task"]).toEqual([null, null, 11]);
    // A baseline's own finish, with none on the project row: its tasks' latest.
    expect(stored[10].finish).toBe("2014-03-10");
  });

  it("gives every sample's tasks the file's percent complete and actual dates", async () => {
    const files = readdirSync(SAMPLES).filter((file) => file.endsWith(".xml"));
    expect(files.length).toBeGreaterThanOrEqual(10);
    // No sample records progress (every PercentComplete is 0): one of them is given some, as MS
    // Project writes it, Task 1 done on its own days and Task 2 half done.
    const relations = sample("mpxj-mspdirelations.xml");
    const tracked = relations.replace(/<Task>[\s\S]*?<\/Task>/g, (row) => {
      const dates = /<Start>([^<]*)<\/Start>\s*<Finish>([^<]*)<\/Finish>/.exec(row);
      if (!dates) return row;
      if (row.includes("<Name>Task 1</Name>"))
        return row.replace(
          "<PercentComplete>0</PercentComplete>",
          `<PercentComplete>100</PercentComplete><ActualStart>${dates[1]}</ActualStart><ActualFinish>${dates[2]}</ActualFinish>`,
        );
      if (row.includes("<Name>Task 2</Name>"))
        return row.replace(
          "<PercentComplete>0</PercentComplete>",
          `<PercentComplete>50</PercentComplete><ActualStart>${dates[1]}</ActualStart>`,
        );
      return row;
    });
    expect(fileProgress(tracked)).toContainEqual(["Task 1", 100, "2006-09-21", "2006-09-21"]);
    expect(fileProgress(tracked)).toContainEqual(["Task 2", 50, "2006-09-22", null]);
    for (const [file, xml] of [
      ...files.map((each) => [each, sample(each)]),
      ["tracked relations", tracked],
    ]) {
      const { detail } = await imported(owner, xml, "mspdi");
      const parents = new Set(detail.tasks.map((task) => task.parentId));
      const leaves = detail.tasks
        .filter((task) => !parents.has(task.id))
        .map((task) => [task.name, task.percentComplete, task.actualStart, task.actualFinish])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a).localeCompare(String(b)));
      expect(leaves, file).toEqual(fileProgress(xml));
    }
  });

  it("stores progress, actuals and the status date, and drops what it cannot keep with a warning naming the task", async () => {
    const row = (uid: number, name: string, level: number, fields: string) =>
      `<Task><UID>${uid}</UID><Name>${name}</Name><OutlineLevel>${level}</OutlineLevel>${fields}</Task>`;
    const day = "<Duration>PT16H0M0S</Duration>";
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><StartDate>2026-03-02T08:00:00</StartDate><StatusDate>2026-03-11T17:00:00</StatusDate><Tasks>${[
      row(
        1,
        "Phase",
        1,
        "<PercentComplete>40</PercentComplete><ActualStart>2026-03-02T08:00:00</ActualStart>",
      ),
      row(
        2,
        "Done",
        2,
        `${day}<PercentComplete>100</PercentComplete><ActualStart>2026-03-02T08:00:00</ActualStart><ActualFinish>2026-03-04T17:00:00</ActualFinish>`,
      ),
      row(
        3,
        "Half",
        2,
        `${day}<PercentComplete>50</PercentComplete><ActualStart>2026-03-05T08:00:00</ActualStart>`,
      ),
      row(4, "Over", 2, `${day}<PercentComplete>150</PercentComplete>`),
      row(
        5,
        "Backwards",
        2,
        `${day}<PercentComplete>100</PercentComplete><ActualStart>2026-03-06T08:00:00</ActualStart><ActualFinish>2026-03-03T17:00:00</ActualFinish>`,
      ),
      // A finish at the day's first hour is the end of the working day before (Friday).
      row(6, "Finish only", 1, `${day}<ActualFinish>2026-03-09T08:00:00</ActualFinish>`),
    ].join("")}</Tasks></Project>`;
    const { answer, detail } = await imported(owner, xml, "mspdi");
    expect(answer.warnings).toEqual([
      'Kept 1 percents complete within 0 to 100: "Over" (150 %).',
      'Dropped 1 actual finishes before their task\'s actual start: "Backwards" (started 2026-03-06, finished 2026-03-03).',
    ]);
    expect(detail.project.statusDate).toBe("2026-03-11");
    // A summary's progress and actuals roll up from its leaves: none of its own is stored.
    const phase = detail.tasks.find((task) => task.name === "Phase");
    const [summaryRow] = await testApp.database.db
      .select({ percent: tasks.percentComplete, start: tasks.actualStart, finish: tasks.actualFinish })
      .from(tasks)
      .where(eq(tasks.id, phase?.id ?? 0));
    expect(summaryRow).toEqual({ percent: 0, start: null, finish: null });
    expect(progressOf(detail)).toMatchObject({
      Done: [100, true, "2026-03-02", "2026-03-04"],
      Half: [50, false, "2026-03-05", null],
      "Finish only": [100, true, "2026-03-06", "2026-03-06"],
    });
    // Completed with no actual dates: its scheduled ones, which it keeps.
    const over = detail.tasks.find((task) => task.name === "Over");
    expect(over).toMatchObject({ percentComplete: 100, completed: true });
    expect([over?.actualStart, over?.actualFinish]).toEqual([over?.schedule?.start, over?.schedule?.finish]);
    const backwards = detail.tasks.find((task) => task.name === "Backwards");
    expect(backwards).toMatchObject({ percentComplete: 100, completed: true, actualStart: "2026-03-06" });
    expect(backwards?.actualFinish).not.toBe("2026-03-03");
    expect((backwards?.actualFinish ?? "") >= "2026-03-06").toBe(true);
  });
});

describe("refusing tracking dates no plan can hold", () => {
  it("refuses a status date or an actual date past year 9999 with 400 naming it", async () => {
    const project = (fields: string, task = "") =>
      `<Project xmlns="http://schemas.microsoft.com/project"><StartDate>2026-03-02T08:00:00</StartDate>${fields}<Tasks><Task><UID>1</UID><Name>Pour</Name><Duration>PT8H0M0S</Duration>${task}</Task></Tasks></Project>`;
    const late = await sendImport(owner, project("<StatusDate>10000-01-01T17:00:00</StatusDate>"), {
      format: "mspdi",
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/The project's status date is 10000-01-01/);
    const started = await sendImport(owner, project("", "<ActualStart>10000-01-01T08:00:00</ActualStart>"), {
      format: "mspdi",
    });
    expect(started.statusCode).toBe(400);
    expect(started.json().message).toMatch(/"Pour" has the actualStart 10000-01-01/);
  });
});

/** A Monday-to-Friday plan from 2026-03-02 with progress, a status date and two baselines. */
const plan: ExportedPlan = {
  project: { name: "Tracked", slug: "tracked", description: "", statusDate: "2026-03-10" },
  calendar: { startDate: "2026-03-02", workingDays: [1, 2, 3, 4, 5], holidays: [] },
  categories: [],
  tasks: [
    exportedTask(1, {
      name: "Design",
      duration: 3,
      order: 0,
      completed: true,
      status: "completed",
      percentComplete: 100,
      actualStart: "2026-03-02",
      actualFinish: "2026-03-05",
    }),
    exportedTask(2, {
      name: "Build",
      duration: 4,
      order: 1,
      status: "in-progress",
      percentComplete: 25,
      actualStart: "2026-03-06",
    }),
    exportedTask(3, { name: "Ship", duration: 0, order: 2 }),
  ],
  dependencies: [
    { id: 1, sourceTaskId: 1, targetTaskId: 2, type: "FS", lag: 0 },
    { id: 2, sourceTaskId: 2, targetTaskId: 3, type: "FS", lag: 0 },
  ],
  baselines: [
    {
      name: "Baseline",
      finish: "2026-03-10",
      tasks: [
        { taskId: 1, start: "2026-03-02", finish: "2026-03-04", duration: 3 },
        { taskId: 2, start: "2026-03-05", finish: "2026-03-10", duration: 4 },
        { taskId: 3, start: "2026-03-10", finish: "2026-03-10", duration: 0 },
      ],
    },
    {
      name: "Baseline 1",
      finish: "2026-03-12",
      tasks: [{ taskId: 2, start: "2026-03-06", finish: "2026-03-12", duration: 5 }],
    },
  ],
};

const EXPECTED_BASELINES = [
  {
    name: "Baseline",
    finish: "2026-03-10",
    tasks: {
      Design: ["2026-03-02", "2026-03-04", 3],
      Build: ["2026-03-05", "2026-03-10", 4],
      Ship: ["2026-03-10", "2026-03-10", 0],
    },
  },
  { name: "Baseline 1", finish: "2026-03-12", tasks: { Build: ["2026-03-06", "2026-03-12", 5] } },
];

describe("tracking through each format", () => {
  it("keeps progress, actuals, the status date and the baselines through MSPDI, CSV and JSON", async () => {
    const { answer, detail } = await imported(owner, writeMspdi(plan), "mspdi");
    expect(answer.warnings).toEqual([]);
    const progress = progressOf(detail);
    expect(progress).toEqual({
      Build: [25, false, "2026-03-06", null],
      Design: [100, true, "2026-03-02", "2026-03-05"],
      Ship: [0, false, null, null],
    });
    expect(detail.project.statusDate).toBe("2026-03-10");
    expect(await storedBaselines(detail)).toEqual(EXPECTED_BASELINES);

    for (const format of ["mspdi", "csv", "json"]) {
      const file = await owner.inject({
        method: "GET",
        url: `/api/projects/${detail.project.id}/export?format=${format}`,
      });
      expect(file.statusCode, file.body).toBe(200);
      const again = await imported(owner, file.body, format);
      expect(progressOf(again.detail), format).toEqual(progress);
      // CSV is a task list: no status date, no baselines.
      if (format === "csv") continue;
      expect(again.detail.project.statusDate, format).toBe("2026-03-10");
      expect(await storedBaselines(again.detail), format).toEqual(EXPECTED_BASELINES);
    }
  });

  it("writes MSPDI's tracking fields in MS Project's schema order", () => {
    const xml = writeMspdi(plan);
    const design = /<Task>\s*<UID>1<\/UID>[\s\S]*?<\/Task>/.exec(xml)?.[0] ?? "";
    expect(design).toMatch(
      /<Summary>0<\/Summary>\s*<PercentComplete>100<\/PercentComplete>\s*<ActualStart>2026-03-02T08:00:00<\/ActualStart>\s*<ActualFinish>2026-03-05T17:00:00<\/ActualFinish>\s*<ConstraintType>/,
    );
    expect(design).toMatch(
      /<Baseline>\s*<Number>0<\/Number>\s*<Start>2026-03-02T08:00:00<\/Start>\s*<Finish>2026-03-04T17:00:00<\/Finish>\s*<Duration>PT24H0M0S<\/Duration>\s*<\/Baseline>\s*<\/Task>/,
    );
    expect(xml).toMatch(/<WeekStartDay>1<\/WeekStartDay>\s*<StatusDate>2026-03-10T17:00:00<\/StatusDate>/);
    // The project row carries each baseline's finish.
    expect(xml).toMatch(
      /<UID>0<\/UID>[\s\S]*?<Baseline>\s*<Number>0<\/Number>\s*<Finish>2026-03-10T17:00:00<\/Finish>/,
    );
  });

  it("keeps a JSON baseline's own name, at most 11 baselines, and clamps a percent with a warning", async () => {
    const file = {
      format: "visual-project-planner",
      version: 1,
      project: { name: "Backup", statusDate: "2026-03-09" },
      calendar: { startDate: "2026-03-02" },
      tasks: [
        { id: 1, name: "Pour", duration: 2, percentComplete: -5 },
        { id: 2, name: "Cure", duration: 2, percentComplete: 60, actualStart: "2026-03-04" },
      ],
      baselines: Array.from({ length: 13 }, (_, index) => ({
        name: index === 0 ? "Before the delay" : `Plan ${index}`,
        finish: "2026-03-05",
        tasks: [
          { taskId: 1, start: "2026-03-02", finish: "2026-03-03", duration: 2 },
          { taskId: 99, start: "2026-03-02", finish: "2026-03-03", duration: 2 },
        ],
      })),
    };
    const { answer, detail } = await imported(owner, JSON.stringify(file), "json");
    expect(answer.warnings).toEqual([
      'Kept 1 percents complete within 0 to 100: "Pour" (-5 %).',
      'Kept the first 11 of the file\'s 13 baselines; dropped "Plan 11", "Plan 12".',
      "Left out 11 baseline rows naming a task the file does not hold.",
    ]);
    expect(progressOf(detail)).toEqual({
      Cure: [60, false, "2026-03-04", null],
      Pour: [0, false, null, null],
    });
    const stored = await storedBaselines(detail);
    expect(stored).toHaveLength(11);
    expect(stored[0]).toEqual({
      name: "Before the delay",
      finish: "2026-03-05",
      tasks: { Pour: ["2026-03-02", "2026-03-03", 2] },
    });
  });

  it("reads CSV's % Complete with or without its sign, and the actual dates", async () => {
    const csv = [
      "Name,Duration,% Complete,Actual Start,Actual Finish",
      "Dig,2,50%,2026-03-02,",
      "Fill,2,50,2026-03-04,NA",
      "Level,1,100%,2026-03-05,2026-03-05",
      "Plant,1,lots,,",
    ].join("\r\n");
    const { answer, detail } = await imported(owner, csv, "csv");
    expect(answer.warnings).toEqual(['Left out percents complete that could not be read: line 5 ("lots").']);
    expect(progressOf(detail)).toEqual({
      Dig: [50, false, "2026-03-02", null],
      Fill: [50, false, "2026-03-04", null],
      Level: [100, true, "2026-03-05", "2026-03-05"],
      Plant: [0, false, null, null],
    });
    expect(detail.tasks.find((task) => task.name === "Dig")?.status).toBe("in-progress");
  });
});
