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
/** The tasks no task sits under: the work, as the scheduling oracle reads a file. */
const leavesOf = (plan: ImportedPlan) => {
  const parents = new Set(plan.tasks.map((task) => task.parentKey));
  return plan.tasks.filter((task) => !parents.has(task.key));
};
/** Each task as its outline shows it: "1.2 Name", numbered from the parent keys in file order. */
const outlineOf = (plan: ImportedPlan) => {
  const numbers = new Map<string | null, string>([[null, ""]]);
  const counts = new Map<string | null, number>();
  return plan.tasks.map((task) => {
    const place = (counts.get(task.parentKey) ?? 0) + 1;
    counts.set(task.parentKey, place);
    const number = `${numbers.get(task.parentKey) ? `${numbers.get(task.parentKey)}.` : ""}${place}`;
    numbers.set(task.key, number);
    return `${number} ${task.name}`;
  });
};

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

  it("reads every row as a task, its summaries found from the outline, not the Summary flag", () => {
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
        expect(plan.categories, file).toEqual([]);
        return [file, [plan.tasks.length, plan.tasks.length - leavesOf(plan).length]];
      }),
    );
    expect(counts).toEqual({
      // 19 rows, 3 of them summaries; 22 rows, 4 summaries (one nested); 8 rows, 3 blank, 2 summaries.
      "mpxj-legacy-sample.xml": [19, 3],
      "mpxj-legacy-sample1.xml": [22, 4],
      "mpxj-mspdinulltasks.xml": [5, 2],
      // 43 rows, all written with Summary 0: the top row (OutlineLevel 0, numbered "1") and 6 phases.
      "projectlibre-new-product.xml": [43, 7],
      "mpxj-task-baselines-project2019-mspdi.xml": [110, 0],
      "mpxj-calendar-recurring-exceptions-project2016-mspdi.xml": [0, 0],
    });
  });

  it.each(readdirSync(SAMPLES).filter((file) => file.endsWith(".xml")))(
    "gives %s's tasks MS Project's own days (as the scheduling oracle reads them)",
    (file) => {
      const plan = read(file);
      const oracle = parseMspdiPlan(sample(file));
      expect(leavesOf(plan).map((task) => [task.key, task.startDate, task.dueDate])).toEqual(
        oracle.tasks.map((task) => [String(task.uid), task.start, task.finish]),
      );
    },
  );

  it("puts each task under its nearest summary, in the file's order", () => {
    const plan = read("mpxj-legacy-sample1.xml");
    const parentName = (key: string) =>
      plan.tasks.find((task) => task.key === taskOf(plan, key).parentKey)?.name ?? null;
    expect(parentName("2")).toBe("First Task");
    expect(parentName("9")).toBe("Task Relationships");
    // Nested: Resource Assignments sits under Task Relationships.
    expect(parentName("23")).toBe("Resource Assignments");
    expect(parentName("22")).toBe("Task Relationships");
    expect(parentName("1")).toBeNull();

    // ProjectLibre counts levels from 0 and writes Summary 0 everywhere: three levels all the same.
    const library = read("projectlibre-new-product.xml");
    expect(outlineOf(library).filter((line) => !/^\d+\.\d+\.\d+ /.test(line))).toEqual([
      "1 Product #23 Development",
      "1.1 Begin project",
      "1.2 Design Phase",
      "1.3 Finance Phase",
      "1.4 Production Phase",
      "1.5 Marketing and Sales Phase",
      "1.6 Distribution Phase",
      "1.7 Regional Promotions",
    ]);
    expect(outlineOf(library)).toContain("1.2.1 Prototype design");
    expect(outlineOf(library)).toContain("1.7.6 Southern Region promo week");
    expect(outlineOf(library).at(-1)).toBe("1.7.7 End project");
    expect(taskOf(library, "2")).toMatchObject({ name: "Begin project", parentKey: "1", duration: 0 });
    expect(taskOf(library, "4").parentKey).toBe("3");
    // A summary's dates and duration roll up from its subtree: they are not its own.
    expect(taskOf(library, "3")).toMatchObject({ duration: null, startDate: null, dueDate: null });
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
    expect(taskOf(plan, "7")).toMatchObject({ startNoEarlierThan: "2003-02-01", parentKey: "6" });
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

  it("keeps a link to or from a summary task on the summary, one link per link of the file", () => {
    const plan = read("projectlibre-new-product.xml");
    const links = linksOf(plan);
    // Finance Phase (7) precedes Marketing and Sales Phase (23); Production Phase (16) precedes
    // Distribution Phase (30) and Regional Promotions (36).
    expect(links).toEqual(expect.arrayContaining(["7-FS+0-23", "16-FS+0-30", "16-FS+0-36"]));
    expect(links).toContain("17-FF+0-18");
    expect(links).toContain("25-FS-15-28"); // -72000 tenths of a minute: a 15-day lead
    expect(plan.dependencies).toHaveLength(37);
    expect(new Set(links).size).toBe(37);
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
        /Baseline cost and work are not imported \(22 baseline rows/,
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

  it("21 outline levels (a link between two summaries of 500 tasks each is one link)", () => {
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
    expect(linksOf(readMspdi(xml))).toEqual(["1-FS+0-1000"]);
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
    // A must-start-on is kept now, not named among what is dropped.
    expect(plan.tasks[0]).toMatchObject({ constraintType: "MSO", constraintDate: "2024-01-08" });
    // 50 % of a 1.5-day predecessor.
    expect(linksOf(plan)).toEqual(["1-FS+1-2"]);
    expect(plan.warnings).toEqual([
      'Rounded 1 durations up to whole working days: "Half" (1.5 days).',
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

describe("readMspdi durations", () => {
  it("rounds a part-day up (it is still worked), keeps whole days and milestones, and says so", () => {
    const row = (uid: number, name: string, fields: string) =>
      `<Task><UID>${uid}</UID><Name>${name}</Name><OutlineLevel>1</OutlineLevel>${fields}</Task>`;
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><MinutesPerDay>480</MinutesPerDay><Tasks>
${row(1, "Fraction", "<Duration>PT114H18M0S</Duration>")}
${row(2, "Whole", "<Duration>PT112H0M0S</Duration>")}
${row(3, "Short", "<Duration>PT0H48M0S</Duration>")}
${row(4, "Milestone", "<Duration>PT0H0M0S</Duration><Milestone>1</Milestone>")}
${row(5, "Zero", "<Duration>PT0H0M0S</Duration>")}
${row(6, "Seven and a half hours", "<Duration>PT7H30M0S</Duration>")}
</Tasks></Project>`;
    const plan = readMspdi(xml);
    // 114.3 h of 8-hour days is 14.29 days: MS Project works into a 15th day, and so does the plan.
    expect(plan.tasks.map(({ name, duration }) => [name, duration])).toEqual([
      ["Fraction", 15],
      ["Whole", 14],
      ["Short", 1],
      ["Milestone", 0],
      ["Zero", 0],
      ["Seven and a half hours", 1],
    ]);
    expect(warningAbout(plan, /durations/)).toBe(
      'Rounded 3 durations up to whole working days: "Fraction" (14.29 days), "Short" (0.1 days), "Seven and a half hours" (0.94 days).',
    );
  });

  it("counts a part-day of the file's own day length", () => {
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><MinutesPerDay>450</MinutesPerDay><Tasks>
<Task><UID>1</UID><Name>Ten</Name><OutlineLevel>1</OutlineLevel><Duration>PT75H0M0S</Duration></Task>
<Task><UID>2</UID><Name>Over ten</Name><OutlineLevel>1</OutlineLevel><Duration>PT75H1M0S</Duration></Task>
</Tasks></Project>`;
    expect(readMspdi(xml).tasks.map((task) => task.duration)).toEqual([10, 11]);
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
    // Categories go in the text field Text1, aliased "Category"; no summary row stands for one.
    expect(xml).toMatch(
      /<ExtendedAttributes>\s*<ExtendedAttribute>\s*<FieldID>188743731<\/FieldID>\s*<FieldName>Text1<\/FieldName>\s*<Alias>Category<\/Alias>/,
    );
    expect(xml).toMatch(
      /<Name>Spec<\/Name>[\s\S]*?<ExtendedAttribute>\s*<FieldID>188743731<\/FieldID>\s*<Value>Design<\/Value>/,
    );
    // Only the project's own row (UID 0) is a summary.
    expect(xml.match(/<Summary>1<\/Summary>/g)).toHaveLength(1);
    expect(xml).not.toContain("Empty");
    // The rows in the plan's order, each task's own UID, IDs from 1.
    expect(xml).toMatch(/<UID>10<\/UID>\s*<ID>1<\/ID>\s*<Name>Spec<\/Name>/);
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
    expect(back.tasks.map((each) => each.key)).toEqual(["10", "11", "12", "13", "14", "15"]);
    expect(back.tasks.every((each) => each.parentKey === null)).toBe(true);
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

  it("writes the outline: levels, numbers, rolled-up summaries, and reads it back", () => {
    // 20 Phase (21 Design, 22 Build, 23 Checks (24 Audit)), 25 Launch; Phase -> Launch.
    const outlined: ExportedPlan = {
      ...plan,
      categories: [],
      tasks: [
        task(25, "Launch", { order: 1, ...scheduled("2026-03-23", "2026-03-23") }),
        task(24, "Audit", { parentId: 23, order: 0, ...scheduled("2026-03-16", "2026-03-17") }),
        task(20, "Phase", { order: 0, duration: 9, startNoEarlierThan: "2026-03-02", schedule: null }),
        task(22, "Build", { parentId: 20, order: 1, ...scheduled("2026-03-05", "2026-03-09") }),
        task(21, "Design", { parentId: 20, order: 0, ...scheduled("2026-03-02", "2026-03-04") }),
        // A summary the scheduler rolled up: its dates are the scheduler's.
        task(23, "Checks", { parentId: 20, order: 2, ...scheduled("2026-03-16", "2026-03-18") }),
      ],
      dependencies: [{ id: 1, sourceTaskId: 20, targetTaskId: 25, type: "FS", lag: 0 }],
    };
    const xml = writeMspdi(outlined);
    const rowOf = (name: string) => {
      const row = new RegExp(`<Task>((?:(?!</Task>)[\\s\\S])*?<Name>${name}</Name>[\\s\\S]*?)</Task>`).exec(
        xml,
      );
      if (!row) throw new Error(`no row ${name}`);
      const field = (element: string) => new RegExp(`<${element}>([^<]*)</${element}>`).exec(row[1])?.[1];
      return ["OutlineNumber", "OutlineLevel", "Summary", "Start", "Finish", "ConstraintType"].map(field);
    };
    expect(rowOf("Phase")).toEqual(["1", "1", "1", "2026-03-02T08:00:00", "2026-03-18T17:00:00", "4"]);
    expect(rowOf("Design")).toEqual(["1.1", "2", "0", "2026-03-02T08:00:00", "2026-03-04T17:00:00", "0"]);
    expect(rowOf("Checks")).toEqual(["1.3", "2", "1", "2026-03-16T08:00:00", "2026-03-18T17:00:00", "0"]);
    expect(rowOf("Audit")).toEqual(["1.3.1", "3", "0", "2026-03-16T08:00:00", "2026-03-17T17:00:00", "0"]);
    expect(rowOf("Launch")).toEqual(["2", "1", "0", "2026-03-23T08:00:00", "2026-03-23T17:00:00", "0"]);
    // A summary has no duration of its own: its span is its subtree's.
    expect(/<Name>Phase<\/Name>(?:(?!<\/Task>)[\s\S])*<Duration>/.test(xml)).toBe(false);

    const back = readMspdi(xml);
    expect(back.warnings).toEqual([]);
    expect(back.tasks.map((each) => [each.key, each.parentKey, each.name])).toEqual([
      ["20", null, "Phase"],
      ["21", "20", "Design"],
      ["22", "20", "Build"],
      ["23", "20", "Checks"],
      ["24", "23", "Audit"],
      ["25", null, "Launch"],
    ]);
    expect(taskOf(back, "20")).toMatchObject({
      duration: null,
      startDate: null,
      dueDate: null,
      startNoEarlierThan: "2026-03-02",
    });
    expect(linksOf(back)).toEqual(["20-FS+0-25"]);
  });
});
