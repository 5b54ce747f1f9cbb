// Constraints and deadlines through every format that carries them (docs/spec/import-export.md,
// "Constraints and deadlines"): MSPDI's codes and date-times, CSV's words and codes, JSON's
// fields; each written, read back and prepared as an import would store it; and what cannot be
// kept dropped with a warning naming the task (a JSON type it does not know refused, naming it).
import type { ConstraintType } from "@core/scheduling/constraints";
import { describe, expect, it } from "vitest";
import { exportedTask } from "../test/exported-plans";
import { readCsv, writeCsv } from "./csv";
import { constraintTypeOf } from "./csv-constraints";
import { type ExportedPlan, ImportError, type ImportedPlan } from "./imported-plan";
import { readJson, writeJson } from "./json-format";
import { readMspdi, writeMspdi } from "./mspdi";
import { preparePlan } from "./store-plan";

/** A Monday-to-Friday plan from Monday 2026-03-02: a task of each type, a deadline on most. */
const TYPES: { type: ConstraintType; date: string | null; deadline: string | null }[] = [
  { type: "ASAP", date: null, deadline: "2026-03-20" },
  { type: "ALAP", date: null, deadline: null },
  { type: "SNET", date: "2026-03-04", deadline: "2026-03-13" },
  { type: "SNLT", date: "2026-03-05", deadline: null },
  { type: "FNET", date: "2026-03-11", deadline: "2026-03-27" },
  { type: "FNLT", date: "2026-03-06", deadline: "2026-03-06" },
  { type: "MSO", date: "2026-03-10", deadline: null },
  { type: "MFO", date: "2026-03-12", deadline: "2026-03-31" },
];

const plan: ExportedPlan = {
  project: { name: "Constrained", slug: "constrained", description: "" },
  calendar: { startDate: "2026-03-02", workingDays: [1, 2, 3, 4, 5], holidays: [] },
  categories: [],
  tasks: [
    // A summary keeps its start-no-earlier-than and its deadline.
    exportedTask(1, {
      name: "Phase",
      order: 0,
      constraintType: "SNET",
      constraintDate: "2026-03-03",
      startNoEarlierThan: "2026-03-03",
      deadline: "2026-04-30",
    }),
    ...TYPES.map(({ type, date, deadline }, index) =>
      exportedTask(10 + index, {
        name: `Task ${type}`,
        parentId: 1,
        order: index,
        duration: 2,
        constraintType: type,
        constraintDate: date,
        startNoEarlierThan: type === "SNET" ? date : null,
        deadline,
      }),
    ),
  ],
  dependencies: [],
};

/** Each task's constraint fields as an import would store them. */
const storedConstraints = (read: ImportedPlan) =>
  preparePlan(read, null).tasks.map((task) => ({
    name: task.name,
    constraintType: task.constraintType,
    constraintDate: task.constraintDate,
    startNoEarlierThan: task.startNoEarlierThan,
    deadline: task.deadline,
  }));

const expected = plan.tasks.map((task) => ({
  name: task.name,
  constraintType: task.constraintType,
  constraintDate: task.constraintDate,
  startNoEarlierThan: task.startNoEarlierThan,
  deadline: task.deadline,
}));

describe("round trips keep all eight types, their dates and the deadlines", () => {
  it("MSPDI", () => {
    const xml = writeMspdi(plan);
    const read = readMspdi(xml);
    expect(read.warnings).toEqual([]);
    expect(storedConstraints(read)).toEqual(expected);
  });

  it("CSV", () => {
    const { plan: read } = readCsv(writeCsv(plan));
    expect(storedConstraints(read)).toEqual(expected);
  });

  it("JSON", () => {
    expect(storedConstraints(readJson(writeJson(plan)))).toEqual(expected);
  });
});

