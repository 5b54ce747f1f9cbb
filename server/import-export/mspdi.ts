// MS Project XML (MSPDI), read and written (docs/decisions/025-import-and-export.md). Leaf tasks
// become tasks, each
// summary task the category of the leaves right under it, links keep their type and lag (LinkLag is
// in tenths of a minute), the project calendar gives the week and the holidays. What the planner
// has no place for (resources, baselines, splits, recurrences, other constraints) is named in the
// warnings. The writer's file is what MS Project opens: schema element order, one "Standard"
// calendar of 8-hour days, categories as summary tasks.
import { epochDayOf, isoDateOf, WorkingCalendar } from "@core/scheduling/calendar";
import type { DependencyType } from "@core/scheduling/engine";
import { IMPORT_DEPENDENCIES_MAX, IMPORT_OUTLINE_LEVELS_MAX } from "@core/schemas/import-export";
import { HOLIDAYS_MAX } from "@core/schemas/scheduling";
import { TASK_DESCRIPTION_MAX, TASK_NAME_MAX } from "@core/schemas/tasks";
import { XMLBuilder } from "fast-xml-parser";
import {
  dateOutOfRange,
  type ExportedPlan,
  type ExportedTask,
  ImportError,
  type ImportedCategory,
  type ImportedDependency,
  type ImportedPlan,
  type ImportedTask,
  importedTask,
  LINK_PAIRS_MAX,
  tooDeep,
  tooMany,
  YEAR_OUT_OF_RANGE,
} from "./imported-plan";
import {
  capHolidays,
  dayNumberOf,
  isSplit,
  type MspdiCalendar,
  minutesOf,
  readProjectCalendar,
  standardCalendar,
  weekdayOf,
} from "./mspdi-calendar";
import { child, children, parseXml, text, type XmlElement } from "./xml";

