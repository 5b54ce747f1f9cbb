import { readFileSync } from "node:fs";
import { IMPORT_DEPENDENCIES_MAX, IMPORT_TASKS_MAX } from "@core/schemas/import-export";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { exportedTask } from "../test/exported-plans";
import { readCsv, writeCsv } from "./csv";
import { dayOf, durationOf, predecessorOf } from "./csv-values";
import { type ExportedPlan, ImportError, type ImportedPlan } from "./imported-plan";

const SAMPLES = new URL("../../../shared/plan-samples/tasklists/", import.meta.url);
const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");

const links = (plan: ImportedPlan) =>
  plan.dependencies.map((link) => `${link.sourceKey}>${link.targetKey} ${link.type}${link.lag}`);
const categoryOf = (plan: ImportedPlan, key: string | null) =>
  plan.categories.find((category) => category.key === key)?.name ?? null;

function refusal(action: () => unknown): ImportError {
  try {
    action();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error("no ImportError");
}

describe("readCsv on other tools' exports", () => {
  it("reads Plane's CSV (Linear's fixture): 9 tasks, states, projects as categories", () => {
    const { plan, mapping } = readCsv(sample("linear-planecsv-sample.csv"));
    expect(mapping).toMatchObject({
      name: "Name",
      id: "Identifier",
      status: "State Name",
      start: "Start Date",
      finish: "Target Date",
      assignee: "Assignees",
    });
    expect(plan.tasks.map((task) => task.key)).toEqual([
      "TEST-1",
      "TEST-2",
      "TEST-3",
      "TEST-4",
      "ANT-1",
      "TEST-5",
      "TEST-6",
      "TEST-7",
      "TEST-8",
    ]);
    expect(plan.tasks.map((task) => task.status)).toEqual([
      "not-started",
      "in-progress",
      "completed",
      "not-started",
      "not-started",
      "completed",
      "completed",
      "in-progress",
      "not-started",
    ]);
    // TEST-7's Parent is TEST-2: it goes under it, and TEST-2's dates roll up from it.
    expect(plan.tasks.map((task) => task.parentKey)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      "TEST-2",
      null,
    ]);
    expect(plan.tasks[1]).toMatchObject({ startDate: null, dueDate: null, completed: false });
    expect(plan.tasks[7]).toMatchObject({ startDate: "2024-01-03", dueDate: "2024-01-10" });
    // Completed At is when it was done, not the time of the import.
    expect(plan.tasks[2]).toMatchObject({ completed: true, completedAt: "2024-01-03T15:00:00Z" });
    // Cancelled: closed, so read as completed, and said so.
    expect(plan.tasks[6]).toMatchObject({ name: "Cancelled feature request", completed: true });
    expect(plan.categories.map((category) => category.name)).toEqual(["Test Project", "Another Project"]);
    expect(categoryOf(plan, plan.tasks[4].categoryKey)).toBe("Another Project");
    // TEST-7 is blocked by TEST-2 (its Relations): the link is read, and no other (a Parent is not
    // a link); as it joins TEST-7 to its own summary, preparePlan leaves it out and says so.
    expect(plan.dependencies).toEqual([{ sourceKey: "TEST-2", targetKey: "TEST-7", type: "FS", lag: 0 }]);
    expect(plan.warnings).toContainEqual(
      'Read the statuses "Cancelled" (1 row) as completed: the planner has no cancelled status.',
    );
    expect(plan.warnings).toContainEqual(expect.stringContaining("assignees of 5 tasks"));
  });

  it("reads TickTick's backup: byte-order mark, three preamble records, its status legend", () => {
    const text = sample("vikunja-ticktick-export.csv");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const { plan, columns, mapping } = readCsv(text);
    expect(columns[0]).toBe("Folder Name");
    expect(columns).toHaveLength(24);
    expect(mapping).toMatchObject({
      name: "Title",
      description: "Content",
      id: "taskId",
      category: "List Name",
    });
    expect(plan.tasks).toHaveLength(11);
    expect(plan.warnings).toContainEqual("Skipped 3 rows before the header on line 7.");
    // Status 2 is "Archived" in the file's legend: TickTick's completed tasks.
    expect(plan.tasks.filter((task) => task.completed).map((task) => task.name)).toEqual([
      "Long task description example",
      "Completed task example",
    ]);
    expect(plan.categories.map((category) => category.name)).toEqual(["Project Alpha", "Shopping", "Inbox"]);
    // Its parentId column: the two subtasks go under task 2, whose dates roll up from them.
    expect(
      plan.tasks.filter((task) => task.parentKey !== null).map((task) => [task.name, task.parentKey]),
    ).toEqual([
      ["Subtask example", "2"],
      ["Another subtask", "2"],
    ]);
    expect(plan.tasks[1]).toMatchObject({ startDate: null, dueDate: null });
    // An all-day date in Berlin, written as 22:00 UTC the evening before (summer time).
    expect(plan.tasks[8]).toMatchObject({ startDate: "2023-03-29", dueDate: "2023-03-29" });
  });

  it("keeps TickTick's quoted multi-line fields", () => {
    const { plan } = readCsv(sample("vikunja-ticktick-multiline.csv"));
    expect(plan.tasks).toHaveLength(2);
    expect(plan.tasks[0].name).toBe("Task with multiline description");
    expect(plan.tasks[0].description).toBe(
      "This is a task description\nthat spans multiple lines.\n\nIt has paragraphs and everything!\nIncluding special characters: #, *, @",
    );
    expect(plan.tasks[1]).toMatchObject({
      key: "2",
      name: "Regular task",
      description: "Simple description",
    });
  });
});

