// The scheduler against other tools' answers: MS Project's own dates, slack and critical flags in
// the MSPDI files it saved, and PSPLIB's precedence-only critical path lengths (MPM-Time). The
// samples stay in ../shared/plan-samples (see its SOURCES.md; their licences forbid copying them in).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  mspdiScheduleInput,
  parseMspdiPlan,
  parsePsplibInstance,
  psplibScheduleInput,
} from "../testing/plan-samples";
import { scheduleProject } from "./project-schedule";

/** ../shared/plan-samples from the repository's root (this file is two folders below it). */
const SAMPLES = new URL("../../../shared/plan-samples/", import.meta.url);
const readSample = (path: string) => readFileSync(new URL(path, SAMPLES), "utf8");

/** The MSPDI samples whose tasks carry a constraint other than start-no-earlier-than, or a deadline. */
const constrainedSamples = readdirSync(new URL("mspdi/", SAMPLES))
  .filter((file) => file.endsWith(".xml"))
  .map((file) => `mspdi/${file}`)
  .filter((file) =>
    parseMspdiPlan(readSample(file)).tasks.some(
      (task) => (task.constraint !== null && task.constraint.type !== "SNET") || task.deadline !== null,
    ),
  );

/**
 * Constrained samples that are no oracle, and why. The contract is MS Project's own dates and
 * floats, with links winning over SNLT and FNLT (as MS Project with "tasks honour their
 * constraint dates" off).
 */
const OUT_OF_CONTRACT: Record<string, string> = {
  // Written by MPXJ's MSPDI writer, not by MS Project (SOURCES.md): its Deadline on every row is,
  // row for row, the LateFinish MS Project wrote in mpxj-legacy-sample.xml (the same plan); it
  // has no TotalSlack, FreeSlack or Critical, and its resource-driven dates do not follow its
  // durations ("Second Task" lasts 100 days from 2003-01-07 yet finishes 2003-03-18): there is
  // no answer of MS Project's to hold the scheduler to.
  "mspdi/mpxj-legacy-sample1.xml": "written by MPXJ, not MS Project: no slack, dates not from its durations",
};

const ORACLES = [
  // The cleanest oracle: saved by Project 2003, every task auto and ASAP, 8 independent pairs.
  "mspdi/mpxj-task-links-project2003-mspdi.xml",
  // The same plan from Project 2010, every task also pinned start-no-earlier-than its own start.
  "mspdi/mpxj-task-links-project2010-mspdi.xml",
  // Project 2007: a chain of one FS, SS+1d, FF and SF link.
  "mspdi/mpxj-mspdirelations.xml",
  // Project 2019, every task manual: a start-based link between manual tasks carries no late
  // date back (its prerequisite's float runs to the project's finish).
  "mspdi/mpxj-task-links-project2019-mspdi.xml",
  // Every sample MS Project saved with other constraints or deadlines (none yet; see below).
  ...constrainedSamples.filter((file) => !(file in OUT_OF_CONTRACT)),
];