describe("writing", () => {
  it("MSPDI: each type's code, a start type's date at 08:00, a finish type's and a deadline at 17:00, in the schema's order", () => {
    const xml = writeMspdi(plan);
    const row = (name: string) => xml.slice(xml.indexOf(`<Name>${name}</Name>`)).split("</Task>")[0];
    expect(row("Task ASAP")).toContain("<ConstraintType>0</ConstraintType>");
    expect(row("Task ASAP")).not.toContain("<ConstraintDate>");
    expect(row("Task ALAP")).toContain("<ConstraintType>1</ConstraintType>");
    expect(row("Task ALAP")).not.toContain("<ConstraintDate>");
    expect(row("Task MSO")).toMatch(
      /<ConstraintType>2<\/ConstraintType>\s*<ConstraintDate>2026-03-10T08:00:00<\/ConstraintDate>/,
    );
    expect(row("Task MFO")).toMatch(
      /<PercentComplete>0<\/PercentComplete>\s*<ConstraintType>3<\/ConstraintType>\s*<ConstraintDate>2026-03-12T17:00:00<\/ConstraintDate>\s*<Deadline>2026-03-31T17:00:00<\/Deadline>/,
    );
    expect(row("Task SNET")).toContain("<ConstraintType>4</ConstraintType>");
    expect(row("Task SNLT")).toContain("<ConstraintType>5</ConstraintType>");
    expect(row("Task FNET")).toContain("<ConstraintDate>2026-03-11T17:00:00</ConstraintDate>");
    expect(row("Task FNLT")).toContain("<ConstraintType>7</ConstraintType>");
  });

  it("CSV: MS Project's words, then the days", () => {
    const rows = writeCsv(plan).split("\r\n");
    expect(rows[0]).toMatch(/,Constraint Type,Constraint Date,Deadline,% Complete,/);
    expect(rows.find((line) => line.includes("Task FNLT"))).toMatch(
      /,Finish No Later Than,2026-03-06,2026-03-06,0%,,$/,
    );
    expect(rows.find((line) => line.includes("Task ALAP"))).toMatch(/,As Late As Possible,,,0%,,$/);
  });
});

