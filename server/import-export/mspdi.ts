// MS Project XML (MSPDI), read and written (docs/decisions/025-import-and-export.md). Every row
// becomes a task, in the outline its OutlineLevel gives (a summary's dates and duration roll up, so
// only its start-no-earlier-than is kept as its own); constraints and deadlines as MS Project's
// (mspdi-constraints.ts); links keep their type and lag (LinkLag is in tenths of a minute) and the
// task they name, summary or not; the project calendar gives the week and the holidays; a text
// field aliased "Category" gives the categories; progress, actual dates, the status date and the
// baselines as MS Project's (mspdi-tracking.ts). What the planner has no place for (resources,
// baselines' cost and work, splits, recurrences) is named in the warnings. The writer's file is
// what MS Project opens: schema element order, one "Standard" calendar of 8-hour days, the outline
// with rolled-up summaries, categories in the text field Text1.
import { epochDayOf, isoDateOf, WorkingCalendar } from "@core/scheduling/calendar";
import type { DependencyType } from "@core/scheduling/engine";
import { IMPORT_OUTLINE_LEVELS_MAX } from "@core/schemas/import-export";
import { HOLIDAYS_MAX } from "@core/schemas/scheduling";
import { TASK_DESCRIPTION_MAX, TASK_NAME_MAX } from "@core/schemas/tasks";
import { buildOutline } from "@core/tasks/outline";
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
  tooDeep,
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
import { constraintFields, readConstraint } from "./mspdi-constraints";
import {
  baselineElements,
  progressFields,
  readBaselines,
  readProgress,
  readStatusDate,
  statusDateField,
} from "./mspdi-tracking";
import { roundsUp, wholeWorkingDays } from "./whole-days";
import { child, children, parseXml, text, type XmlElement } from "./xml";