describe("readCsv", () => {
  it("reads MS Project style durations and predecessors, naming unknown ids once", () => {
    const { plan } = readCsv(
      [
        "ID,Task Name,Duration,Predecessors",
        "1,A,5 days,",
        "2,B,16h,1",
        '3,C,2w,"1SS+2d;2FF-1d"',
        '4,D,1,"3SF+1;9;2FS+1w,x7"',
      ].join("\n"),
    );
    expect(plan.tasks.map((task) => task.duration)).toEqual([5, 2, 10, 1]);
    expect(links(plan)).toEqual(["1>2 FS0", "1>3 SS2", "2>3 FF-1", "3>4 SF1", "2>4 FS5"]);
    expect(plan.warnings).toContainEqual(
      expect.stringContaining('2 predecessors naming an ID no row holds: "9", "x7"'),
    );
  });

  it("rounds a part-day duration up, as MS Project and other tools export it", () => {
    const { plan } = readCsv(
      [
        "Task Name,Duration",
        "Survey,14.29 days",
        "Draft,3.5d",
        "Call,4 hrs",
        "Build,112h",
        "Launch,0 days",
      ].join("\n"),
    );
    expect(plan.tasks.map((task) => [task.name, task.duration])).toEqual([
      ["Survey", 15],
      ["Draft", 4],
      ["Call", 1],
      ["Build", 14],
      ["Launch", 0],
    ]);
  });

  it("reads ids such as TEST-2 as ids, not as a lead", () => {
    const { plan } = readCsv("Key,Summary,Blocked by\nTEST-1,a,\nTEST-2,b,TEST-1\nTEST-3,c,TEST-2SS-1d\n");
    expect(links(plan)).toEqual(["TEST-1>TEST-2 FS0", "TEST-2>TEST-3 SS-1"]);
  });

  it("skips rows with no name, naming their lines in the file", () => {
    const { plan } = readCsv('Title,Notes\nfirst,"two\nlines"\n,orphan\n\nlast,\n');
    expect(plan.tasks.map((task) => [task.key, task.name])).toEqual([
      ["row:2", "first"],
      ["row:6", "last"],
    ]);
    expect(plan.warnings).toContainEqual("Skipped 1 row with no name: line 4.");
  });

  it("handles a byte-order mark before the header and guesses columns whatever their case", () => {
    const { plan, columns, mapping } = readCsv(
      "\uFEFFtask_name,DUE DATE,is done,SECTION\r\nShip,2024/03/05,yes,Ops\r\n",
    );
    expect(columns).toEqual(["task_name", "DUE DATE", "is done", "SECTION"]);
    expect(mapping).toEqual({
      name: "task_name",
      finish: "DUE DATE",
      completed: "is done",
      category: "SECTION",
    });
    expect(plan.tasks[0]).toMatchObject({
      name: "Ship",
      dueDate: "2024-03-05",
      completed: true,
      status: "completed",
    });
  });

  it("reads with a mapping the user chose, and a semicolon-separated file", () => {
    const text = "Was;Wann;Wer\nBauen;05.03.2024;anna@example.com\n";
    const { plan, mapping } = readCsv(text, { name: "Was", finish: "Wann", assignee: "Wer" });
    expect(mapping).toEqual({ name: "Was", finish: "Wann", assignee: "Wer" });
    expect(plan.tasks[0]).toMatchObject({ name: "Bauen", dueDate: "2024-03-05" });
  });

  it("drops an unreadable date with a warning naming its line and column", () => {
    const { plan } = readCsv("Name,Due\na,soon\nb,2024-01-02T10:00:00\n");
    expect(plan.tasks.map((task) => task.dueDate)).toEqual([null, "2024-01-02"]);
    expect(plan.warnings).toContainEqual(expect.stringContaining('line 2 "Due" ("soon")'));
  });

  it("reads the date formats other tools write", () => {
    expect(dayOf("2024-03-05")).toBe("2024-03-05");
    expect(dayOf("2024-03-05 17:30")).toBe("2024-03-05");
    expect(dayOf("2024-03-05T10:00:00.000Z")).toBe("2024-03-05");
    expect(dayOf("2024/3/5")).toBe("2024-03-05");
    expect(dayOf("03/05/2024")).toBe("2024-03-05");
    expect(dayOf("25/12/2024")).toBe("2024-12-25");
    expect(dayOf("05.03.2024")).toBe("2024-03-05");
    expect(dayOf("Tue, 05 Mar 2024 10:00:00 +0000")).toBe("2024-03-05");
    expect(dayOf("Tue, 05 Mar 2024 10:00:00 GMT")).toBe("2024-03-05");
    expect(dayOf("Mar 5, 2024")).toBe("2024-03-05");
    expect(dayOf("5 March 2024")).toBe("2024-03-05");
    expect(dayOf("2024-02-30")).toBeNull();
    expect(dayOf("13/13/2024")).toBeNull();
    expect(dayOf("tomorrow")).toBeNull();
  });

  it("reads durations and predecessor tokens", () => {
    expect(["5", "5d", "5 days", "16h", "2w", "3 days?", "4h", "0"].map(durationOf)).toEqual([
      5, 5, 5, 2, 10, 3, 1, 0,
    ]);
    expect(durationOf("five")).toBeNull();
    // A part-day is rounded up, in every unit; a whole number of days stays as it is.
    expect(
      [
        "14.29 days",
        "3.5d",
        "3,5 d",
        "0.1",
        "114.3h",
        "112h",
        "6858m",
        "6720 min",
        "1.5w",
        "0h",
        "0.0 days",
      ].map(durationOf),
    ).toEqual([15, 4, 4, 1, 15, 14, 15, 14, 8, 0, 0]);
    const ids = new Set(["3"]);
    expect(predecessorOf("3", ids)).toEqual({ id: "3", type: "FS", lag: 0 });
    expect(predecessorOf("3FS", ids)).toEqual({ id: "3", type: "FS", lag: 0 });
    expect(predecessorOf("3SS+2d", ids)).toEqual({ id: "3", type: "SS", lag: 2 });
    expect(predecessorOf("3FF-1d", ids)).toEqual({ id: "3", type: "FF", lag: -1 });
    expect(predecessorOf("3SF+1", ids)).toEqual({ id: "3", type: "SF", lag: 1 });
    expect(predecessorOf("3FS+2w", ids)).toEqual({ id: "3", type: "FS", lag: 10 });
    expect(predecessorOf("3FS+2x", ids)).toBeNull();
  });
});

