import { readdirSync, readFileSync } from "node:fs";
import { parseMspdiPlan } from "@core/testing/plan-samples";
import { describe, expect, it } from "vitest";
import { exportedTask } from "../test/exported-plans";
import { type ExportedPlan, type ExportedTask, ImportError, type ImportedPlan } from "./imported-plan";
import { readMspdi, writeMspdi } from "./mspdi";

// The samples stay in ../shared (their licences differ from the project's): read, never copied.
const SAMPLES = new URL("../../../shared/plan-samples/mspdi/", import.meta.url);
const sample = (file: string) => readFileSync(new URL(file, SAMPLES), "utf8");
const read = (file: string) => readMspdi(sample(file));

const taskOf = (plan: ImportedPlan, key: string) => {
  const task = plan.tasks.find((each) => each.key === key);
  if (!task) throw new Error(`no task ${key}`);
  return task;
};
const linksOf = (plan: ImportedPlan) =>
  plan.dependencies.map(
    (link) => `${link.sourceKey}-${link.type}${link.lag >= 0 ? "+" : ""}${link.lag}-${link.targetKey}`,
  );
const warningAbout = (plan: ImportedPlan, pattern: RegExp) =>
  plan.warnings.find((warning) => pattern.test(warning));

describe("readMspdi on the real samples", () => {
  it.each(readdirSync(SAMPLES).filter((file) => file.endsWith(".xml")))("reads %s", (file) => {
    const plan = read(file);
    const keys = new Set(plan.tasks.map((task) => task.key));
    expect(keys.size).toBe(plan.tasks.length);
    for (const link of plan.dependencies) {
      expect(keys.has(link.sourceKey) && keys.has(link.targetKey)).toBe(true);
      expect(Number.isInteger(link.lag)).toBe(true);
    }
    for (const task of plan.tasks)
      expect(task.duration === null || Number.isInteger(task.duration)).toBe(true);
  });

  it("counts leaves from the outline, not the Summary flag", () => {
    const counts = Object.fromEntries(
      [
        "mpxj-legacy-sample.xml",
        "mpxj-legacy-sample1.xml",
        "mpxj-mspdinulltasks.xml",
        "projectlibre-new-product.xml",
        "mpxj-task-baselines-project2019-mspdi.xml",
        "mpxj-calendar-recurring-exceptions-project2016-mspdi.xml",
      ].map((file) => {
        const plan = read(file);
        return [file, [plan.tasks.length, plan.categories.length]];
      }),
    );
    expect(counts).toEqual({
      // 19 rows, 3 of them summaries; 22 rows, 4 summaries (one nested); 8 rows, 3 blank, 2 summaries.
      "mpxj-legacy-sample.xml": [16, 3],
      "mpxj-legacy-sample1.xml": [18, 4],
      "mpxj-mspdinulltasks.xml": [3, 2],
      // 43 rows: the project row (OutlineLevel 0) and 6 phases, all written with Summary 0.
      "projectlibre-new-product.xml": [36, 6],
      "mpxj-task-baselines-project2019-mspdi.xml": [110, 0],
      "mpxj-calendar-recurring-exceptions-project2016-mspdi.xml": [0, 0],
    });
  });

  it.each(readdirSync(SAMPLES).filter((file) => file.endsWith(".xml")))(
    "gives %s's tasks MS Project's own days (as the scheduling oracle reads them)",
    (file) => {
      const plan = read(file);
      const oracle = parseMspdiPlan(sample(file));
      expect(plan.tasks.map((task) => [task.key, task.startDate, task.dueDate])).toEqual(
        oracle.tasks.map((task) => [String(task.uid), task.start, task.finish]),
      );
    },
  );

  it("puts each leaf in the category of its nearest summary", () => {
    const plan = read("mpxj-legacy-sample1.xml");
    const categoryName = (key: string) =>
      plan.categories.find((category) => category.key === taskOf(plan, key).categoryKey)?.name;
    expect(categoryName("2")).toBe("First Task");
    expect(categoryName("9")).toBe("Task Relationships");
    expect(categoryName("23")).toBe("Resource Assignments");
    expect(plan.categories.every((category) => /^#[0-9A-F]{6}$/.test(category.color ?? ""))).toBe(true);

    const library = read("projectlibre-new-product.xml");
    expect(library.categories.map((category) => category.name)).toEqual([
      "Design Phase",
      "Finance Phase",
      "Production Phase",
      "Marketing and Sales Phase",
      "Distribution Phase",
      "Regional Promotions",
    ]);
    expect(taskOf(library, "2")).toMatchObject({ name: "Begin project", categoryKey: null, duration: 0 });
    expect(taskOf(library, "4").categoryKey).toBe("summary:3");
  });

  it("reads the 8 links of task-links-project2003 with their types and lags in days", () => {
    const plan = read("mpxj-task-links-project2003-mspdi.xml");
    expect(plan.name).toBe("task-links-project2003-mspdi");
    expect(plan.tasks).toHaveLength(16);
    expect(linksOf(plan)).toEqual([
      "1-FS+0-2",
      "3-FS+1-4",
      "5-FS+2-6",
      "7-FS+5-8", // 1w
      "9-FS+10-10", // 2w
      "11-SF+2-12",
      "13-SS+2-14",
      "15-FF+2-16",
    ]);
    expect(taskOf(plan, "10")).toMatchObject({
      duration: 1,
      startDate: "2014-11-03",
      dueDate: "2014-11-03",
      schedulingMode: "auto",
    });
    expect(plan.calendar).toEqual({ startDate: "2014-10-17", workingDays: [1, 2, 3, 4, 5], holidays: [] });
    expect(plan.warnings).toEqual([]);
  });

  it("reads FS, SS, FF and SF, and a Finish at 08:00 as the working day before", () => {
    const plan = read("mpxj-mspdirelations.xml");
    expect(linksOf(plan)).toEqual(["1-FS+0-2", "2-SS+1-3", "3-FF+0-4", "4-SF+0-5"]);
    // Task 5: Fri 08:00 to Mon 08:00, one day of work, done on the Friday.
    expect(taskOf(plan, "5")).toMatchObject({ startDate: "2006-09-22", dueDate: "2006-09-22", duration: 1 });
  });

  it("reads MS Project's task fields", () => {
    const plan = read("mpxj-legacy-sample.xml");
    expect(plan.name).toBe("sample");
    expect(taskOf(plan, "2")).toMatchObject({ name: "Second Task", duration: 100, startDate: "2003-01-07" });
    // A milestone at the project's start stays on its first day.
    expect(taskOf(plan, "3")).toMatchObject({ duration: 0, startDate: "2003-01-07", dueDate: "2003-01-07" });
    expect(taskOf(plan, "7")).toMatchObject({ startNoEarlierThan: "2003-02-01", categoryKey: "summary:6" });
    expect(taskOf(plan, "21")).toMatchObject({ startDate: "2003-01-07", dueDate: "2003-01-07" });
    expect(linksOf(plan)).toContain("13-FS-1-14");
    expect(
      read("mpxj-task-links-project2019-mspdi.xml").tasks.every((task) => task.schedulingMode === "manual"),
    ).toBe(true);
    const constrained = read("mpxj-task-links-project2010-mspdi.xml");
    expect(taskOf(constrained, "8").startNoEarlierThan).toBe("2014-10-27");
    const nulls = read("mpxj-mspdinulltasks.xml");
    // 450 minutes a day: PT75H0M0S is 10 days.
    expect(taskOf(nulls, "3")).toMatchObject({
      duration: 10,
      startDate: "2008-11-03",
      dueDate: "2008-11-14",
    });
  });

  it("applies a link to or from a summary task to every leaf under it", () => {
    const plan = read("projectlibre-new-product.xml");
    // Finance Phase (leaves 8-15) precedes Marketing and Sales Phase (leaves 24-29).
    const links = new Set(linksOf(plan));
    for (const source of ["8", "15"])
      for (const target of ["24", "29"]) expect(links.has(`${source}-FS+0-${target}`)).toBe(true);
    expect(links.has("18-FF+0-17") || links.has("17-FF+0-18")).toBe(true);
    expect(links.has("25-FS-15-28")).toBe(true); // -72000 tenths of a minute: a 15-day lead
    expect(links.size).toBe(plan.dependencies.length);
  });

  it("reads the week and the expanded recurring exceptions, as MS Project expands them", () => {
    const xml = sample("mpxj-calendar-recurring-exceptions-project2016-mspdi.xml");
    expect(xml.match(/<DayWorking>0<\/DayWorking>\s*<\/Exception>/g)).toHaveLength(26);
    // MS Project also writes each occurrence as a DayType 0 WeekDay: the expected days.
    const expected = new Set<string>();
    for (const [, from, to] of xml.matchAll(
      /<DayType>0<\/DayType>\s*<DayWorking>0<\/DayWorking>\s*<TimePeriod>\s*<FromDate>([\d-]+)T[\d:]+<\/FromDate>\s*<ToDate>([\d-]+)T/g,
    )) {
      for (let day = Date.parse(from); day <= Date.parse(to); day += 86_400_000)
        expected.add(new Date(day).toISOString().slice(0, 10));
    }
    // Without those WeekDays only the <Exceptions> recurrences are left to give them.
    const exceptionsOnly = xml.replace(/<WeekDay>\s*<DayType>0<\/DayType>[\s\S]*?<\/WeekDay>/g, "");
    const plan = readMspdi(exceptionsOnly);
    expect(plan.calendar.workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(plan.calendar.startDate).toBe("2017-10-20");
    expect(plan.calendar.holidays).toEqual([...expected].sort());
    expect(plan.calendar.holidays).toEqual(
      expect.arrayContaining([
        "2000-01-01", // Daily1: 3 days from 2000-01-01
        "2000-01-03",
        "2000-02-10", // Daily2: every 3 days from 2000-02-01, 4 times
        "2001-02-18", // Weekly7Sunday: every 7 weeks, weeks counted from Sunday 2000-12-31
        "2002-01-07", // MonthlyRelative1: first Monday, every 2 months
        "2002-01-25", // MonthlyRelative5: last Friday
        "2005-02-04", // MonthlyAbsolute2: the 4th, every 5 months
        "2004-03-02", // YearlyRelative1: first Tuesday of March (Month 2, counted from 0)
        "2007-02-01", // YearlyAbsolute1: February 1st
      ]),
    );
    expect(plan.calendar.holidays).not.toContain("2010-01-02"); // the working exception
    expect(warningAbout(plan, /"Recurring Working"/)).toBeDefined();
    expect(readMspdi(xml).calendar.holidays).toEqual(plan.calendar.holidays);
  });

  it("names what it cannot keep", () => {
    const library = read("projectlibre-new-product.xml");
    expect(warningAbout(library, /^Resources are not imported: 8 \(.*"Scott Adams"/)).toBeDefined();
    expect(warningAbout(library, /assignments are not imported/)).toBeDefined();
    expect(warningAbout(library, /other calendars.*"24 Hours"/)).toBeDefined();
    expect(
      warningAbout(
        read("mpxj-task-baselines-project2019-mspdi.xml"),
        /Baselines are not imported \(88 tasks/,
      ),
    ).toBeDefined();
    expect(
      warningAbout(read("mpxj-mspdisplittask.xml"), /2 split tasks.*"Split Task 1", "Split Task 2"/),
    ).toBeDefined();
    const legacy = read("mpxj-legacy-sample.xml");
    expect(warningAbout(legacy, /recurring tasks.*"Recurring Task"/)).toBeDefined();
    expect(warningAbout(legacy, /Resources are not imported: 2/)).toBeDefined();
    expect(warningAbout(legacy, /other calendars.*"Night Shift"/)).toBeDefined();
    // No split where the work only pauses on days off.
    for (const file of ["projectlibre-new-product.xml", "mpxj-legacy-sample.xml", "mpxj-mspdirelations.xml"])
      expect(warningAbout(read(file), /split/)).toBeUndefined();
    expect(read("mpxj-mspdirelations.xml").warnings).toEqual([]);
  });
});

describe("readMspdi refuses", () => {
  const refusal = (xml: string) => {
    try {
      readMspdi(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(ImportError);
      return (error as ImportError).message;
    }
    throw new Error("not refused");
  };

  it("a DOCTYPE with entities (billion laughs)", () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<Project xmlns="http://schemas.microsoft.com/project"><Name>&lol1;</Name></Project>`;
    expect(refusal(bomb)).toMatch(/DOCTYPE/);
  });

  it("a truncated file", () => {
    const xml = sample("mpxj-mspdirelations.xml");
    expect(refusal(xml.slice(0, xml.length / 2))).toMatch(/not well-formed/);
  });

  it("a root that is not an MS Project <Project>", () => {
    expect(refusal('<?xml version="1.0"?><project name="x" version="3"></project>')).toMatch(/<project>/);
    expect(refusal('<Project xmlns="http://example.com/other"><Name>x</Name></Project>')).toMatch(
      /namespace/,
    );
  });

  it("more than 50,000 tasks, as it reads them (a file cut short after them too)", () => {
    const rows = Array.from(
      { length: 50_001 },
      (_, index) => `<Task><UID>${index + 1}</UID><Name>T</Name></Task>`,
    );
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><Tasks>${rows.join("")}`;
    expect(refusal(xml)).toBe("The file holds more than 50000 tasks; an import takes at most 50000.");
  });

  it("a link between summaries that makes more than 200,000 links, and 21 outline levels", () => {
    const summary = (uid: number, level: number) =>
      `<Task><UID>${uid}</UID><Name>S${uid}</Name><OutlineLevel>${level}</OutlineLevel></Task>`;
    const leaf = (uid: number, links = "") =>
      `<Task><UID>${uid}</UID><Name>T</Name><OutlineLevel>2</OutlineLevel>${links}</Task>`;
    const rows = [summary(1, 1)];
    for (let uid = 2; uid <= 501; uid++) rows.push(leaf(uid));
    rows.push(
      summary(1000, 1).replace(
        "</Task>",
        "<PredecessorLink><PredecessorUID>1</PredecessorUID></PredecessorLink></Task>",
      ),
    );
    for (let uid = 1001; uid <= 1501; uid++) rows.push(leaf(uid));
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><Tasks>${rows.join("")}</Tasks></Project>`;
    expect(refusal(xml)).toMatch(/more than 200000 dependencies/);
    const deep = Array.from({ length: 21 }, (_, index) => summary(index + 1, index + 1)).join("");
    const nested = `<Project xmlns="http://schemas.microsoft.com/project"><Tasks>${deep}</Tasks></Project>`;
    expect(refusal(nested)).toMatch(/more than 20 outline levels/);
  });

  it("nothing it can read: what it cannot keep is a warning", () => {
    const row = (uid: number, fields: string) =>
      `<Task><UID>${uid}</UID><OutlineLevel>1</OutlineLevel>${fields}</Task>`;
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><Title>Plan.mpp</Title><Tasks>
${row(1, "<Name>Half</Name><Duration>PT12H0M0S</Duration><ConstraintType>2</ConstraintType><ConstraintDate>2024-01-08T08:00:00</ConstraintDate>")}
${row(2, `<Name>${"x".repeat(600)}</Name><Duration>PT16H0M0S</Duration><PercentComplete>40</PercentComplete><PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type><LinkLag>50</LinkLag><LagFormat>19</LagFormat></PredecessorLink>`)}
${row(3, "<Duration>PT8H0M0S</Duration><PredecessorLink><PredecessorUID>3</PredecessorUID></PredecessorLink><PredecessorLink><PredecessorUID>99</PredecessorUID></PredecessorLink>")}
</Tasks></Project>`;
    const plan = readMspdi(xml);
    expect(plan.name).toBe("Plan");
    expect(plan.calendar).toEqual({});
    expect(plan.tasks.map(({ name, duration, status }) => [name.length, duration, status])).toEqual([
      [4, 2, "not-started"],
      [500, 2, "in-progress"],
      ["Untitled task".length, 1, "not-started"],
    ]);
    // 50 % of a 1.5-day predecessor.
    expect(linksOf(plan)).toEqual(["1-FS+1-2"]);
    expect(plan.warnings).toEqual([
      'Rounded 1 durations to whole working days: "Half" (1.5 days).',
      'Dropped 1 constraints the planner does not have (only "start no earlier than" is kept): "Half" (must start on 2024-01-08).',
      `Shortened 1 task names to 500 characters: "${"x".repeat(57)}...".`,
      '1 tasks without a name are named "Untitled task".',
      'Rounded 1 link lags to whole working days: "Half" -> "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..." (50%).',
      "Dropped 1 links from a task to itself: UID 3.",
      "Dropped 1 links naming a task the file does not hold (or a blank row): UID 99 -> UID 3.",
    ]);
  });

  it("not a link to a missing task: that is a warning", () => {
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><Tasks>
<Task><UID>1</UID><Name>A</Name><OutlineLevel>1</OutlineLevel><PredecessorLink><PredecessorUID>99</PredecessorUID><Type>1</Type></PredecessorLink></Task>
</Tasks></Project>`;
    const plan = readMspdi(xml);
    expect(plan.dependencies).toEqual([]);
    expect(warningAbout(plan, /Dropped 1 links naming a task/)).toBeDefined();
  });
});

describe("writeMspdi", () => {
  const task = (id: number, name: string, fields: Partial<ExportedTask>) =>
    exportedTask(id, { name, duration: 1, ...fields });
  const scheduled = (start: string, finish: string) => ({ schedule: { start, finish } });

  // A Monday-to-Thursday week from Monday 2026-03-02, with holidays on Wed 11 and Thu 12 March.
  const plan: ExportedPlan = {
    project: { name: "Launch & <Co>", slug: "launch-x1", description: "The plan's notes." },
    calendar: {
      startDate: "2026-03-02",
      workingDays: [1, 2, 3, 4],
      holidays: ["2026-03-11", "2026-03-12", "2026-04-06"],
    },
    categories: [
      { id: 1, name: "Design", color: "#3B82F6" },
      { id: 2, name: "Build", color: "#10B981" },
      { id: 3, name: "Empty", color: "#F59E0B" },
    ],
    tasks: [
      task(15, "Start", { duration: 0, ...scheduled("2026-03-02", "2026-03-02") }),
      task(10, "Spec", {
        categoryId: 1,
        duration: 3,
        description: 'Write the <spec> & "notes"\nsecond line',
        status: "in-progress",
        ...scheduled("2026-03-02", "2026-03-04"),
      }),
      task(11, "Review", { categoryId: 1, duration: 0, ...scheduled("2026-03-04", "2026-03-04") }),
      task(12, "Prototype", {
        categoryId: 2,
        duration: 2,
        schedulingMode: "manual",
        startDate: "2026-03-05T00:00:00.000Z",
        dueDate: "2026-03-09T00:00:00.000Z",
      }),
      task(13, "Kickoff", {
        duration: 1,
        startNoEarlierThan: "2026-03-16",
        completed: true,
        status: "completed",
        ...scheduled("2026-03-16", "2026-03-16"),
      }),
      task(14, "Test", { categoryId: 2, duration: 4, ...scheduled("2026-03-16", "2026-03-19") }),
    ],
    dependencies: [
      { id: 1, sourceTaskId: 10, targetTaskId: 11, type: "FS", lag: 0 },
      { id: 2, sourceTaskId: 11, targetTaskId: 12, type: "SS", lag: 2 },
      { id: 3, sourceTaskId: 12, targetTaskId: 14, type: "FF", lag: -1 },
      { id: 4, sourceTaskId: 13, targetTaskId: 14, type: "SF", lag: 1 },
    ],
  };

  it("writes a file MS Project opens", () => {
    const xml = writeMspdi(plan);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>/);
    expect(xml).toContain('<Project xmlns="http://schemas.microsoft.com/project">');
    expect(xml).toContain("<SaveVersion>14</SaveVersion>");
    expect(xml).toContain("<Name>Launch &amp; &lt;Co&gt;</Name>");
    expect(xml).toContain("<Duration>PT24H0M0S</Duration>");
    expect(xml).toContain("<LinkLag>-4800</LinkLag>");
    // Categories are summary rows numbered after the largest task id; the empty one is left out.
    expect(xml).toMatch(/<UID>16<\/UID>\s*<ID>1<\/ID>\s*<Name>Design<\/Name>/);
    expect(xml).not.toContain("Empty");
  });

  it("reads back what it wrote", () => {
    const back = readMspdi(writeMspdi(plan));
    expect(back.warnings).toEqual([]);
    expect(back.name).toBe("Launch & <Co>");
    expect(back.description).toBe("The plan's notes.");
    expect(back.calendar).toEqual(plan.calendar);
    const categoryName = (key: string) =>
      back.categories.find((category) => category.key === taskOf(back, key).categoryKey)?.name ?? null;
    expect(back.categories.map((category) => category.name)).toEqual(["Design", "Build"]);
    const summary = (key: string) => {
      const task = taskOf(back, key);
      const fields = [
        "name",
        "description",
        "duration",
        "startDate",
        "dueDate",
        "completed",
        "schedulingMode",
        "startNoEarlierThan",
      ] as const;
      return {
        ...Object.fromEntries(fields.map((field) => [field, task[field]])),
        category: categoryName(key),
      };
    };
    const base = { description: "", completed: false, schedulingMode: "auto", startNoEarlierThan: null };
    expect(back.tasks.map((each) => each.key)).toEqual(["10", "11", "12", "14", "13", "15"]);
    expect(summary("15")).toEqual({
      ...base,
      name: "Start",
      duration: 0,
      startDate: "2026-03-02",
      dueDate: "2026-03-02",
      category: null,
    });
    expect(summary("10")).toEqual({
      ...base,
      name: "Spec",
      description: 'Write the <spec> & "notes"\nsecond line',
      duration: 3,
      startDate: "2026-03-02",
      dueDate: "2026-03-04",
      category: "Design",
    });
    expect(summary("11")).toEqual({
      ...base,
      name: "Review",
      duration: 0,
      startDate: "2026-03-04",
      dueDate: "2026-03-04",
      category: "Design",
    });
    expect(summary("12")).toEqual({
      ...base,
      name: "Prototype",
      duration: 2,
      startDate: "2026-03-05",
      dueDate: "2026-03-09",
      schedulingMode: "manual",
      category: "Build",
    });
    expect(summary("13")).toEqual({
      ...base,
      name: "Kickoff",
      duration: 1,
      startDate: "2026-03-16",
      dueDate: "2026-03-16",
      completed: true,
      startNoEarlierThan: "2026-03-16",
      category: null,
    });
    expect(taskOf(back, "13").status).toBe("completed");
    expect(summary("14")).toMatchObject({
      duration: 4,
      startDate: "2026-03-16",
      dueDate: "2026-03-19",
      category: "Build",
    });
    expect(linksOf(back)).toEqual(["10-FS+0-11", "11-SS+2-12", "12-FF-1-14", "13-SF+1-14"]);
  });
});