export const MSPDI_NAMESPACE = "http://schemas.microsoft.com/project";
/** The most leaf tasks one file may hold (the import's limit). */
/** Summary links multiply (every leaf by every leaf): past this many links the rest are dropped. */
const PALETTE = ["#3B82F6", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899", "#14B8A6", "#F97316"];
const LISTS = ["Task", "PredecessorLink", "Calendar", "WeekDay", "WorkingTime", "Exception"];
/** MSPDI link Type: 0 = FF, 1 = FS, 2 = SF, 3 = SS. */
const LINK_TYPES: readonly DependencyType[] = ["FF", "FS", "SF", "SS"];
const LINK_CODES: Record<DependencyType, number> = { FF: 0, FS: 1, SF: 2, SS: 3 };
/** Tenths of a minute in a day of 480 minutes: the unit of the writer's LinkLag. */
const LAG_PER_DAY = 4800;
const CONSTRAINTS = [
  "as soon as possible",
  "as late as possible",
  "must start on",
  "must finish on",
  "start no earlier than",
  "start no later than",
  "finish no earlier than",
  "finish no later than",
];
/** LagFormat / DurationFormat codes of elapsed time (24-hour days) and of percentages (estimated too). */
const ELAPSED_FORMATS = new Set([4, 6, 8, 10, 12, 36, 38, 40, 42, 44]);
const PERCENT_FORMATS = new Set([19, 20, 51, 52]);
const NO_RESOURCE = "-65535";

// ---------------------------------------------------------------------------------------------
// Warnings: one per kind, with a count and the first few names.

const WARNINGS = {
  resources: (n: number, names: string) => `Resources are not imported: ${n} (${names}).`,
  assignments: (n: number) => `Resource assignments are not imported: ${n}.`,
  baselines: (n: number, names: string) => `Baselines are not imported (${n} tasks carry them: ${names}).`,
  splits: (n: number, names: string) =>
    `${n} split tasks (work interrupted part-way) are imported as one continuous task each: ${names}.`,
  recurring: (n: number, names: string) =>
    `${n} recurring tasks are imported as their separate occurrences; the recurrence is not kept: ${names}.`,
  constraints: (n: number, names: string) =>
    `Dropped ${n} constraints the planner does not have (only "start no earlier than" is kept): ${names}.`,
  durations: (n: number, names: string) => `Rounded ${n} durations to whole working days: ${names}.`,
  elapsed: (n: number, names: string) => `Read ${n} elapsed durations or lags as working days: ${names}.`,
  lags: (n: number, names: string) => `Rounded ${n} link lags to whole working days: ${names}.`,
  unknownLinks: (n: number, names: string) =>
    `Dropped ${n} links naming a task the file does not hold (or a blank row): ${names}.`,
  selfLinks: (n: number, names: string) => `Dropped ${n} links from a task to itself: ${names}.`,
  names: (n: number, names: string) => `Shortened ${n} task names to ${TASK_NAME_MAX} characters: ${names}.`,
  untitled: (n: number) => `${n} tasks without a name are named "Untitled task".`,
  descriptions: (n: number, names: string) =>
    `Shortened ${n} task notes to ${TASK_DESCRIPTION_MAX} characters: ${names}.`,
  workingExceptions: (n: number, names: string) =>
    `Dropped ${n} calendar exceptions that make a day off a working day (the planner only takes holidays): ${names}.`,
  unexpanded: (n: number, names: string) => `Could not expand ${n} recurring calendar exceptions: ${names}.`,
  longExceptions: () => "The calendar's exceptions span too many days; only the first are read.",
  holidays: (_: number, total: string) =>
    `Kept ${HOLIDAYS_MAX} of the calendar's ${total} holidays (from the project's start on).`,
  calendars: (n: number, names: string) =>
    `${n} other calendars are not imported (only the project's calendar is): ${names}.`,
} satisfies Record<string, (count: number, names: string) => string>;

type WarningKind = keyof typeof WARNINGS;

class Warnings {
  private readonly found = new Map<WarningKind, string[]>();
  add(kind: WarningKind, name = "") {
    const names = this.found.get(kind) ?? [];
    names.push(name);
    this.found.set(kind, names);
  }
  list(): string[] {
    return [...this.found].map(([kind, names]) => {
      const shown = names.slice(0, 3).join(", ");
      return WARNINGS[kind](names.length, names.length > 3 ? `${shown} and ${names.length - 3} more` : shown);
    });
  }
}

const quoted = (name: string) => `"${name.length > 60 ? `${name.slice(0, 57)}...` : name}"`;
/** How a warning names a row: its name, or its UID when it has none. */
const labelOf = (row: Row) => (row.name ? quoted(row.name) : `UID ${row.uid}`);

// ---------------------------------------------------------------------------------------------
// Reading

const numberOf = (element: XmlElement | undefined, name: string): number | null => {
  const value = text(element, name);
  const number = value === null ? Number.NaN : Number(value);
  return Number.isFinite(number) ? number : null;
};

/** A day since 1970-01-01 as "YYYY-MM-DD". */
const dayText = (day: number | null) => (day === null ? null : isoDateOf(day));

type Row = {
  element: XmlElement;
  uid: string;
  name: string;
  level: number;
  summary: boolean;
  /** The nearest summary above, null at the top. */
  parent: Row | null;
  /** For a summary: every leaf under it, at any depth. */
  leaves: Row[];
};

/** The rows of the task table in file order: no blank (IsNull) rows, no project summary row. */
function readRows(tasks: XmlElement[]): { rows: Row[]; projectRow: XmlElement | undefined } {
  let projectRow: XmlElement | undefined;
  const rows: Row[] = [];
  tasks.forEach((element, index) => {
    if (text(element, "IsNull") === "1") return;
    const uid = text(element, "UID") ?? `row ${index + 1}`;
    // Writers that leave out OutlineLevel write flat lists; ProjectLibre's project row has UID 1.
    const level = numberOf(element, "OutlineLevel") ?? (uid === "0" ? 0 : 1);
    if (level > IMPORT_OUTLINE_LEVELS_MAX) throw tooDeep();
    if (uid === "0" || level <= 0) {
      projectRow ??= element;
      return;
    }
    rows.push({
      element,
      uid,
      name: text(element, "Name") ?? "",
      level,
      summary: false,
      parent: null,
      leaves: [],
    });
  });
  // A summary is a row the next one is deeper than (ProjectLibre writes Summary 0 on every row).
  const open: Row[] = [];
  rows.forEach((row, index) => {
    row.summary = (rows[index + 1]?.level ?? 0) > row.level;
    while (open.length > 0 && open[open.length - 1].level >= row.level) open.pop();
    row.parent = open.at(-1) ?? null;
    if (row.summary) open.push(row);
    else for (const summary of open) summary.leaves.push(row);
  });
  return { rows, projectRow };
}

/**
 * The first and last days a task works. A Finish at or before the day's first working hour is the
 * end of the working day before (MS Project's "Mon 08:00" for "Fri 17:00"), but never before the
 * task's start, nor, for a milestone, before the project's start. A Start is its day as written (a
 * night shift's 23:00 start is that day's).
 */
function taskDays(element: XmlElement, milestone: boolean, context: ReadContext) {
  const { calendar, working } = context;
  let start = dayNumberOf(text(element, "Start"));
  const finishText = text(element, "Finish") ?? "";
  let finish = dayNumberOf(finishText);
  if (finish !== null && finishText.slice(11, 19) <= calendar.dayStartOf(weekdayOf(finish))) {
    const before = epochDayOf(working.dateOf(working.dayOnOrBefore(isoDateOf(finish - 1))));
    const floor = (milestone ? context.projectStart : start) ?? before;
    if (before >= floor) finish = before;
  }
  // A milestone sits at one instant, which its finish places.
  if (milestone) start = finish ?? start;
  if (start !== null && finish !== null && finish < start) finish = start;
  return { start, finish };
}

/** A task's duration in working days, rounded to a whole day (a positive one to at least 1). */
function durationOf(
  element: XmlElement,
  name: string,
  minutesPerDay: number,
  warnings: Warnings,
): number | null {
  if (text(element, "Milestone") === "1") return 0;
  const minutes = minutesOf(text(element, "Duration"));
  if (minutes === null || minutes < 0) return null;
  const format = numberOf(element, "DurationFormat") ?? 7;
  const elapsed = ELAPSED_FORMATS.has(format);
  if (elapsed) warnings.add("elapsed", quoted(name));
  const days = minutes / (elapsed ? 1440 : minutesPerDay);
  const rounded = days > 0 ? Math.max(1, Math.round(days)) : 0;
  if (Math.abs(rounded - days) > 1e-9)
    warnings.add("durations", `${quoted(name)} (${+days.toFixed(2)} days)`);
  return rounded;
}

function readTask(row: Row, context: ReadContext): ImportedTask {
  const { element } = row;
  const { warnings } = context;
  let name = row.name;
  if (name === "") {
    name = "Untitled task";
    warnings.add("untitled");
  } else if (name.length > TASK_NAME_MAX) {
    warnings.add("names", quoted(name));
    name = name.slice(0, TASK_NAME_MAX);
  }
  let description = text(element, "Notes") ?? "";
  if (description.length > TASK_DESCRIPTION_MAX) {
    warnings.add("descriptions", quoted(name));
    description = description.slice(0, TASK_DESCRIPTION_MAX);
  }
  const duration = durationOf(element, name, context.minutesPerDay, warnings);
  // Only four-digit years read as dates: a year past 9999 (or 0) refuses the file, not drops the date.
  for (const [element_, field] of [
    ["Start", "startDate"],
    ["Finish", "dueDate"],
    ["ConstraintDate", "startNoEarlierThan"],
  ] as const) {
    const value = text(element, element_);
    if (value !== null && YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(name, field, value);
  }
  const { start, finish } = taskDays(element, duration === 0, context);

  const constraint = numberOf(element, "ConstraintType") ?? 0;
  const constraintDay = dayText(dayNumberOf(text(element, "ConstraintDate")));
  let startNoEarlierThan: string | null = null;
  if (constraint === 4 && constraintDay) startNoEarlierThan = constraintDay;
  else if (constraint >= 1 && constraint <= 7)
    warnings.add(
      "constraints",
      `${quoted(name)} (${CONSTRAINTS[constraint]}${constraintDay ? ` ${constraintDay}` : ""})`,
    );

  const percent = numberOf(element, "PercentComplete") ?? 0;
  const completed = percent >= 100;
  return importedTask(row.uid, name, {
    description,
    duration,
    startDate: dayText(start),
    dueDate: dayText(finish),
    schedulingMode: text(element, "Manual") === "1" ? "manual" : "auto",
    startNoEarlierThan,
    completed,
    status: completed ? "completed" : percent > 0 ? "in-progress" : "not-started",
    categoryKey: row.parent ? `summary:${row.parent.uid}` : null,
  });
}

type ReadContext = {
  warnings: Warnings;
  minutesPerDay: number;
  calendar: MspdiCalendar;
  working: WorkingCalendar;
  projectStart: number | null;
};

/** A link's lag in working days: tenths of a minute, or a percentage of the predecessor's duration. */
function lagOf(link: XmlElement, predecessor: Row, label: string, context: ReadContext): number {
  const lag = numberOf(link, "LinkLag") ?? 0;
  if (lag === 0) return 0;
  const format = numberOf(link, "LagFormat") ?? 7;
  let days: number;
  if (PERCENT_FORMATS.has(format)) {
    const minutes = minutesOf(text(predecessor.element, "Duration")) ?? 0;
    days = ((lag / 100) * minutes) / context.minutesPerDay;
  } else if (ELAPSED_FORMATS.has(format)) {
    context.warnings.add("elapsed", label);
    days = lag / (10 * 1440);
  } else {
    days = lag / (10 * context.minutesPerDay);
  }
  const rounded = Math.round(days) || 0;
  if (Math.abs(rounded - days) > 1e-9 || PERCENT_FORMATS.has(format))
    context.warnings.add(
      "lags",
      `${label} (${PERCENT_FORMATS.has(format) ? `${lag}%` : `${+days.toFixed(2)} days`})`,
    );
  return rounded;
}

/** Every link, a link to or from a summary applied to each leaf under it, one per pair. */
function readLinks(rows: Row[], context: ReadContext): ImportedDependency[] {
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  const leavesOf = (row: Row) => (row.summary ? row.leaves : [row]);
  const links: ImportedDependency[] = [];
  const seen = new Set<string>();
  let pairs = 0;
  for (const row of rows) {
    for (const link of children(row.element, "PredecessorLink")) {
      const predecessorUid = text(link, "PredecessorUID") ?? "?";
      const predecessor = byUid.get(predecessorUid);
      if (!predecessor) {
        context.warnings.add("unknownLinks", `UID ${predecessorUid} -> ${labelOf(row)}`);
        continue;
      }
      const label = `${labelOf(predecessor)} -> ${labelOf(row)}`;
      if (predecessor === row) {
        context.warnings.add("selfLinks", labelOf(row));
        continue;
      }
      const type = LINK_TYPES[numberOf(link, "Type") ?? 1] ?? "FS";
      const lag = lagOf(link, predecessor, label, context);
      for (const source of leavesOf(predecessor)) {
        for (const target of leavesOf(row)) {
          // Repeated pairs cost work too: past the budget the file is refused, however few are new.
          if (++pairs > LINK_PAIRS_MAX) throw tooMany("dependencies");
          const pair = `${source.uid}\u0000${target.uid}`;
          if (source === target || seen.has(pair)) continue;
          // A link between two summaries multiplies (25,000 leaves by 25,000): the limit is on
          // the links made, checked as each is made.
          if (links.length >= IMPORT_DEPENDENCIES_MAX) throw tooMany("dependencies");
          seen.add(pair);
          links.push({ sourceKey: source.uid, targetKey: target.uid, type, lag });
        }
      }
    }
  }
  return links;
}

/** Warnings for what the file holds that the planner has no place for. */
function warnDropped(project: XmlElement, rows: Row[], context: ReadContext) {
  const { warnings, calendar } = context;
  const resources = children(child(project, "Resources"), "Resource").filter(
    (resource) => text(resource, "UID") !== "0" && text(resource, "IsNull") !== "1",
  );
  for (const resource of resources)
    warnings.add("resources", quoted(text(resource, "Name") ?? `UID ${text(resource, "UID")}`));
  const assignments = children(child(project, "Assignments"), "Assignment");
  for (const assignment of assignments) {
    const resource = text(assignment, "ResourceUID");
    if (resource !== null && resource !== NO_RESOURCE) warnings.add("assignments");
  }
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  // Split tasks: their work chunks (by assignment, by kind of data) have a gap.
  const split = new Set<Row>();
  const chunksOf = new Map<string, { row: Row; chunks: XmlElement[] }>();
  const collect = (row: Row | undefined, owner: string, chunks: XmlElement[]) => {
    if (!row || row.summary) return;
    for (const chunk of chunks) {
      const key = `${owner}/${text(chunk, "Type") ?? ""}`;
      const entry = chunksOf.get(key) ?? { row, chunks: [] };
      entry.chunks.push(chunk);
      chunksOf.set(key, entry);
    }
  };
  assignments.forEach((assignment, index) => {
    collect(
      byUid.get(text(assignment, "TaskUID") ?? ""),
      `a${index}`,
      children(assignment, "TimephasedData"),
    );
  });
  for (const row of rows) collect(row, `t${row.uid}`, children(row.element, "TimephasedData"));
  for (const { row, chunks } of chunksOf.values())
    if (!split.has(row) && isSplit(chunks, context.working)) split.add(row);
  for (const row of split) warnings.add("splits", labelOf(row));

  for (const row of rows) {
    if (children(row.element, "Baseline").length > 0) warnings.add("baselines", labelOf(row));
    // A recurring task is a summary of its occurrences (or, from other writers, a lone row).
    const recurring = text(row.element, "Recurring") === "1";
    if (recurring && (row.summary || text(row.parent?.element, "Recurring") !== "1"))
      warnings.add("recurring", labelOf(row));
  }
  for (const name of calendar.workingExceptions) warnings.add("workingExceptions", name);
  for (const name of calendar.unexpanded) warnings.add("unexpanded", name);
  if (calendar.truncated) warnings.add("longExceptions");
  for (const name of calendar.others) warnings.add("calendars", name);
}

/** The <Project> element, or an ImportError naming what the file holds instead. */
function projectOf(xml: string): XmlElement {
  const document = parseXml(xml, LISTS, "MS Project XML", {
    counted: { Task: "tasks", PredecessorLink: "dependencies" },
  });
  const roots = Object.keys(document).filter((name) => name !== "#text");
  const root = document.Project;
  if (roots.length !== 1 || roots[0] !== "Project" || Array.isArray(root)) {
    throw new ImportError(
      `The file is not MS Project XML: its root element is <${roots[0] ?? "none"}>, not <Project>.`,
    );
  }
  const project = typeof root === "string" ? {} : root;
  const namespace = text(project, "xmlns");
  if (namespace !== null && namespace !== MSPDI_NAMESPACE) {
    throw new ImportError(
      `The file is not MS Project XML: its <Project> is in the namespace "${namespace}", not "${MSPDI_NAMESPACE}".`,
    );
  }
  return project;
}

/**
 * Reads an MS Project XML (MSPDI) file as MS Project, ProjectLibre and MPXJ write it.
 * @example readMspdi(xml).dependencies[0] // { sourceKey: "1", targetKey: "2", type: "FS", lag: 0 }
 */
export function readMspdi(xml: string): ImportedPlan {
  const project = projectOf(xml);
  const { rows, projectRow } = readRows(children(child(project, "Tasks"), "Task"));
  const leaves = rows.filter((row) => !row.summary);
  const warnings = new Warnings();
  const calendar = readProjectCalendar(project);
  const projectStart = dayNumberOf(text(project, "StartDate"));
  const startDate = dayText(projectStart) ?? undefined;
  const context: ReadContext = {
    warnings,
    minutesPerDay: Math.max(1, numberOf(project, "MinutesPerDay") ?? 480),
    calendar,
    working: new WorkingCalendar({
      startDate: startDate ?? "2000-01-03",
      workingDays: calendar.workingDays ?? [1, 2, 3, 4, 5],
      holidays: calendar.holidays,
    }),
    projectStart,
  };

  const tasks = leaves.map((row) => readTask(row, context));
  const dependencies = readLinks(rows, context);
  const withLeaves = new Set(leaves.map((row) => row.parent).filter((row) => row !== null));
  const categories: ImportedCategory[] = rows
    .filter((row) => withLeaves.has(row))
    .map((row, index) => ({
      key: `summary:${row.uid}`,
      name: row.name || "Untitled category",
      color: PALETTE[index % PALETTE.length],
    }));
  warnDropped(project, rows, context);

  const plan: ImportedPlan = {
    name: (text(project, "Name") ?? text(project, "Title"))?.replace(/\.(xml|mpp)$/i, "") || null,
    calendar: {},
    categories,
    tasks,
    dependencies,
    warnings: [],
  };
  const description = text(projectRow, "Notes");
  if (description) plan.description = description;
  if (startDate) plan.calendar.startDate = startDate;
  if (calendar.workingDays) plan.calendar.workingDays = calendar.workingDays;
  if (calendar.found) {
    plan.calendar.holidays = capHolidays(calendar.holidays, startDate);
    if (calendar.holidays.length > HOLIDAYS_MAX) warnings.add("holidays", String(calendar.holidays.length));
  }
  plan.warnings = warnings.list();
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Whether XML 1.0 takes a character (most control characters and lone surrogates it does not). */
const xmlCharacter = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/** Text as XML can hold it: the characters it cannot are dropped. */
const xmlText = (value: string) =>
  Array.from(value)
    .filter((character) => xmlCharacter(character.codePointAt(0) ?? 0))
    .join("");

const dayOf = (value: string | null) => (value ? isoDateOf(epochDayOf(value)) : null);

/** What a task row says of dates and duration. */
function taskTiming(task: ExportedTask, working: WorkingCalendar, projectStart: string) {
  const start = task.schedule?.start ?? dayOf(task.startDate);
  const finish = task.schedule?.finish ?? dayOf(task.dueDate);
  let duration = task.duration;
  if (duration === null && start && finish)
    duration = Math.max(1, working.dayOnOrBefore(finish) - working.dayOnOrAfter(start) + 1);
  const fields: XmlElement = {};
  if (duration === 0) {
    // A milestone is an instant: the end of its day, or the very start of the project.
    const day = finish ?? start;
    if (day) {
      const at = day <= projectStart ? `${day}T08:00:00` : `${day}T17:00:00`;
      fields.Start = at;
      fields.Finish = at;
    }
  } else {
    if (start) fields.Start = `${start}T08:00:00`;
    if (finish) fields.Finish = `${finish}T17:00:00`;
  }
  if (duration !== null) fields.Duration = `PT${8 * duration}H0M0S`;
  return { fields, duration, start, finish };
}

/**
 * Writes a plan as an MS Project XML (MSPDI) file: tasks with notes, durations, dates, milestones,
 * manual scheduling, start-no-earlier-than and completion; categories as summary tasks; links with
 * type and lag; the calendar's week and holidays.
 * @example writeMspdi(plan).startsWith('<?xml version="1.0"') // true
 */
export function writeMspdi(plan: ExportedPlan): string {
  const calendar = { ...plan.calendar, startDate: dayOf(plan.calendar.startDate) ?? plan.calendar.startDate };
  const working = new WorkingCalendar(calendar);
  const taskIds = new Set(plan.tasks.map((task) => task.id));
  const predecessors = new Map<number, XmlElement[]>();
  for (const dependency of plan.dependencies) {
    if (!taskIds.has(dependency.sourceTaskId) || !taskIds.has(dependency.targetTaskId)) continue;
    const links = predecessors.get(dependency.targetTaskId) ?? [];
    links.push({
      PredecessorUID: String(dependency.sourceTaskId),
      Type: String(LINK_CODES[dependency.type]),
      LinkLag: String(Math.round(dependency.lag * LAG_PER_DAY)),
      LagFormat: "7",
    });
    predecessors.set(dependency.targetTaskId, links);
  }

  const rows: XmlElement[] = [];
  const taskRow = (task: ExportedTask, outline: string) => {
    const timing = taskTiming(task, working, calendar.startDate);
    const manual = task.schedulingMode === "manual";
    const row: XmlElement = {
      UID: String(task.id),
      ID: String(rows.length + 1),
      Name: xmlText(task.name),
      Manual: manual ? "1" : "0",
      IsNull: "0",
      OutlineNumber: outline,
      OutlineLevel: String(outline.split(".").length),
      ...timing.fields,
    };
    if (manual && timing.fields.Start) row.ManualStart = timing.fields.Start;
    if (manual && timing.fields.Finish) row.ManualFinish = timing.fields.Finish;
    if (manual && timing.fields.Duration) row.ManualDuration = timing.fields.Duration;
    Object.assign(row, {
      DurationFormat: "7",
      Estimated: "0",
      Milestone: timing.duration === 0 ? "1" : "0",
      Summary: "0",
      PercentComplete: task.completed ? "100" : "0",
      ConstraintType: task.startNoEarlierThan ? "4" : "0",
    });
    if (task.startNoEarlierThan) row.ConstraintDate = `${dayOf(task.startNoEarlierThan)}T08:00:00`;
    if (task.description) row.Notes = xmlText(task.description);
    const links = predecessors.get(task.id);
    if (links) row.PredecessorLink = links;
    rows.push(row);
    return timing;
  };

  const ordered = [...plan.tasks].sort((a, b) => a.order - b.order || a.id - b.id);
  const categoryIds = new Set(plan.categories.map((category) => category.id));
  let nextUid = plan.tasks.reduce((largest, task) => Math.max(largest, task.id), 0) + 1;
  let outline = 0;
  for (const category of plan.categories) {
    const own = ordered.filter((task) => task.categoryId === category.id);
    if (own.length === 0) continue; // a summary without tasks would come back as a task
    outline++;
    const summary: XmlElement = {
      UID: String(nextUid++),
      ID: String(rows.length + 1),
      Name: xmlText(category.name),
      Manual: "0",
      IsNull: "0",
      OutlineNumber: String(outline),
      OutlineLevel: "1",
    };
    rows.push(summary);
    const timings = own.map((task, index) => taskRow(task, `${outline}.${index + 1}`));
    const starts = timings
      .map((timing) => timing.start)
      .filter((day) => day !== null)
      .sort();
    const finishes = timings
      .map((timing) => timing.finish ?? timing.start)
      .filter((day) => day !== null)
      .sort();
    if (starts.length > 0) summary.Start = `${starts[0]}T08:00:00`;
    if (finishes.length > 0) summary.Finish = `${finishes.at(-1)}T17:00:00`;
    Object.assign(summary, { DurationFormat: "7", Milestone: "0", Summary: "1", ConstraintType: "0" });
  }
  for (const task of ordered) {
    if (task.categoryId !== null && categoryIds.has(task.categoryId)) continue;
    taskRow(task, String(++outline));
  }

  const projectName = xmlText(plan.project.name);
  const projectRow: XmlElement = {
    UID: "0",
    ID: "0",
    Name: projectName,
    IsNull: "0",
    OutlineNumber: "0",
    OutlineLevel: "0",
    Start: `${calendar.startDate}T08:00:00`,
    Summary: "1",
  };
  if (plan.project.description) projectRow.Notes = xmlText(plan.project.description);

  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8", "@_standalone": "yes" },
    Project: {
      "@_xmlns": MSPDI_NAMESPACE,
      SaveVersion: "14",
      Name: projectName,
      Title: projectName,
      ScheduleFromStart: "1",
      StartDate: `${calendar.startDate}T08:00:00`,
      CalendarUID: "1",
      DefaultStartTime: "08:00:00",
      DefaultFinishTime: "17:00:00",
      MinutesPerDay: "480",
      MinutesPerWeek: "2400",
      DaysPerMonth: "20",
      DurationFormat: "7",
      WeekStartDay: "1",
      Calendars: { Calendar: [standardCalendar(calendar)] },
      Tasks: { Task: [projectRow, ...rows] },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true }).build(document);
}
