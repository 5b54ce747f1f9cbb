import { readdirSync, readFileSync } from "node:fs";
import { scheduleProject } from "@core/scheduling/project-schedule";
import { describe, expect, it } from "vitest";
import { readGan } from "./gan";
import { ImportError, type ImportedPlan } from "./imported-plan";

const SAMPLES = new URL("../../../shared/plan-samples/gan/", import.meta.url);
const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");
const read = (name: string) => readGan(sample(name));

const task = (plan: ImportedPlan, key: string) => {
  const found = plan.tasks.find((each) => each.key === key);
  if (!found) throw new Error(`no task ${key}`);
  return found;
};
const links = (plan: ImportedPlan) =>
  plan.dependencies.map((link) => `${link.sourceKey}>${link.targetKey} ${link.type}${link.lag}`);
/** The links in any order (a parent's depends come before its subtasks' in the file). */
const linkSet = (plan: ImportedPlan) => new Set(links(plan));

/** The tasks no task sits under: the ones with dates of their own. */
const leavesOf = (plan: ImportedPlan) => {
  const parents = new Set(plan.tasks.map((each) => each.parentKey));
  return plan.tasks.filter((each) => !parents.has(each.key));
};

/** The plan through the project's scheduler: each task's scheduled days, by key. */
function scheduled(plan: ImportedPlan) {
  const ids = new Map(plan.tasks.map((each, index) => [each.key, index + 1]));
  const schedule = scheduleProject(
    {
      startDate: plan.calendar.startDate!,
      workingDays: plan.calendar.workingDays ?? [1, 2, 3, 4, 5],
      holidays: plan.calendar.holidays ?? [],
    },
    plan.tasks.map((each) => ({
      ...each,
      percentComplete: each.percentComplete ?? 0,
      id: ids.get(each.key)!,
      parentId: each.parentKey === null ? null : ids.get(each.parentKey)!,
    })),
    plan.dependencies.map((link) => ({
      sourceTaskId: ids.get(link.sourceKey)!,
      targetTaskId: ids.get(link.targetKey)!,
      type: link.type,
      lag: link.lag,
    })),
  );
  return new Map(plan.tasks.map((each) => [each.key, schedule.tasks.get(ids.get(each.key)!)]));
}

describe("readGan on GanttProject's own sample (HouseBuildingSample.gan)", () => {
  const plan = read("ganttproject-HouseBuildingSample.gan");

  it("makes its 20 tasks tasks, in its outline: 4 summaries over the 15 tasks nested in them", () => {
    expect(plan.name).toBeNull();
    expect(plan.tasks).toHaveLength(20);
    expect(plan.categories).toEqual([]);
    const children = (parentKey: string | null) =>
      plan.tasks.filter((each) => each.parentKey === parentKey).map((each) => each.name.trim());
    expect(children(null)).toEqual([
      "Architectural design",
      "Interior design",
      "Construction phase",
      "Decoration phase",
      "GanttProject 3.3",
    ]);
    expect(children("0")).toEqual([
      "Create draft of architecture",
      "Prepare construction documents",
      "Agreement on architectural plan",
    ]);
    expect(children("11")).toEqual(["Pre-design", "Furniture selection", "Equipment planning"]);
    expect(children("7")).toHaveLength(6);
    expect(children("8")).toEqual(["Walls", "Furniture", "Bring your family here"]);
    // A summary's dates and duration roll up from its subtasks: they are not its own.
    for (const key of ["0", "11", "7", "8"])
      expect(task(plan, key)).toMatchObject({ duration: null, startDate: null, dueDate: null });
    expect(task(plan, "0").status).toBe("in-progress");
  });

  it("reads milestones, durations, completion and notes", () => {
    expect(plan.tasks.filter((each) => each.duration === 0).map((each) => each.key)).toEqual([
      "17",
      "18",
      "20",
      "49",
    ]);
    expect(task(plan, "9")).toMatchObject({ duration: 10, completed: true, status: "completed" });
    expect(task(plan, "10")).toMatchObject({
      duration: 15,
      completed: false,
      status: "in-progress",
      startDate: "2024-06-10",
      dueDate: "2024-06-28",
      // thirdDate-constraint="0": no constraint.
      startNoEarlierThan: null,
    });
    expect(task(plan, "13").status).toBe("not-started");
    expect(task(plan, "14").description).toBe("Embedded devices, kitchen, washing machine, dryer etc");
    // A milestone on the morning of Monday 1 July falls at the end of Friday 28 June.
    expect(task(plan, "17")).toMatchObject({ startDate: "2024-06-28", dueDate: "2024-06-28" });
  });

  it("reads the depends from prerequisite to dependent, one to or from a parent kept on the parent", () => {
    // 14 links between leaves; "Interior design" -> Walls and "Construction phase" -> "Bring your
    // family here" from a summary, the Rubber "GanttProject 3.3" -> "Architectural design" into one.
    expect(linkSet(plan)).toEqual(
      new Set([
        "49>0 FS0",
        "9>10 FS0",
        "9>12 FS0",
        "10>17 FS0",
        "17>1 FS0",
        "11>6 FS0",
        "12>13 FS0",
        "12>14 FS0",
        "7>20 FS0",
        "1>2 FS0",
        "2>4 FS0",
        "4>5 FS0",
        "5>18 FS0",
        "18>6 FS0",
        "18>16 FS0",
        "6>15 FS0",
        "15>20 FS0",
      ]),
    );
    // The file's 17 depends, one link each.
    expect(plan.dependencies).toHaveLength(17);
    expect(plan.warnings).toContainEqual(expect.stringContaining('1 "Rubber" dependency'));
    expect(plan.warnings.join("\n")).not.toContain("parent");
  });

  it("reads the calendar: weekends, the 2006-02-14 holiday, the earliest start", () => {
    expect(plan.calendar).toEqual({
      startDate: "2024-05-27",
      workingDays: [1, 2, 3, 4, 5],
      holidays: ["2006-02-14"],
    });
  });

  it("names what it leaves out", () => {
    const warnings = plan.warnings.join("\n");
    expect(warnings).toContain("7 resources, 30 assignments, 1 vacation");
    expect(warnings).toContain('custom columns "Is done"');
    expect(warnings).not.toContain("baseline");
  });

  it("schedules every task with dates of its own on GanttProject's own dates", () => {
    const schedule = scheduled(plan);
    for (const each of leavesOf(plan)) {
      expect(schedule.get(each.key), each.name).toMatchObject({
        start: each.startDate,
        finish: each.dueDate,
      });
    }
  });
});