describe("reading MSPDI", () => {
  const file = (rows: string) =>
    `<Project xmlns="http://schemas.microsoft.com/project"><StartDate>2026-03-02T08:00:00</StartDate><Tasks>${rows}</Tasks></Project>`;
  const row = (uid: number, name: string, fields: string, level = 1) =>
    `<Task><UID>${uid}</UID><Name>${name}</Name><OutlineLevel>${level}</OutlineLevel><Duration>PT16H0M0S</Duration>${fields}</Task>`;

  it("reads a finish type or a deadline at the first working hour as the working day before, a start type as its day", () => {
    const read = readMspdi(
      file(
        row(
          1,
          "A",
          "<ConstraintType>7</ConstraintType><ConstraintDate>2026-03-09T08:00:00</ConstraintDate><Deadline>2026-03-16T08:00:00</Deadline>",
        ) +
          row(
            2,
            "B",
            "<ConstraintType>2</ConstraintType><ConstraintDate>2026-03-09T08:00:00</ConstraintDate><Deadline>2026-03-16T17:00:00</Deadline>",
          ) +
          // ProjectLibre writes a date on every ASAP row: it means nothing.
          row(
            3,
            "C",
            "<ConstraintType>0</ConstraintType><ConstraintDate>1970-01-01T01:00:00</ConstraintDate>",
          ),
      ),
    );
    expect(
      read.tasks.map(({ constraintType, constraintDate, deadline }) => [
        constraintType,
        constraintDate,
        deadline,
      ]),
    ).toEqual([
      ["FNLT", "2026-03-06", "2026-03-13"],
      ["MSO", "2026-03-09", "2026-03-16"],
      ["ASAP", null, null],
    ]);
  });

  it("schedules the import by its constraints: MSO on its day, FNET finishing on its day, ALAP at the end", () => {
    const read = readMspdi(
      file(
        row(
          1,
          "Pinned",
          "<ConstraintType>2</ConstraintType><ConstraintDate>2026-03-10T08:00:00</ConstraintDate>",
        ) +
          row(
            2,
            "Late finish",
            "<ConstraintType>6</ConstraintType><ConstraintDate>2026-03-13T17:00:00</ConstraintDate>",
          ) +
          row(3, "Whenever", "<ConstraintType>1</ConstraintType>"),
      ),
    );
    const prepared = preparePlan(read, null);
    expect(prepared.scheduled).toEqual([
      { start: "2026-03-10", finish: "2026-03-11" },
      { start: "2026-03-12", finish: "2026-03-13" },
      // As late as the project's finish (Friday 13th) allows.
      { start: "2026-03-12", finish: "2026-03-13" },
    ]);
  });

  it("drops what it cannot keep with a warning naming the task, never refusing the file", () => {
    const read = readMspdi(
      file(
        row(1, "No date", "<ConstraintType>2</ConstraintType>") +
          row(
            2,
            "No such day",
            "<ConstraintType>5</ConstraintType><ConstraintDate>2026-02-30T08:00:00</ConstraintDate>",
          ) +
          row(
            3,
            "Odd code",
            "<ConstraintType>9</ConstraintType><ConstraintDate>2026-03-04T08:00:00</ConstraintDate>",
          ) +
          row(4, "Bad deadline", "<Deadline>2026-13-01T17:00:00</Deadline>") +
          `<Task><UID>5</UID><Name>Phase</Name><OutlineLevel>1</OutlineLevel><ConstraintType>3</ConstraintType><ConstraintDate>2026-03-06T17:00:00</ConstraintDate></Task>` +
          row(6, "Under", "", 2) +
          `<Task><UID>7</UID><Name>Held</Name><OutlineLevel>1</OutlineLevel><ConstraintType>4</ConstraintType><ConstraintDate>2026-03-09T08:00:00</ConstraintDate></Task>` +
          row(8, "Under too", "", 2),
      ),
    );
    expect(read.warnings).toEqual([
      'Dropped 1 constraints of a ConstraintType MS Project does not have (0 to 7): "Odd code" (9).',
    ]);
    const prepared = preparePlan(read, null);
    expect(
      prepared.tasks.map((task) => [task.name, task.constraintType, task.constraintDate, task.deadline]),
    ).toEqual([
      ["No date", "ASAP", null, null],
      ["No such day", "ASAP", null, null],
      ["Odd code", "ASAP", null, null],
      ["Bad deadline", "ASAP", null, null],
      ["Phase", "ASAP", null, null],
      ["Under", "ASAP", null, null],
      ["Held", "SNET", "2026-03-09", null],
      ["Under too", "ASAP", null, null],
    ]);
    expect(prepared.tasks.find((task) => task.name === "Held")?.startNoEarlierThan).toBe("2026-03-09");
    expect(prepared.warnings).toEqual([
      read.warnings[0],
      'Dropped 1 constraints that give no date: "No date" (must start on).',
      'Dropped 1 constraints whose date is not a day written YYYY-MM-DD: "No such day" (start no later than "2026-02-30").',
      'Dropped 1 constraints of summary tasks, which take only "start no earlier than": "Phase" (must finish on 2026-03-06).',
      'Dropped 1 deadlines that are not a day written YYYY-MM-DD: "Bad deadline" ("2026-13-01").',
    ]);
  });

  it("refuses a constraint date or deadline past year 9999, naming the task and the field", () => {
    expect(() =>
      readMspdi(
        file(
          row(
            1,
            "Far",
            "<ConstraintType>6</ConstraintType><ConstraintDate>10000-01-01T17:00:00</ConstraintDate>",
          ),
        ),
      ),
    ).toThrow(/The task "Far" has the constraintDate 10000-01-01/);
    expect(() => readMspdi(file(row(1, "Far", "<Deadline>10000-01-01T17:00:00</Deadline>")))).toThrow(
      /The task "Far" has the deadline 10000-01-01/,
    );
  });
});

