// Readers of the plan samples in ../shared/plan-samples (MS Project XML and PSPLIB), for tests that
// hold the scheduler to other tools' answers. They take a file's text and return plain data (core
// does no I/O); the test reads the file. The XML reader is a small tag reader, enough for what MS
// Project and ProjectLibre write (no DTDs, no ">" inside attribute values).
import { epochDayOf, isoDateOf, type ProjectCalendar } from "../scheduling/calendar";
import type { DependencyType } from "../scheduling/engine";
import type { SchedulingDependency, SchedulingTask } from "../scheduling/project-schedule";

type XmlNode = { name: string; children: XmlNode[]; text: string };

const XML_TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][\s\S]*?>|<(\/?)([\w:.-]+)[^>]*?(\/?)>|([^<]+)/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) => {
    if (code[0] !== "#") return ENTITIES[code] ?? entity;
    return String.fromCodePoint(code[1] === "x" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)));
  });

function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: "#document", children: [], text: "" };
  const open = [root];
  // A token with no name, text or CDATA is a comment, the declaration or a doctype: skipped.
  for (const [, cdata, closing, name, selfClosing, text] of xml.matchAll(XML_TOKEN)) {
    const parent = open[open.length - 1];
    if (text !== undefined) parent.text += decodeEntities(text);
    else if (cdata !== undefined) parent.text += cdata;
    else if (name === undefined) continue;
    else if (closing) {
      if (parent.name !== name) throw new Error(`XML: </${name}> closes <${parent.name}>`);
      open.pop();
    } else {
      const node: XmlNode = { name, children: [], text: "" };
      parent.children.push(node);
      if (!selfClosing) open.push(node);
    }
  }
  if (open.length > 1) throw new Error(`XML: <${open[open.length - 1].name}> is never closed`);
  return root;
}

type MaybeNode = XmlNode | undefined;
const childOf = (node: MaybeNode, name: string) => node?.children.find((child) => child.name === name);
const childrenOf = (node: MaybeNode, name: string) =>
  node?.children.filter((child) => child.name === name) ?? [];
/** The trimmed text of a child element, null when it is absent or empty. */
const textOf = (node: MaybeNode, name: string) => childOf(node, name)?.text.trim() || null;
const numberOf = (node: MaybeNode, name: string) =>
  textOf(node, name) === null ? null : Number(textOf(node, name));

/** MSPDI's link Type: 0 = FF, 1 = FS, 2 = SF, 3 = SS. */
const LINK_TYPES: readonly DependencyType[] = ["FF", "FS", "SF", "SS"];
/** MSPDI's ConstraintType, 0 (as soon as possible) meaning none. */
const CONSTRAINT_TYPES = ["ASAP", "ALAP", "MSO", "MFO", "SNET", "SNLT", "FNET", "FNLT"] as const;
/** The types whose date is the day a task starts; the others' (and a deadline's) is its last day worked. */
const START_TYPES = new Set(["SNET", "SNLT", "MSO"]);

/** A predecessor link; its lag in working days (negative: a lead). */
export type MspdiLink = { predecessorUid: number; type: DependencyType; lag: number };

export type MspdiTask = {
  uid: number;
  name: string;
  /** Working days (the file's minutes per day); fractional when the file's duration is. */
  duration: number;
  milestone: boolean;
  /** "YYYY-MM-DD": the first day worked. */
  start: string;
  /** "YYYY-MM-DD": the last day worked (a finish at the start of a day is the day before's end). */
  finish: string;
  /** Working days; null when the file has none. */
  totalSlack: number | null;
  /** Working days (FreeSlack, tenths of a minute as TotalSlack); null when the file has none. */
  freeSlack: number | null;
  critical: boolean;
  manual: boolean;
  /** A start type's date is its first day, a finish type's its last day worked; null for ALAP. */
  constraint: { type: (typeof CONSTRAINT_TYPES)[number]; date: string | null } | null;
  /** "YYYY-MM-DD": the last day worked by its Deadline, null when it has none. */
  deadline: string | null;
  links: MspdiLink[];
};