describe("readCsv refuses what it cannot read", () => {
  it("refuses a file with no column for the task names, listing the columns", () => {
    const error = refusal(() => readCsv("A,B\n1,2\n"));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('No column holds the task names; the columns are: "A", "B".');
  });

  it("refuses a mapping naming a column the file does not have", () => {
    expect(refusal(() => readCsv("Name,Due\na,b\n", { finish: "Deadline" })).message).toMatch(/"Deadline"/);
    expect(refusal(() => readCsv("Name,Due\na,b\n", { name: "Title" })).message).toMatch(/"Title"/);
  });

  it("refuses an empty file, a quote never closed and more than 50,000 rows", () => {
    expect(refusal(() => readCsv("\uFEFF  \n")).message).toMatch(/empty/);
    expect(refusal(() => readCsv('Name,Notes\na,"never closed\n')).message).toMatch(/cannot be read/);
    const many = `Name\n${"t\n".repeat(IMPORT_TASKS_MAX + 1)}`;
    expect(refusal(() => readCsv(many))).toMatchObject({
      statusCode: 413,
      message: `The file holds more than ${IMPORT_TASKS_MAX} rows; an import takes at most ${IMPORT_TASKS_MAX}.`,
    });
  });

  it("stops reading at the row limit, before the rest of the file", () => {
    // The file's end is unreadable: refused for the limit (413), not for the end (400), the reader
    // never parsed that far.
    const many = `Name\n${"t\n".repeat(IMPORT_TASKS_MAX + 1)}"never closed\n`;
    expect(refusal(() => readCsv(many)).statusCode).toBe(413);
    // Rows of empty cells count too (wholly empty lines do not).
    const empty = `Name\n${",\n".repeat(IMPORT_TASKS_MAX + 1)}"never closed\n`;
    expect(refusal(() => readCsv(empty)).statusCode).toBe(413);
    const padded = readCsv(`Name\n${"t\n,\n\n\n".repeat(1000)}`);
    expect(padded.plan.tasks).toHaveLength(1000);
  });

  it("refuses more than 200,000 predecessors naming rows, and keeps a few of those left out", () => {
    const many = `ID,Name,Predecessors\n1,a,\n2,b,"${"1;".repeat(IMPORT_DEPENDENCIES_MAX + 1)}"\n`;
    expect(refusal(() => readCsv(many))).toMatchObject({ statusCode: 413 });
    expect(refusal(() => readCsv(many)).message).toMatch(/more than 200000 dependencies/);
    const unknown = readCsv(`ID,Name,Predecessors\n1,a,"${"9;".repeat(100_000)}"\n`);
    const warning = unknown.plan.warnings.find((text) => text.includes("naming an ID"));
    expect(warning).toBe(
      'Left out 100000 predecessors naming an ID no row holds: "9", "9", "9", "9", "9" and 99995 more.',
    );
  });
});