describe("reading CSV", () => {
  it("reads codes and MS Project's words whatever their case", () => {
    expect(
      [
        "",
        "asap",
        "As Late As Possible",
        "SNET",
        "start-no-later-than",
        "FINISH NO EARLIER THAN",
        "fnlt",
        "Must Start On",
        "must_finish_on",
      ].map(constraintTypeOf),
    ).toEqual(["ASAP", "ASAP", "ALAP", "SNET", "SNLT", "FNET", "FNLT", "MSO", "MFO"]);
    expect(constraintTypeOf("Whenever")).toBeNull();
  });

  it("keeps each row's type, date and deadline, and says which it could not read", () => {
    const { plan: read } = readCsv(
      [
        "Name,Start,Finish,Duration,Constraint Type,Constraint Date,Deadline",
        "Pinned,2026-03-02,2026-03-03,2,Must Start On,3/10/2026,2026-03-20",
        "Soon,2026-03-04,2026-03-05,2,As Soon As Possible,NA,NA",
        "Odd,2026-03-04,2026-03-05,2,Whenever,2026-03-10,",
        "Undated,2026-03-04,2026-03-05,2,FNLT,,",
      ].join("\n"),
    );
    expect(read.warnings).toEqual(['Left out constraint types that could not be read: line 4 ("Whenever").']);
    const prepared = preparePlan(read, null);
    // With a Constraint Type column, an ASAP row stays ASAP: its start is not made its SNET.
    expect(
      prepared.tasks.map((task) => [task.name, task.constraintType, task.constraintDate, task.deadline]),
    ).toEqual([
      ["Pinned", "MSO", "2026-03-10", "2026-03-20"],
      ["Soon", "ASAP", null, null],
      ["Odd", "ASAP", null, null],
      ["Undated", "ASAP", null, null],
    ]);
    expect(prepared.warnings).toContain(
      'Dropped 1 constraints that give no date: "Undated" (finish no later than).',
    );
    expect(prepared.scheduled[0]).toEqual({ start: "2026-03-10", finish: "2026-03-11" });
  });
});

describe("reading JSON", () => {
  const backup = (task: Record<string, unknown>) =>
    JSON.stringify({
      format: "visual-project-planner",
      version: 1,
      project: { name: "P" },
      tasks: [
        { id: 1, name: "First" },
        { id: 2, name: "Ancient", duration: 1, ...task },
      ],
    });

  it("refuses a type it does not know, naming the field and the task", () => {
    expect(() => readJson(backup({ constraintType: "SOON" }))).toThrow(ImportError);
    expect(() => readJson(backup({ constraintType: "SOON" }))).toThrow(
      /tasks\.1\.constraintType \(task "Ancient"\): must be one of ASAP, ALAP, SNET, SNLT, FNET, FNLT, MSO, MFO\./,
    );
  });

  it("drops a date that is no day with a warning, and reads a file from before constraints as SNET", () => {
    const prepared = preparePlan(
      readJson(backup({ constraintType: "MFO", constraintDate: "2026-02-30", deadline: "soon" })),
      null,
    );
    expect(prepared.tasks[1]).toMatchObject({ constraintType: "ASAP", constraintDate: null, deadline: null });
    expect(prepared.warnings).toEqual([
      'Dropped 1 constraints whose date is not a day written YYYY-MM-DD: "Ancient" (must finish on "2026-02-30").',
      'Dropped 1 deadlines that are not a day written YYYY-MM-DD: "Ancient" ("soon").',
    ]);
    const older = preparePlan(readJson(backup({ startNoEarlierThan: "2026-03-04" })), null);
    expect(older.tasks[1]).toMatchObject({
      constraintType: "SNET",
      constraintDate: "2026-03-04",
      startNoEarlierThan: "2026-03-04",
    });
  });
});