describe("MS Project's own schedules", () => {
  describe.each([...new Set(ORACLES)])("%s", (file) => {
    const plan = parseMspdiPlan(readSample(file));
    const input = mspdiScheduleInput(plan);
    const schedule = scheduleProject(input.calendar, input.tasks, input.dependencies, { explain: true });

    it("is on a Monday-to-Friday week", () => {
      expect(plan.workingDays).toEqual([1, 2, 3, 4, 5]);
      expect(plan.minutesPerDay).toBe(480);
    });

    for (const task of plan.tasks) {
      const links = task.links.map(
        (link) => `${link.predecessorUid}${link.type}${link.lag ? `+${link.lag}d` : ""}`,
      );
      it(`gives task ${task.uid} (${[task.name, ...links].join(", ")}) MS Project's dates, floats and critical flag`, () => {
        expect(schedule.tasks.get(task.uid)).toMatchObject({
          start: task.start,
          finish: task.finish,
          totalFloat: task.totalSlack,
          // FreeSlack, in tenths of a minute as TotalSlack.
          freeFloat: task.freeSlack,
          critical: task.critical,
        });
      });
    }

    it("finishes the project when MS Project does", () => {
      expect(plan.finish).not.toBeNull();
      expect(schedule.finish).toBe(plan.finish);
    });
  });

  it("reads the 2003 file's eight pairs: every link type and lags of 0, 1, 2, 5 and 10 days", () => {
    const plan = parseMspdiPlan(readSample("mspdi/mpxj-task-links-project2003-mspdi.xml"));
    expect(plan.startDate).toBe("2014-10-17");
    expect(plan.tasks).toHaveLength(16);
    expect(plan.tasks.every((task) => task.duration === 1 && !task.manual && task.constraint === null)).toBe(
      true,
    );
    expect(
      plan.tasks.flatMap((task) =>
        task.links.map((link) => [link.predecessorUid, task.uid, link.type, link.lag]),
      ),
    ).toEqual([
      [1, 2, "FS", 0],
      [3, 4, "FS", 1],
      [5, 6, "FS", 2],
      [7, 8, "FS", 5],
      [9, 10, "FS", 10],
      [11, 12, "SF", 2],
      [13, 14, "SS", 2],
      [15, 16, "FF", 2],
    ]);
  });

  it("reads the relations file's chain, and a finish written at 08:00 as the working day before", () => {
    const plan = parseMspdiPlan(readSample("mspdi/mpxj-mspdirelations.xml"));
    expect(plan.tasks.map((task) => task.links)).toEqual([
      [],
      [{ predecessorUid: 1, type: "FS", lag: 0 }],
      [{ predecessorUid: 2, type: "SS", lag: 1 }],
      [{ predecessorUid: 3, type: "FF", lag: 0 }],
      [{ predecessorUid: 4, type: "SF", lag: 0 }],
    ]);
    // Task 5: Start 2006-09-22T08:00, Finish 2006-09-25T08:00 (Monday): it works Friday only.
    expect(plan.tasks[4]).toMatchObject({ start: "2006-09-22", finish: "2006-09-22", totalSlack: 1 });
  });
});

describe("MS Project's constraints other than start-no-earlier-than, and deadlines", () => {
  it("are each held to the file's own dates and floats, or said to be out of the contract", () => {
    // No sample MS Project itself saved has a ConstraintType other than 0 and 4, nor a Deadline.
    expect(constrainedSamples).toEqual(["mspdi/mpxj-legacy-sample1.xml"]);
    for (const file of constrainedSamples)
      expect(file in OUT_OF_CONTRACT || ORACLES.includes(file)).toBe(true);
  });

  it("maps a sample's deadlines into the scheduling input, a Deadline at 08:00 as the day before", () => {
    const plan = parseMspdiPlan(readSample("mspdi/mpxj-legacy-sample1.xml"));
    const tasks = new Map(mspdiScheduleInput(plan).tasks.map((task) => [task.name, task]));
    // <Deadline>2003-03-13T17:00:00</Deadline>, and 2003-03-18T08:00:00: the end of the 17th.
    expect(tasks.get("Related Task 2a")).toMatchObject({ constraintType: "ASAP", deadline: "2003-03-13" });
    expect(tasks.get("Second Task")).toMatchObject({ deadline: "2003-03-17" });
    expect(tasks.get("Related Task 6a")).toMatchObject({
      constraintType: "SNET",
      constraintDate: "2003-01-08",
      startNoEarlierThan: "2003-01-08",
    });
  });
});