describe("readGan on the ts-ganttproject-parser samples", () => {
  it("reads one link of each type, with its lag (task-with-dependencies)", () => {
    const plan = read("tsgp-task-with-dependencies.gan");
    // "project-name" is GanttProject's placeholder: the importer names the project after the file instead.
    expect(plan.name).toBeNull();
    expect(plan.tasks.map((each) => each.name)).toEqual(["task A", "task B", "task C", "task D", "task E"]);
    expect(links(plan)).toEqual(["0>1 SS0", "1>2 FS0", "2>3 FF-1", "3>4 SF0"]);
    expect(plan.warnings).toContainEqual(expect.stringContaining('"Rubber"'));
    // The file's dates are what the links give them: the direction and types read right.
    const schedule = scheduled(plan);
    for (const each of plan.tasks) {
      expect(schedule.get(each.key), each.name).toMatchObject({
        start: each.startDate,
        finish: each.dueDate,
      });
    }
    expect(task(plan, "4")).toMatchObject({ startDate: "2024-01-02", dueDate: "2024-01-02" });
    expect(task(plan, "3")).toMatchObject({ startDate: "2024-01-04", dueDate: "2024-01-05" });
  });

  it("nests each task under its parent, three levels deep (collapsed subtasks)", () => {
    const plan = read("tsgp-task-with-collapsed-subtasks.gan");
    expect(plan.tasks.map((each) => [each.name, each.parentKey])).toEqual([
      ["task A", null],
      ["task Aa", "0"],
      ["task Ab", "0"],
      ["task Ab1", "5"],
      ["task B", null],
      ["task Bb", "4"],
    ]);
    expect(plan.categories).toEqual([]);
    expect(plan.dependencies).toEqual([]);
  });

  it("reads a milestone", () => {
    const plan = read("tsgp-milestone-task.gan");
    expect(plan.tasks).toHaveLength(1);
    expect(plan.tasks[0]).toMatchObject({
      name: "milestone",
      duration: 0,
      startDate: "2024-01-02",
      dueDate: "2024-01-02",
    });
  });

  it("reads an earliest start as the task's start-no-earlier-than", () => {
    const plan = read("tsgp-task-with-earliest-start-date.gan");
    expect(plan.tasks[0]).toMatchObject({
      startNoEarlierThan: "2024-01-04",
      startDate: "2024-01-04",
      duration: 2,
    });
  });

  it("counts a task's days past a one-off holiday", () => {
    const plan = read("tsgp-task-crossing-one-off-holiday.gan");
    expect(plan.calendar.holidays).toEqual(["2024-01-03"]);
    expect(plan.tasks[0]).toMatchObject({ startDate: "2024-01-02", duration: 2, dueDate: "2024-01-04" });
  });

  it("repeats a yearly holiday for each year of the plan and one more", () => {
    const plan = read("tsgp-task-crossing-recurring-holiday.gan");
    expect(plan.calendar.holidays).toEqual(["2024-01-03", "2025-01-03"]);
    expect(plan.tasks[0]).toMatchObject({ startDate: "2024-01-02", dueDate: "2024-01-04" });
    expect(plan.warnings).toContainEqual(expect.stringContaining("yearly holidays"));
  });

  it("skips weekends, unless tasks can run on weekends", () => {
    const weekdays = read("tsgp-task-crossing-weekends-and-no-tasks-can-run-on-weekends.gan");
    expect(weekdays.calendar).toMatchObject({ workingDays: [1, 2, 3, 4, 5], holidays: [] });
    expect(weekdays.tasks[0]).toMatchObject({ startDate: "2023-12-29", dueDate: "2024-01-01" });
    expect(weekdays.warnings).toEqual([]);

    const everyDay = read("tsgp-task-crossing-weekends-and-tasks-can-run-on-weekends.gan");
    expect(everyDay.calendar.workingDays).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(everyDay.tasks[0]).toMatchObject({ startDate: "2023-12-29", dueDate: "2023-12-30" });
    expect(everyDay.warnings).toContainEqual(expect.stringContaining("run on weekends"));
  });

  it("names a baseline it leaves out", () => {
    const plan = read("tsgp-baseline-with-subtasks.gan");
    expect(plan.tasks.map((each) => each.name)).toEqual(["task A", "task Aa"]);
    expect(plan.warnings).toContainEqual(expect.stringContaining('1 baseline: "baseline A"'));
  });

  it("imports every sample, scheduling each task on the file's own dates", () => {
    const files = readdirSync(SAMPLES).filter((file) => file.endsWith(".gan"));
    expect(files).toHaveLength(10);
    for (const file of files) {
      const plan = read(file);
      expect(plan.tasks.length, file).toBeGreaterThan(0);
      const schedule = scheduled(plan);
      for (const each of leavesOf(plan)) {
        expect(schedule.get(each.key), `${file}: ${each.name}`).toMatchObject({
          start: each.startDate,
          finish: each.dueDate,
        });
      }
    }
  });
});