describe("writeCsv", () => {
  const task = exportedTask;
  const plan: ExportedPlan = {
    project: { name: "Launch", slug: "launch", description: "" },
    calendar: { startDate: "2024-01-01", workingDays: [1, 2, 3, 4, 5], holidays: [] },
    categories: [
      { id: 10, name: "Design", color: "#FF5733" },
      { id: 11, name: "Build, test", color: "#33FF57" },
    ],
    tasks: [
      task(7, {
        name: '=HYPERLINK("x")',
        description: '-minus first\nsecond "line", with comma',
        status: "in-progress",
        duration: 3,
        categoryId: 10,
        assigneeEmail: "ana@example.com",
        schedule: { start: "2024-01-02", finish: "2024-01-04" },
      }),
      task(8, {
        name: "-minus",
        description: "=1+2",
        status: "completed",
        completed: true,
        duration: 0,
        categoryId: 11,
        schedule: { start: "2024-01-04", finish: "2024-01-04" },
      }),
      task(9, {
        name: "+plus, @at",
        description: "@mention",
        status: "blocked",
        // Not scheduled: its own dates, each the day of its nearest UTC midnight.
        startDate: "2024-01-09T00:00:00.000Z",
        dueDate: "2024-01-10T23:00:00.000Z",
      }),
      task(12, {
        name: "'=already quoted",
        description: "\ttabbed",
        duration: 5,
        schedule: { start: "2024-01-05", finish: "2024-01-11" },
      }),
    ],
    dependencies: [
      { id: 1, sourceTaskId: 7, targetTaskId: 8, type: "FS", lag: 0 },
      { id: 2, sourceTaskId: 7, targetTaskId: 12, type: "SS", lag: 2 },
      { id: 3, sourceTaskId: 8, targetTaskId: 12, type: "FF", lag: -1 },
      { id: 4, sourceTaskId: 9, targetTaskId: 12, type: "SF", lag: 1 },
      { id: 5, sourceTaskId: 7, targetTaskId: 9, type: "FS", lag: 2 },
    ],
  };
  const text = writeCsv(plan);

  it("writes the header, one row per task, MS Project predecessors and CRLF line ends", () => {
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "ID,Name,Description,Status,Completed,Start,Finish,Duration,Category,Assignee,Predecessors,Outline Level,WBS,Constraint Type,Constraint Date,Deadline,% Complete,Actual Start,Actual Finish",
    );
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parse(text, { relax_column_count: false }) as string[][];
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual([
      "7",
      `'=HYPERLINK("x")`,
      `'-minus first\nsecond "line", with comma`,
      "in-progress",
      "false",
      "2024-01-02",
      "2024-01-04",
      "3",
      "Design",
      "ana@example.com",
      "",
      "1",
      "1",
      "As Soon As Possible",
      "",
      "",
      "0%",
      "",
      "",
    ]);
    expect(rows[3].slice(5, 7)).toEqual(["2024-01-09", "2024-01-11"]);
    expect(rows.map((row) => row[10])).toEqual(["Predecessors", "", "7", "7FS+2d", "7SS+2d;8FF-1d;9SF+1d"]);
  });

  it("never writes a cell a spreadsheet would run as a formula", () => {
    const cells = (parse(text) as string[][]).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    // Nor at the start of a raw line or after a delimiter.
    expect(text).not.toMatch(/(^|\r\n|,)[=+\-@]/);
  });

  it("round-trips through readCsv", () => {
    const { plan: read, mapping } = readCsv(text);
    expect(Object.keys(mapping)).toHaveLength(11);
    expect(read.warnings).toEqual([
      "Left out the assignees of 1 task: the importer cannot assign people who are not members of the project.",
    ]);
    expect(
      read.tasks.map((each) => ({
        key: each.key,
        name: each.name,
        description: each.description,
        status: each.status,
        completed: each.completed,
        start: each.startDate,
        finish: each.dueDate,
        duration: each.duration,
        category: categoryOf(read, each.categoryKey),
      })),
    ).toEqual(
      plan.tasks.map((each) => ({
        key: String(each.id),
        name: each.name,
        description: each.description,
        status: each.status,
        completed: each.completed,
        start: each.schedule?.start ?? each.startDate?.slice(0, 10),
        finish: each.schedule?.finish ?? "2024-01-11",
        duration: each.duration,
        category: plan.categories.find((category) => category.id === each.categoryId)?.name ?? null,
      })),
    );
    expect(links(read)).toEqual(["7>8 FS0", "7>9 FS2", "7>12 SS2", "8>12 FF-1", "9>12 SF1"]);
  });
});