describe("reading MSPDI rows", () => {
  it("leaves out null rows, summary rows and the project row", () => {
    const plan = parseMspdiPlan(readSample("mspdi/mpxj-mspdinulltasks.xml"));
    expect(plan.tasks.map((task) => [task.uid, task.name])).toEqual([
      [3, "Task 2"],
      [4, "Task 3"],
      [8, "Task 5"],
    ]);
    // 75 h at this file's 450 minutes a day.
    expect(plan.tasks[0].duration).toBe(10);
  });

  it("finds ProjectLibre's summary rows from the outline, and its negative lag", () => {
    const plan = parseMspdiPlan(readSample("mspdi/projectlibre-new-product.xml"));
    const names = plan.tasks.map((task) => task.name);
    expect(names).not.toContain("Design Phase");
    expect(names).toContain("Prototype design");
    expect(plan.tasks.find((task) => task.name === "Sales training")?.links).toEqual([
      { predecessorUid: 25, type: "FS", lag: -15 },
    ]);
  });

  it("puts a milestone at the project's start on the first day, and keeps start-no-earlier-than", () => {
    const plan = parseMspdiPlan(readSample("mspdi/mpxj-legacy-sample.xml"));
    expect(plan.tasks.find((task) => task.uid === 3)).toMatchObject({
      milestone: true,
      duration: 0,
      start: "2003-01-07",
      finish: "2003-01-07",
    });
    expect(plan.tasks.find((task) => task.uid === 7)?.constraint).toEqual({
      type: "SNET",
      date: "2003-02-01",
    });
  });
});

describe("PSPLIB critical path lengths (MPM-Time)", () => {
  const instances = readdirSync(new URL("psplib/", SAMPLES)).filter((file) => file.endsWith(".sm"));
  // problem,optimum per instance; an open one is written "lower..upper", and parseInt keeps the lower.
  const optimumLowerBound = new Map(
    ["j30", "j60", "j120"].flatMap((set) =>
      readSample(`psplib/${set}-optimum.csv`)
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(","))
        .map(([problem, optimum]) => [problem, Number.parseInt(optimum, 10)] as const),
    ),
  );

  it("has its five instances", () => {
    expect(instances.sort()).toEqual(["j1201_1.sm", "j3010_1.sm", "j301_1.sm", "j301_2.sm", "j601_1.sm"]);
  });

  describe.each(instances)("%s", (file) => {
    const instance = parsePsplibInstance(readSample(`psplib/${file}`));
    const input = psplibScheduleInput(instance, "2026-01-05");
    const schedule = scheduleProject(input.calendar, input.tasks, input.dependencies);
    const source = instance.jobs[0].job;
    const sink = instance.jobs[instance.jobs.length - 1].job;

    it("finishes MPM-Time working days after the start", () => {
      expect(schedule.result.finish).toBe(instance.mpmTime);
      // Every day is worked, so the last day worked is MPM-Time - 1 days after the start.
      expect(schedule.finish).toBe(schedule.calendar.dateOf(instance.mpmTime - 1));
    });

    it("makes the dummy source and sink critical with no float", () => {
      expect(schedule.tasks.get(source)).toMatchObject({
        start: "2026-01-05",
        totalFloat: 0,
        critical: true,
      });
      expect(schedule.tasks.get(sink)).toMatchObject({ totalFloat: 0, critical: true });
    });

    it("keeps every precedence and no negative float", () => {
      const { earlyStart, earlyFinish, lateStart, slotOf } = schedule.result;
      for (const { job, successors } of instance.jobs) {
        for (const successor of successors) {
          expect(earlyStart[slotOf(successor)]).toBeGreaterThanOrEqual(earlyFinish[slotOf(job)]);
        }
        expect(lateStart[slotOf(job)]).toBeGreaterThanOrEqual(earlyStart[slotOf(job)]);
      }
    });

    it("is no longer than the resource-constrained optimum's lower bound", () => {
      const lowerBound = optimumLowerBound.get(file);
      expect(lowerBound).toBeGreaterThan(0);
      expect(instance.mpmTime).toBeLessThanOrEqual(lowerBound as number);
    });
  });
});