export const MSPDI_NAMESPACE = "http://schemas.microsoft.com/project";
const PALETTE = ["#3B82F6", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899", "#14B8A6", "#F97316"];
const LISTS = [
  "Task",
  "PredecessorLink",
  "Calendar",
  "WeekDay",
  "WorkingTime",
  "Exception",
  "ExtendedAttribute",
];
/**
 * The task text field our export writes a task's category in (Text1: MS Project's field id), and
 * the alias that names it: a file's text field with this alias is read as the categories.
 */
const CATEGORY_FIELD_ID = "188743731";
const CATEGORY_ALIAS = "Category";
/** MSPDI link Type: 0 = FF, 1 = FS, 2 = SF, 3 = SS. */
const LINK_TYPES: readonly DependencyType[] = ["FF", "FS", "SF", "SS"];
const LINK_CODES: Record<DependencyType, number> = { FF: 0, FS: 1, SF: 2, SS: 3 };
/** Tenths of a minute in a day of 480 minutes: the unit of the writer's LinkLag. */
const LAG_PER_DAY = 4800;
/** LagFormat / DurationFormat codes of elapsed time (24-hour days) and of percentages (estimated too). */
const ELAPSED_FORMATS = new Set([4, 6, 8, 10, 12, 36, 38, 40, 42, 44]);
const PERCENT_FORMATS = new Set([19, 20, 51, 52]);
const NO_RESOURCE = "-65535";

// ---------------------------------------------------------------------------------------------
// Warnings: one per kind, with a count and the first few names.

const WARNINGS = {
  resources: (n: number, names: string) => `Resources are not imported: ${n} (${names}).`,
  assignments: (n: number) => `Resource assignments are not imported: ${n}.`,
  baselineCosts: (n: number, names: string) =>
    `Baseline cost and work are not imported (${n} baseline rows carry only them: ${names}).`,
  baselineNumbers: (n: number, names: string) =>
    `Dropped ${n} baselines numbered other than 0 to 10: ${names}.`,
  splits: (n: number, names: string) =>
    `${n} split tasks (work interrupted part-way) are imported as one continuous task each: ${names}.`,
  recurring: (n: number, names: string) =>
    `${n} recurring tasks are imported as their separate occurrences; the recurrence is not kept: ${names}.`,
  constraints: (n: number, names: string) =>
    `Dropped ${n} constraints of a ConstraintType MS Project does not have (0 to 7): ${names}.`,
  durations: (n: number, names: string) => `Rounded ${n} durations up to whole working days: ${names}.`,
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
};

/** The rows of the task table in file order: no blank (IsNull) rows, no project summary row. */
function readRows(tasks: XmlElement[]): { rows: Row[]; projectRow: XmlElement | undefined } {
  let projectRow: XmlElement | undefined;
  const rows: Row[] = [];
  tasks.forEach((element, index) => {
    if (text(element, "IsNull") === "1") return;
    const uid = text(element, "UID") ?? `row ${index + 1}`;
    // Writers that leave out OutlineLevel write flat lists.
    const level = numberOf(element, "OutlineLevel") ?? (uid === "0" ? 0 : 1);
    if (level > IMPORT_OUTLINE_LEVELS_MAX) throw tooDeep();
    // MS Project's own project row: UID 0, outline number 0. ProjectLibre counts its levels from 0
    // and numbers its top row "1" (UID 1): a task, the summary of all the others.
    const outlineNumber = text(element, "OutlineNumber");
    if (uid === "0" || (level <= 0 && (outlineNumber === null || outlineNumber === "0"))) {
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
    });
  });
  // A summary is a row the next one is deeper than (ProjectLibre writes Summary 0 on every row);
  // a row's parent is the nearest summary above it that is less deep.
  const open: Row[] = [];
  rows.forEach((row, index) => {
    row.summary = (rows[index + 1]?.level ?? Number.NEGATIVE_INFINITY) > row.level;
    while (open.length > 0 && open[open.length - 1].level >= row.level) open.pop();
    row.parent = open.at(-1) ?? null;
    if (row.summary) open.push(row);
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

/** A task's duration in working days, a part-day rounded up to a whole day (it is still worked). */
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
  if (roundsUp(days)) warnings.add("durations", `${quoted(name)} (${+days.toFixed(2)} days)`);
  return wholeWorkingDays(days);
}

/**
 * A row as a task. A summary's duration and dates are its subtree's, rolled up: only its own
 * start-no-earlier-than (which holds its subtree) and completion are kept.
 */
function readTask(row: Row, context: ReadContext): ImportedTask {
  const { element, summary } = row;
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
  const duration = summary ? null : durationOf(element, name, context.minutesPerDay, warnings);
  // Only four-digit years read as dates: a year past 9999 (or 0) refuses the file, not drops the
  // date (readConstraint does the same for its dates).
  for (const [element_, field] of [
    ["Start", "startDate"],
    ["Finish", "dueDate"],
  ] as const) {
    const value = text(element, element_);
    if (summary) continue;
    if (value !== null && YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(name, field, value);
  }
  const { start, finish } = summary
    ? { start: null, finish: null }
    : taskDays(element, duration === 0, context);

  // A summary's constraint other than SNET is dropped when the plan is prepared, with a warning.
  const { unknownCode, ...constraint } = readConstraint(element, name, context);
  if (unknownCode !== null) warnings.add("constraints", `${quoted(name)} (${unknownCode.slice(0, 20)})`);

  // A summary's progress rolls up when the plan is prepared (imported-tracking.ts).
  const progress = readProgress(element, name, context);
  const percent = progress.percentComplete ?? 0;
  const completed = percent >= 100;
  return importedTask(row.uid, name, {
    ...progress,
    description,
    duration,
    startDate: dayText(start),
    dueDate: dayText(finish),
    schedulingMode: !summary && text(element, "Manual") === "1" ? "manual" : "auto",
    ...constraint,
    completed,
    status: completed ? "completed" : percent > 0 ? "in-progress" : "not-started",
    categoryKey: context.categoryOf(element),
    parentKey: row.parent?.uid ?? null,
  });
}

type ReadContext = {
  warnings: Warnings;
  minutesPerDay: number;
  calendar: MspdiCalendar;
  working: WorkingCalendar;
  projectStart: number | null;
  /** The key of a task row's category, null: none. */
  categoryOf: (element: XmlElement) => string | null;
};

/**
 * The categories of the text field aliased "Category" (our export's Text1), and each task row's:
 * one category per name, whatever its case, in the order first met.
 */
function readCategories(project: XmlElement) {
  const definition = children(child(project, "ExtendedAttributes"), "ExtendedAttribute").find(
    (attribute) => text(attribute, "Alias")?.toLowerCase() === CATEGORY_ALIAS.toLowerCase(),
  );
  const fieldId = text(definition, "FieldID");
  const categories: ImportedCategory[] = [];
  const keys = new Map<string, string>();
  const categoryOf = (element: XmlElement): string | null => {
    if (fieldId === null) return null;
    const value = children(element, "ExtendedAttribute").find((field) => text(field, "FieldID") === fieldId);
    const name = text(value, "Value");
    if (name === null) return null;
    const lower = name.toLowerCase();
    let key = keys.get(lower);
    if (key === undefined) {
      key = `category:${lower}`;
      keys.set(lower, key);
      categories.push({ key, name, color: PALETTE[categories.length % PALETTE.length] });
    }
    return key;
  };
  return { categories, categoryOf };
}

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

/**
 * Every link, between the rows it names: one to or from a summary stays on the summary (the
 * scheduler holds a summary's subtree for a link into it and starts a link from its rolled-up
 * dates). The file's links are counted as they are read (parseXml), so these are within the limit.
 */
function readLinks(rows: Row[], context: ReadContext): ImportedDependency[] {
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  const links: ImportedDependency[] = [];
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
      links.push({ sourceKey: predecessor.uid, targetKey: row.uid, type, lag });
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
  const warnings = new Warnings();
  const { categories, categoryOf } = readCategories(project);
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
    categoryOf,
  };

  const tasks = rows.map((row) => readTask(row, context));
  const dependencies = readLinks(rows, context);
  warnDropped(project, rows, context);
  const { baselines, leftOut } = readBaselines(rows, projectRow, context.minutesPerDay, context);
  for (const label of leftOut.numbers) warnings.add("baselineNumbers", label);
  for (const label of leftOut.costOnly) warnings.add("baselineCosts", label);

  const plan: ImportedPlan = {
    name: (text(project, "Name") ?? text(project, "Title"))?.replace(/\.(xml|mpp)$/i, "") || null,
    calendar: {},
    categories,
    tasks,
    dependencies,
    statusDate: readStatusDate(project, context),
    baselines,
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

/** A task's first and last days as its row says them, null when it has none. */
type Span = { start: string | null; finish: string | null };

/**
 * Writes a plan as an MS Project XML (MSPDI) file: the outline (OutlineLevel, OutlineNumber, and
 * Summary 1 on summaries, with the Start and Finish their subtree spans: the scheduler's when it
 * rolls them up, else their rows'); tasks with notes, durations, dates, milestones, manual
 * scheduling, constraints, deadlines and completion; categories in the text field Text1, aliased
 * "Category"; links with type and lag; the calendar's week and holidays.
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
  const categoryNames = new Map(plan.categories.map((category) => [category.id, category.name]));
  const byId = new Map(plan.tasks.map((task) => [task.id, task]));
  const outline = buildOutline(plan.tasks);
  const baselineRows = baselineElements(plan);

  // Each task's span, subtrees first: a summary's is the scheduler's, else its children's.
  const timings = new Map<number, ReturnType<typeof taskTiming>>();
  const spans = new Map<number, Span>();
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const task = byId.get(id) as ExportedTask;
    if (!outline.isSummary(id)) {
      const timing = taskTiming(task, working, calendar.startDate);
      timings.set(id, timing);
      spans.set(id, { start: timing.start, finish: timing.finish ?? timing.start });
      continue;
    }
    let start: string | null = task.schedule?.start ?? null;
    let finish: string | null = task.schedule?.finish ?? null;
    if (!task.schedule) {
      for (const childId of outline.childrenOf(id)) {
        const span = spans.get(childId) as Span;
        if (span.start !== null && (start === null || span.start < start)) start = span.start;
        if (span.finish !== null && (finish === null || span.finish > finish)) finish = span.finish;
      }
    }
    spans.set(id, { start, finish });
  }

  const rows: XmlElement[] = [];
  for (const id of outline.order) {
    const task = byId.get(id) as ExportedTask;
    const { outlineLevel, wbs, summary } = outline.fieldsOf(id);
    const manual = !summary && task.schedulingMode === "manual";
    const row: XmlElement = {
      UID: String(task.id),
      ID: String(rows.length + 1),
      Name: xmlText(task.name),
      Manual: manual ? "1" : "0",
      IsNull: "0",
      OutlineNumber: wbs,
      OutlineLevel: String(outlineLevel),
    };
    let milestone = false;
    if (summary) {
      const span = spans.get(id) as Span;
      if (span.start) row.Start = `${span.start}T08:00:00`;
      if (span.finish) row.Finish = `${span.finish}T17:00:00`;
    } else {
      const timing = timings.get(id) as ReturnType<typeof taskTiming>;
      Object.assign(row, timing.fields);
      if (manual && timing.fields.Start) row.ManualStart = timing.fields.Start;
      if (manual && timing.fields.Finish) row.ManualFinish = timing.fields.Finish;
      if (manual && timing.fields.Duration) row.ManualDuration = timing.fields.Duration;
      milestone = timing.duration === 0;
    }
    Object.assign(row, {
      DurationFormat: "7",
      Estimated: "0",
      Milestone: milestone ? "1" : "0",
      Summary: summary ? "1" : "0",
      ...progressFields(task, summary),
      ...constraintFields(task),
    });
    if (task.description) row.Notes = xmlText(task.description);
    const links = predecessors.get(task.id);
    if (links) row.PredecessorLink = links;
    const category = task.categoryId === null ? undefined : categoryNames.get(task.categoryId);
    if (category) row.ExtendedAttribute = [{ FieldID: CATEGORY_FIELD_ID, Value: xmlText(category) }];
    const baselines = baselineRows.byTask.get(task.id);
    if (baselines) row.Baseline = baselines;
    rows.push(row);
  }
  const categorised = rows.some((row) => row.ExtendedAttribute !== undefined);

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
  if (baselineRows.project.length > 0) projectRow.Baseline = baselineRows.project;

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
      ...statusDateField(plan),
      ...(categorised
        ? {
            ExtendedAttributes: {
              ExtendedAttribute: [{ FieldID: CATEGORY_FIELD_ID, FieldName: "Text1", Alias: CATEGORY_ALIAS }],
            },
          }
        : {}),
      Calendars: { Calendar: [standardCalendar(calendar)] },
      Tasks: { Task: [projectRow, ...rows] },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true }).build(document);
}