describe("other tools' columns: Relations, Parent, Completed At", () => {
  it("makes a link of each blocked_by and blocking relation, and puts a sub-issue under its parent", () => {
    const text = [
      "Identifier,Name,State,Parent,Relations,Completed At",
      'A-1,Plan,Todo,,"[{""type"": ""blocking"", ""issue"": ""A-2""}]",',
      'A-2,Build,Todo,,"[{""type"": ""blocked_by"", ""issue"": ""A-1""}, {""type"": ""blocked_by"", ""issue"": ""A-9""}]",',
      "A-3,Wire the door,Done,A-2,[],2024-02-01T09:30:00Z",
      "A-4,Paint,Cancelled,A-2,not json,",
    ].join("\n");
    const { plan } = readCsv(text);
    // A Parent is the outline, no longer a link from the sub-issue to its parent.
    expect(plan.dependencies.map((link) => `${link.sourceKey}>${link.targetKey}`)).toEqual(["A-1>A-2"]);
    expect(plan.tasks.map((task) => task.parentKey)).toEqual([null, null, "A-2", "A-2"]);
    expect(plan.tasks[2]).toMatchObject({ completed: true, completedAt: "2024-02-01T09:30:00Z" });
    expect(plan.warnings).toContainEqual('Left out 1 link naming an ID no row holds: "A-9".');
    expect(plan.warnings).toContainEqual("Left out relations that could not be read: line 5.");
  });

  it("nests each row under the row its Parent names, in any order of the rows; an unknown parent at the top level", () => {
    const text = [
      "Identifier,Name,Parent,Start Date,Target Date",
      "B-3,Door,B-2,2024-03-04,2024-03-05",
      "B-1,Phase,,2024-03-01,2024-03-20",
      "B-2,Build,B-1,,",
      "B-4,Paint,B-2,2024-03-06,2024-03-08",
      "B-5,Lost,B-9,2024-03-01,2024-03-02",
      "B-6,Review,B-1,,",
      "B-1,Again,B-6,,",
      "B-7,Under the first B-1,B-1,,",
    ].join("\n");
    const { plan } = readCsv(text);
    expect(plan.tasks.map((task) => [task.key, task.parentKey])).toEqual([
      ["B-3", "B-2"],
      ["B-1", null],
      ["B-2", "B-1"],
      ["B-4", "B-2"],
      ["B-5", null],
      ["B-6", "B-1"],
      ["row:8", "B-6"],
      // A repeated id names its first row.
      ["B-7", "B-1"],
    ]);
    expect(plan.dependencies).toEqual([]);
    // The summaries' dates roll up; a task under one keeps its own.
    expect(plan.tasks[1]).toMatchObject({ startDate: null, dueDate: null });
    expect(plan.tasks[0]).toMatchObject({ startDate: "2024-03-04", dueDate: "2024-03-05" });
    expect(plan.warnings).toContainEqual(
      'Put 1 tasks at the top level, as no row holds the parent ID they name: "B-9".',
    );
  });

  it("reads the outline from a WBS or Outline Level column over a Parent column, and says so once", () => {
    const { plan } = readCsv(
      ["ID,Name,WBS,Parent", "1,Phase,1,", "2,Build,1.1,3", "3,Launch,2,1"].join("\n"),
    );
    expect(plan.tasks.map((task) => [task.key, task.parentKey])).toEqual([
      ["1", null],
      ["2", "1"],
      ["3", null],
    ]);
    expect(plan.dependencies).toEqual([]);
    expect(plan.warnings).toEqual([
      'Read the outline from the "WBS" column, which numbers every task\'s place, and left out the 2 parents of the "Parent" column.',
    ]);
    const levels = readCsv(
      ["ID,Name,Outline Level,Parent ID", "1,Phase,1,", "2,Build,2,", "3,Launch,1,1"].join("\n"),
    );
    expect(levels.plan.tasks.map((task) => task.parentKey)).toEqual([null, "1", null]);
    expect(levels.plan.warnings).toEqual([
      'Read the outline from the "Outline Level" column, which numbers every task\'s place, and left out the 1 parents of the "Parent ID" column.',
    ]);
    // An empty Parent column loses nothing: no warning.
    expect(readCsv("ID,Name,WBS,Parent\n1,Phase,1,\n2,Build,1.1,\n").plan.warnings).toEqual([]);
  });
});