describe("readGan refuses what it cannot read", () => {
  const minimal = (tasks: string, calendar = "") =>
    `<?xml version="1.0"?><project name="p">${calendar}<tasks>${tasks}</tasks></project>`;

  it("refuses a root that is not <project>", () => {
    expect(() => readGan("<Project><Tasks/></Project>")).toThrow(ImportError);
    expect(() => readGan("<Project><Tasks/></Project>")).toThrow(/root element is <Project>.*mspdi/);
  });

  it("refuses a file with no <tasks>", () => {
    expect(() => readGan('<project name="x"><resources/></project>')).toThrow(/no <tasks>/);
  });

  it("refuses truncated XML and a DOCTYPE", () => {
    const text = sample("tsgp-milestone-task.gan");
    expect(() => readGan(text.slice(0, text.length / 2))).toThrow(ImportError);
    const doctype = `<?xml version="1.0"?><!DOCTYPE project [<!ENTITY x "y">]>${minimal("")}`;
    expect(() => readGan(doctype)).toThrow(/DOCTYPE/);
  });

  const refusalOf = (read: () => unknown) => {
    try {
      read();
    } catch (caught) {
      expect(caught).toBeInstanceOf(ImportError);
      return caught as ImportError;
    }
    throw new Error("not refused");
  };

  it("refuses more than 50,000 tasks as it reads them, before the rest of the file", () => {
    const many = Array.from({ length: 50_001 }, (_, id) => `<task id="${id}" name="t"/>`).join("");
    // The file is cut short after them: the limit, not the broken end, is what refuses it.
    const error = refusalOf(() => readGan(minimal(many).slice(0, -"</tasks></project>".length)));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe("The file holds more than 50000 tasks; an import takes at most 50000.");
  });

  it("refuses tasks nested more than 20 outline levels deep, and a duration no task can have", () => {
    const nested = (depth: number) =>
      `${Array.from({ length: depth }, (_, id) => `<task id="${id}" name="t${id}">`).join("")}${"</task>".repeat(depth)}`;
    const twenty = readGan(minimal(nested(20))).tasks;
    expect(twenty).toHaveLength(20);
    expect(twenty.at(-1)?.parentKey).toBe("18");
    const deep = refusalOf(() => readGan(minimal(nested(21))));
    expect(deep.statusCode).toBe(413);
    expect(deep.message).toMatch(/more than 20 outline levels/);
    const long = refusalOf(() =>
      readGan(minimal('<task id="1" name="Forever" start="2026-01-05" duration="1e308"/>')),
    );
    expect(long.statusCode).toBe(400);
    expect(long.message).toBe(
      'The task "Forever" lasts 1e308 days; a task lasts from 0 to 10000 working days.',
    );
  });

  it("rounds a part-day duration up: the last part-day is still worked", () => {
    const plan = readGan(
      minimal(
        [
          '<task id="1" name="Fraction" start="2024-01-01" duration="3.25"/>',
          '<task id="2" name="Whole" start="2024-01-01" duration="2.0"/>',
          '<task id="3" name="Short" start="2024-01-01" duration="0.4"/>',
          '<task id="4" name="Zero" start="2024-01-01" duration="0"/>',
        ].join(""),
      ),
    );
    expect(
      plan.tasks.map(({ name, duration, startDate, dueDate }) => [name, duration, startDate, dueDate]),
    ).toEqual([
      ["Fraction", 4, "2024-01-01", "2024-01-04"],
      ["Whole", 2, "2024-01-01", "2024-01-02"],
      // Not a milestone: a part-day of work is a day.
      ["Short", 1, "2024-01-01", "2024-01-01"],
      ["Zero", 0, "2024-01-01", "2024-01-01"],
    ]);
  });

  it("names a task with no name 'Untitled task', with a warning", () => {
    const plan = readGan(minimal('<task id="7" start="2024-01-01" duration="1"/>'));
    expect(plan.tasks[0].name).toBe("Untitled task");
    expect(plan.warnings).toContainEqual(expect.stringContaining("Untitled task"));
  });

  it("reads an empty <tasks> as a plan with no tasks", () => {
    const plan = readGan(minimal(""));
    expect(plan).toMatchObject({ name: "p", tasks: [], dependencies: [], categories: [] });
  });

  it("warns of depends naming a task the file does not hold", () => {
    const plan = readGan(
      minimal(
        '<task id="1" name="a" start="2024-01-01" duration="1"><depend id="9" type="2" difference="0"/></task>',
      ),
    );
    expect(plan.dependencies).toEqual([]);
    expect(plan.warnings).toContainEqual(expect.stringContaining('task ids the file does not hold: "9"'));
  });

  it("keeps a link to or from a parent on the parent, however many tasks are under it", () => {
    const phase = (id: number, name: string, inside: string) =>
      `<task id="${id}" name="${name}">${inside}</task>`;
    const leaf = (id: number, depends = "") =>
      `<task id="${id}" name="t${id}" start="2024-01-01" duration="1">${depends}</task>`;
    const fs = (id: number) => `<depend id="${id}" type="2" difference="0" hardness="Strong"/>`;
    const ss = (id: number) => `<depend id="${id}" type="1" difference="0" hardness="Strong"/>`;
    // P: a -> b, c alone; Q: d -> e, f alone; P -> Q finish-to-start, then start-to-start.
    const file = (link: string) =>
      minimal(
        phase(1, "P", leaf(2, fs(3)) + leaf(3) + leaf(4) + link) +
          phase(5, "Q", leaf(6, fs(7)) + leaf(7) + leaf(8)),
      );
    expect(linkSet(readGan(file(fs(5))))).toEqual(new Set(["2>3 FS0", "1>5 FS0", "6>7 FS0"]));
    expect(linkSet(readGan(file(ss(5))))).toEqual(new Set(["2>3 FS0", "1>5 SS0", "6>7 FS0"]));
    expect(readGan(file(fs(5))).warnings).toEqual([]);
    const lead = minimal(
      phase(
        1,
        "P",
        `<task id="2" name="a" start="2024-01-01" duration="3"><depend id="3" type="2" difference="-2"/></task>${leaf(3)}${fs(9)}`,
      ) + leaf(9),
    );
    expect(linkSet(readGan(lead))).toEqual(new Set(["2>3 FS-2", "1>9 FS0"]));
  });

  it("expands a yearly 29 February only into leap years", () => {
    const calendar =
      '<calendars><day-types><default-week sun="1" mon="0" tue="0" wed="0" thu="0" fri="0" sat="1"/></day-types><date year="" month="2" date="29" type="HOLIDAY"/></calendars>';
    const plan = readGan(minimal('<task id="1" name="a" start="2023-06-01" duration="400"/>', calendar));
    expect(plan.calendar.holidays).toEqual(["2024-02-29"]);
    expect(plan.tasks[0].dueDate?.slice(0, 4)).toBe("2024");
  });
});