export type MspdiPlan = {
  name: string | null;
  /** "YYYY-MM-DD" of the project's StartDate. */
  startDate: string;
  /** "YYYY-MM-DD" of the project's FinishDate, read as a task's finish. */
  finish: string | null;
  minutesPerDay: number;
  /** ISO weekdays worked in the project's calendar (Mon-Fri when the file has no week). */
  workingDays: number[];
  /** The leaf tasks, in file order. */
  tasks: MspdiTask[];
};

/** ISO weekday (1 = Monday) of a day since 1970-01-01, a Thursday. */
const weekdayOf = (epochDay: number) => ((((epochDay + 3) % 7) + 7) % 7) + 1;

/** Minutes of an ISO-8601 work duration as MSPDI writes them ("PT8H0M0S", "PT7H30M0S"). */
function minutesOf(duration: string): number {
  const match = /^PT(?:([\d.]+)H)?(?:([\d.]+)M)?(?:([\d.]+)S)?$/.exec(duration);
  if (!match) throw new Error(`MSPDI: unsupported duration ${duration}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) + Number(match[3] ?? 0) / 60;
}

/** The project calendar's working weekdays: MSPDI's DayType 1 = Sunday .. 7 = Saturday. */
function workingDaysOf(project: MaybeNode): number[] {
  const calendars = childrenOf(childOf(project, "Calendars"), "Calendar");
  const uid = textOf(project, "CalendarUID");
  const calendar = calendars.find((each) => textOf(each, "UID") === uid) ?? calendars[0];
  const days = childrenOf(childOf(calendar, "WeekDays"), "WeekDay")
    .filter((day) => numberOf(day, "DayType") !== 0 && textOf(day, "DayWorking") === "1")
    .map((day) => (((numberOf(day, "DayType") as number) + 5) % 7) + 1);
  return days.length > 0 ? [...new Set(days)].sort((a, b) => a - b) : [1, 2, 3, 4, 5];
}

/** An MSPDI file's project element, its start, week and day, and how it writes finishes and lags. */
function readMspdiProject(xml: string) {
  const project = childOf(parseXml(xml), "Project");
  if (!project) throw new Error("MSPDI: no <Project> element");
  const startDateTime = textOf(project, "StartDate");
  if (!startDateTime) throw new Error("MSPDI: no project <StartDate>");
  const startDate = startDateTime.slice(0, 10);
  const minutesPerDay = numberOf(project, "MinutesPerDay") ?? 480;
  const tenthsPerDay = minutesPerDay * 10; // LinkLag and TotalSlack are in tenths of a minute
  const dayStart = textOf(project, "DefaultStartTime") ?? "08:00:00";
  const workingDays = workingDaysOf(project);

  // A finish at (or before) the start of a working day is the end of the working day before it,
  // except at the project's start, where there is none (a milestone at f = 0).
  const finishDateOf = (dateTime: string) => {
    const date = dateTime.slice(0, 10);
    if (dateTime.slice(11) > dayStart || date <= startDate) return date;
    let day = epochDayOf(date) - 1;
    while (!workingDays.includes(weekdayOf(day))) day--;
    return day < epochDayOf(startDate) ? date : isoDateOf(day);
  };
  const linksOf = (row: MaybeNode): MspdiLink[] =>
    childrenOf(row, "PredecessorLink").map((link) => ({
      predecessorUid: numberOf(link, "PredecessorUID") as number,
      type: LINK_TYPES[numberOf(link, "Type") ?? 1],
      lag: (numberOf(link, "LinkLag") ?? 0) / tenthsPerDay,
    }));
  /** A row's constraint, its date read as a start or as a finish by its type; null for ASAP. */
  const constraintOf = (row: MaybeNode): MspdiTask["constraint"] => {
    const type = CONSTRAINT_TYPES[numberOf(row, "ConstraintType") ?? 0];
    if (!type || type === "ASAP") return null;
    const date = type === "ALAP" ? null : textOf(row, "ConstraintDate");
    return { type, date: date && (START_TYPES.has(type) ? date.slice(0, 10) : finishDateOf(date)) };
  };
  const rows = childrenOf(childOf(project, "Tasks"), "Task");
  return {
    project,
    startDate,
    minutesPerDay,
    tenthsPerDay,
    workingDays,
    finishDateOf,
    constraintOf,
    linksOf,
    rows,
  };
}

/**
 * A Microsoft Project XML (MSPDI) plan: its start, calendar week and leaf tasks with MS Project's
 * own dates, slack and links. Null rows (IsNull), summary rows (Summary, or a row followed by a
 * deeper OutlineLevel, for writers that leave Summary 0) and the project row (UID 0) are left out.
 * @example parseMspdiPlan(xml).tasks[1] // { uid: 2, start: "2014-10-20", links: [{ predecessorUid: 1, type: "FS", lag: 0 }], ... }
 */
export function parseMspdiPlan(xml: string): MspdiPlan {
  const {
    project,
    startDate,
    minutesPerDay,
    tenthsPerDay,
    workingDays,
    finishDateOf,
    constraintOf,
    linksOf,
    rows,
  } = readMspdiProject(xml);
  const outlineLevel = (row: MaybeNode) => numberOf(row, "OutlineLevel") ?? 0;
  const tasks: MspdiTask[] = [];
  rows.forEach((row, index) => {
    const uid = numberOf(row, "UID") as number;
    const summary = textOf(row, "Summary") === "1" || outlineLevel(rows[index + 1]) > outlineLevel(row);
    if (uid === 0 || summary || textOf(row, "IsNull") === "1") return;
    const duration = minutesOf(textOf(row, "Duration") ?? "PT0H0M0S") / minutesPerDay;
    const finish = finishDateOf(textOf(row, "Finish") ?? "");
    const slack = numberOf(row, "TotalSlack");
    const freeSlack = numberOf(row, "FreeSlack");
    const deadline = textOf(row, "Deadline");
    tasks.push({
      uid,
      name: textOf(row, "Name") ?? "",
      duration,
      milestone: textOf(row, "Milestone") === "1",
      // A zero-length task sits at one instant, which its finish date already places.
      start: duration === 0 ? finish : (textOf(row, "Start") ?? "").slice(0, 10),
      finish,
      totalSlack: slack === null ? null : slack / tenthsPerDay,
      freeSlack: freeSlack === null ? null : freeSlack / tenthsPerDay,
      critical: textOf(row, "Critical") === "1",
      manual: textOf(row, "Manual") === "1",
      constraint: constraintOf(row),
      deadline: deadline ? finishDateOf(deadline) : null,
      links: linksOf(row),
    });
  });
  const finishDateTime = textOf(project, "FinishDate");
  return {
    name: textOf(project, "Name"),
    startDate,
    finish: finishDateTime ? finishDateOf(finishDateTime) : null,
    minutesPerDay,
    workingDays,
    tasks,
  };
}

/** A project's scheduling inputs as the API carries them; task ids are the file's UIDs or job numbers. */
export type PlanScheduleInput = {
  calendar: ProjectCalendar;
  tasks: (SchedulingTask & { name: string })[];
  dependencies: SchedulingDependency[];
};

type PlanTask = PlanScheduleInput["tasks"][number];

/** The planner counts whole working days: a fraction is refused rather than rounded. */
const wholeDays = (what: string, value: number) => {
  if (!Number.isInteger(value)) throw new Error(`${what} is ${value} days, not a whole number`);
  return value;
};

const autoTask = (task: Pick<PlanTask, "id" | "name" | "duration" | "startNoEarlierThan">): PlanTask => ({
  parentId: null,
  constraintType: task.startNoEarlierThan ? "SNET" : "ASAP",
  constraintDate: task.startNoEarlierThan,
  deadline: null,
  percentComplete: 0,
  actualStart: null,
  actualFinish: null,
  ...task,
  schedulingMode: "auto",
  startDate: null,
  dueDate: null,
});

/**
 * An MSPDI plan as auto tasks, each with its constraint (startNoEarlierThan too for SNET) and its
 * deadline, manual tasks on the file's own dates, and typed links with lags, on the file's week
 * (holidays dropped).
 * @example mspdiScheduleInput(parseMspdiPlan(xml)).dependencies[0] // { sourceTaskId: 1, targetTaskId: 2, type: "FS", lag: 0 }
 */
export function mspdiScheduleInput(plan: MspdiPlan): PlanScheduleInput {
  const uids = new Set(plan.tasks.map((task) => task.uid));
  return {
    calendar: { startDate: plan.startDate, workingDays: plan.workingDays, holidays: [] },
    tasks: plan.tasks.map((task) => {
      const scheduled = autoTask({
        id: task.uid,
        name: task.name,
        duration: wholeDays(`The duration of task ${task.uid}`, task.duration),
        startNoEarlierThan: task.constraint?.type === "SNET" ? task.constraint.date : null,
      });
      // A manual task stands on the file's own dates (its start-no-earlier-than kept, as before);
      // an auto task takes its constraint, whatever its type, and its deadline.
      return task.manual
        ? { ...scheduled, schedulingMode: "manual" as const, startDate: task.start, dueDate: task.finish }
        : {
            ...scheduled,
            constraintType: task.constraint?.type ?? "ASAP",
            constraintDate: task.constraint?.date ?? null,
            deadline: task.deadline,
          };
    }),
    dependencies: plan.tasks.flatMap((task) =>
      task.links
        .filter((link) => uids.has(link.predecessorUid))
        .map((link) => ({
          sourceTaskId: link.predecessorUid,
          targetTaskId: task.uid,
          type: link.type,
          lag: wholeDays(`The lag of ${link.predecessorUid}->${task.uid}`, link.lag),
        })),
    ),
  };
}

/** A row of an MSPDI plan's outline, with the file's own dates and links. */
export type MspdiOutlineRow = {
  uid: number;
  name: string;
  /** 0 for the project's row (MS Project's project summary task), 1 at the top level. */
  outlineLevel: number;
  /** The row it sits under (the nearest row above it one level up), null at the top. */
  parentUid: number | null;
  /** Has rows under it (whatever its Summary flag says: ProjectLibre writes 0 on every row). */
  summary: boolean;
  /** "YYYY-MM-DD" of its Start (a summary's is its first subtask's, a milestone's day included). */
  start: string;
  /** "YYYY-MM-DD": its last day worked, read as a task's finish. */
  finish: string;
  /** "YYYY-MM-DD" of a start-no-earlier-than constraint, null when it has none. */
  startNoEarlierThan: string | null;
  links: MspdiLink[];
};

/**
 * Every row of an MSPDI plan's outline, the project's row and the summaries included (null rows
 * left out), in file order, each under the nearest row above it one OutlineLevel up.
 * @example parseMspdiOutline(xml).find((row) => row.name === "Design Phase") // { summary: true, outlineLevel: 1, ... }
 */
export function parseMspdiOutline(xml: string): MspdiOutlineRow[] {
  const { finishDateOf, linksOf, rows } = readMspdiProject(xml);
  const kept = rows.filter((row) => textOf(row, "IsNull") !== "1");
  const levelOf = (row: MaybeNode) => numberOf(row, "OutlineLevel") ?? 0;
  const above: number[] = [];
  const outline: MspdiOutlineRow[] = [];
  kept.forEach((row, index) => {
    const uid = numberOf(row, "UID") as number;
    const level = levelOf(row);
    above[level] = uid;
    const constraint = CONSTRAINT_TYPES[numberOf(row, "ConstraintType") ?? 0];
    outline.push({
      uid,
      name: textOf(row, "Name") ?? "",
      outlineLevel: level,
      parentUid: level > 0 ? (above[level - 1] ?? null) : null,
      summary: index + 1 < kept.length && levelOf(kept[index + 1]) > level,
      start: (textOf(row, "Start") ?? "").slice(0, 10),
      finish: finishDateOf(textOf(row, "Finish") ?? ""),
      startNoEarlierThan:
        constraint === "SNET" ? (textOf(row, "ConstraintDate")?.slice(0, 10) ?? null) : null,
      links: linksOf(row),
    });
  });
  return outline;
}

/**
 * An MSPDI plan with its outline: mspdiScheduleInput's leaves, each under its summary, the summary
 * rows as tasks (their duration left out: the scheduler rolls it up), and the links of every row,
 * into and from summaries too.
 * @example mspdiOutlineScheduleInput(parseMspdiPlan(xml), parseMspdiOutline(xml)).tasks.find((task) => task.id === 3)?.parentId // 2
 */
export function mspdiOutlineScheduleInput(
  plan: MspdiPlan,
  outline: readonly MspdiOutlineRow[],
): PlanScheduleInput {
  const leaves = mspdiScheduleInput(plan);
  const rows = new Map(outline.map((row) => [row.uid, row]));
  const parentOf = (uid: number) => rows.get(uid)?.parentUid ?? null;
  return {
    calendar: leaves.calendar,
    tasks: [
      ...leaves.tasks.map((task) => ({ ...task, parentId: parentOf(task.id) })),
      ...outline
        .filter((row) => row.summary)
        .map((row) => ({
          ...autoTask({
            id: row.uid,
            name: row.name,
            duration: null,
            startNoEarlierThan: row.startNoEarlierThan,
          }),
          parentId: row.parentUid,
        })),
    ],
    dependencies: outline.flatMap((row) =>
      row.links
        .filter((link) => rows.has(link.predecessorUid))
        .map((link) => ({
          sourceTaskId: link.predecessorUid,
          targetTaskId: row.uid,
          type: link.type,
          lag: wholeDays(`The lag of ${link.predecessorUid}->${row.uid}`, link.lag),
        })),
    ),
  };
}

export type PsplibJob = { job: number; duration: number; successors: number[] };
/** A PSPLIB single-mode instance: its jobs (with the dummy source and sink, duration 0) and MPM-Time. */
export type PsplibInstance = { jobs: PsplibJob[]; mpmTime: number };

/** The rows of numbers under a section's title, up to the next line of asterisks. */
function sectionRows(lines: string[], title: string): number[][] {
  const at = lines.findIndex((line) => line.startsWith(title));
  if (at < 0) throw new Error(`PSPLIB: no ${title} section`);
  const rows: number[][] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.startsWith("*")) break;
    if (/^\s*\d/.test(line)) rows.push(line.trim().split(/\s+/).map(Number));
  }
  return rows;
}

/**
 * A PSPLIB .sm instance. MPM-Time (the precedence-only critical path, resources ignored) is the
 * column of that name under PROJECT INFORMATION.
 * @example parsePsplibInstance(text).mpmTime // 38 for j301_1.sm
 */
export function parsePsplibInstance(text: string): PsplibInstance {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((line) => /\bMPM-Time\b/.test(line));
  if (headerAt < 0) throw new Error("PSPLIB: no MPM-Time in the header");
  const column = lines[headerAt].trim().split(/\s+/).indexOf("MPM-Time");
  const mpmTime = Number(lines[headerAt + 1].trim().split(/\s+/)[column]);
  const durations = new Map(
    sectionRows(lines, "REQUESTS/DURATIONS:").map(([job, , duration]) => [job, duration]),
  );
  const jobs = sectionRows(lines, "PRECEDENCE RELATIONS:").map(([job, , count, ...successors]) => {
    const duration = durations.get(job);
    if (duration === undefined) throw new Error(`PSPLIB: job ${job} has no duration`);
    if (successors.length !== count) throw new Error(`PSPLIB: job ${job} lists ${count} successors`);
    return { job, duration, successors };
  });
  if (!Number.isInteger(mpmTime) || jobs.length === 0) throw new Error("PSPLIB: unreadable instance");
  return { jobs, mpmTime };
}

/**
 * A PSPLIB instance as auto tasks (id = job number) linked finish-to-start with no lag, every
 * day worked, so the project's finish boundary is the critical path length in days.
 * @example psplibScheduleInput(instance, "2026-01-05").calendar.workingDays // [1, 2, 3, 4, 5, 6, 7]
 */
export function psplibScheduleInput(instance: PsplibInstance, startDate: string): PlanScheduleInput {
  return {
    calendar: { startDate, workingDays: [1, 2, 3, 4, 5, 6, 7], holidays: [] },
    tasks: instance.jobs.map(({ job, duration }) =>
      autoTask({ id: job, name: `Job ${job}`, duration, startNoEarlierThan: null }),
    ),
    dependencies: instance.jobs.flatMap(({ job, successors }) =>
      successors.map((next) => ({ sourceTaskId: job, targetTaskId: next, type: "FS" as const, lag: 0 })),
    ),
  };
}