describe("the outline in a CSV", () => {
  const outline = (plan: ImportedPlan) => plan.tasks.map((task) => [task.key, task.parentKey]);

  it("reads the parent from a WBS column, whatever the rows' order, and a summary's dates as rolled up", () => {
    const { plan } = readCsv(
      [
        "ID,Name,WBS,Duration,Start",
        "1,Phase,1,10,2024-01-01",
        "2,Design,1.1,3,2024-01-01",
        "5,Detail,1.2.1,2,2024-01-04",
        "4,Build,1.2,,",
        "6,Launch,2,1,2024-01-20",
        "7,Orphan,3.4.5,1,",
        "8,Odd,1..2,1,",
      ].join("\n"),
    );
    expect(outline(plan)).toEqual([
      ["1", null],
      ["2", "1"],
      ["5", "4"],
      ["4", "1"],
      ["6", null],
      ["7", null],
      ["8", null],
    ]);
    // A summary's duration and dates are its subtree's: a task it holds keeps its own.
    expect(plan.tasks[0]).toMatchObject({ duration: null, startDate: null, startNoEarlierThan: null });
    expect(plan.tasks[1]).toMatchObject({ duration: 3, startDate: "2024-01-01" });
    expect(plan.warnings).toEqual([
      'Put 1 tasks whose WBS could not be read at the top level: "line 8: 1..2".',
      'Put 1 tasks at the top level, as no row holds a summary their WBS names: "3.4.5".',
    ]);
  });

  it("reads the parent from an Outline Level column: the nearest row above that is less deep", () => {
    const { plan } = readCsv(
      ["Name,Outline Level", "A,1", "B,2", "C,3", "D,2", "E,1", "F,3", "G,x", "H,"].join("\n"),
    );
    expect(plan.tasks.map((task) => [task.name, task.parentKey])).toEqual([
      ["A", null],
      ["B", "row:2"],
      ["C", "row:3"],
      ["D", "row:2"],
      ["E", null],
      ["F", "row:6"],
      ["G", null],
      ["H", null],
    ]);
    expect(plan.warnings).toEqual([
      'Read 1 outline levels that are not whole numbers from 1 as level 1: "line 8: x".',
    ]);
  });

  it("refuses a level deeper than 20 with 413", () => {
    expect(refusal(() => readCsv("Name,Outline Level\nA,21\n")).statusCode).toBe(413);
    const wbs = Array.from({ length: 21 }, () => "1").join(".");
    expect(refusal(() => readCsv(`Name,WBS\nA,${wbs}\n`)).message).toMatch(/more than 20 outline levels/);
  });

  it("writes the outline in outline order, with its levels and WBS, and reads it back as the same tree", () => {
    const plan: ExportedPlan = {
      project: { name: "Tree", slug: "tree", description: "" },
      calendar: { startDate: "2024-01-01", workingDays: [1, 2, 3, 4, 5], holidays: [] },
      categories: [],
      tasks: [
        exportedTask(30, { name: "Launch", order: 1 }),
        exportedTask(12, { name: "Audit", parentId: 11, order: 0 }),
        exportedTask(10, { name: "Phase", order: 0 }),
        exportedTask(13, { name: "Build", parentId: 10, order: 0 }),
        exportedTask(11, { name: "Checks", parentId: 10, order: 1 }),
      ],
      dependencies: [{ id: 1, sourceTaskId: 10, targetTaskId: 30, type: "FS", lag: 0 }],
    };
    const text = writeCsv(plan);
    const rows = parse(text) as string[][];
    expect(rows.slice(1).map((row) => [row[1], row[11], row[12]])).toEqual([
      ["Phase", "1", "1"],
      ["Build", "2", "1.1"],
      ["Checks", "2", "1.2"],
      ["Audit", "3", "1.2.1"],
      ["Launch", "1", "2"],
    ]);
    const { plan: read, mapping } = readCsv(text);
    expect(mapping).not.toHaveProperty("wbs");
    expect(read.warnings).toEqual([]);
    expect(outline(read)).toEqual([
      ["10", null],
      ["13", "10"],
      ["11", "10"],
      ["12", "11"],
      ["30", null],
    ]);
    expect(links(read)).toEqual(["10>30 FS0"]);
  });
});
