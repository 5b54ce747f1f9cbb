// Reading GanttProject (.gan) files (docs/decisions/025-import-and-export.md): every <task> becomes
// a task, in the outline its nesting gives (a task with subtasks is a summary: its dates and
// duration roll up, so only its earliest start is kept as its own), <depend> elements typed links
// with their lag between the tasks they name, the calendar's weekends and holidays the project's
// working days and holidays. What the planner cannot hold (resources, baselines, custom columns,
// costs...) is named in the warnings.
//
// Links: GanttProject writes each <depend> inside the PREREQUISITE (its "dependee") and the
// depend's id names the DEPENDENT (TaskSerializer writes `dependant.taskID`); the sample files'
// dates agree (tsgp-task-with-dependencies.gan: the SS dependent starts with task A, the FS one
// the day after task B, and so on).
import { epochDayOf, isoDateOf, WorkingCalendar } from "@core/scheduling/calendar";
import type { DependencyType } from "@core/scheduling/engine";
import { isDateInRange, LAST_DAY } from "@core/schemas/date-range";
import { DURATION_MAX } from "@core/schemas/scheduling";
import {
  dateOutOfRange,
  durationOutOfRange,
  emptyPlan,
  ImportError,
  type ImportedDependency,
  type ImportedPlan,
  type ImportedTask,
  importedTask,
  notADate,
  scheduledPastLastDay,
  startNoEarlierThanFields,
  YEAR_OUT_OF_RANGE,
} from "./imported-plan";
import { wholeWorkingDays } from "./whole-days";
import { child, children, parseXml, text, type XmlElement } from "./xml";

/** Project names GanttProject writes when none was given. */
const GAN_PLACEHOLDER_NAMES = new Set(["project-name", "untitled", "untitled project", ""]);

/** GanttProject's <depend type>. */
const DEPEND_TYPES: Record<string, DependencyType> = { "1": "SS", "2": "FS", "3": "FF", "4": "SF" };
/** The <default-week> attributes in ISO weekday order (1 = Monday); "1" marks a weekend day. */
const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const LISTS = [
  "task",
  "depend",
  "date",
  "taskproperty",
  "resource",
  "allocation",
  "vacation",
  "previous-tasks",
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type GanTask = {
  key: string;
  element: XmlElement;
  parent: GanTask | null;
  subtasks: GanTask[];
};

/** A "YYYY-MM-DD" that names a real day, else null. */
function dayOrNull(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const day = epochDayOf(value);
  return Number.isFinite(day) && isoDateOf(day) === value ? value : null;
}

/**
 * A task's date attribute as a day: null when absent; a date outside years 1..9999, or one written
 * as a day that does not exist (2026-13-45), refuses the file naming the task.
 */
function taskDay(element: XmlElement, attribute: string, field: string): string | null {
  const value = text(element, attribute);
  if (value === null) return null;
  const name = text(element, "name") ?? "Untitled task";
  if (YEAR_OUT_OF_RANGE.test(value)) throw dateOutOfRange(name, field, value);
  const day = dayOrNull(value);
  if (day === null && DAY.test(value)) throw notADate(name, field, value);
  if (day !== null && !isDateInRange(day)) throw dateOutOfRange(name, field, day);
  return day;
}

/** "YYYY-MM-DD" of a year, month and day, null when that day does not exist (29 February). */
function dayOf(year: number, month: number, date: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(date)) return null;
  const iso = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
  return dayOrNull(iso);
}

const quoted = (names: readonly string[], max = 3) => {
  const shown = names.slice(0, max).map((name) => `"${name}"`);
  return names.length > max ? `${shown.join(", ")} and ${names.length - max} more` : shown.join(", ");
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Reads a GanttProject file into a plan; throws ImportError when it is not one we can read. */
export function readGan(xml: string): ImportedPlan {
  const document = parseXml(xml, LISTS, "GanttProject", {
    counted: { task: "tasks", depend: "dependencies" },
    outline: "task",
  });
  const rootName = Object.keys(document).find((name) => !name.startsWith("?") && name !== "#text");
  if (rootName !== "project") {
    const hint = rootName === "Project" ? " (it looks like an MS Project XML file: import it as mspdi)" : "";
    throw new ImportError(
      rootName
        ? `The file's root element is <${rootName}>, not GanttProject's <project>${hint}.`
        : "The GanttProject file has no root element.",
    );
  }
  const project = child(document, "project") ?? {};
  const tasksElement = child(project, "tasks");
  if (!tasksElement) throw new ImportError("The GanttProject file has no <tasks> element.");

  // "project-name" and "Untitled" are GanttProject's placeholders: the file's own name says more.
  const projectName = text(project, "name");
  const plan = emptyPlan(
    projectName && !GAN_PLACEHOLDER_NAMES.has(projectName.trim().toLowerCase()) ? projectName : null,
  );
  const description = text(project, "description");
  if (description) plan.description = description;
  const warnings = plan.warnings;

  const all = collectTasks(tasksElement);
  const byKey = new Map(all.map((task) => [task.key, task]));
  const leaves = all.filter((task) => task.subtasks.length === 0);

  plan.dependencies = readDepends(all, byKey, warnings);
  const linked = new Set(plan.dependencies.map((link) => link.targetKey));

  // The calendar first: a task's last day is counted on it.
  const starts = leaves.map((task) => dayOrNull(text(task.element, "start"))).filter((day) => day !== null);
  const startDate = starts.length > 0 ? starts.reduce((a, b) => (a < b ? a : b)) : undefined;
  const calendar = readCalendar(project, warnings);
  if (startDate) plan.calendar.startDate = startDate;
  if (calendar.workingDays) plan.calendar.workingDays = calendar.workingDays;

  // Yearly holidays become dates for every year the tasks span, plus one: the span depends on the
  // holidays, so it is widened until the last task's year stops moving (a few rounds at most).
  const firstYear = startDate ? Number(startDate.slice(0, 4)) : null;
  let lastYear = firstYear === null ? null : Number(starts.reduce((a, b) => (a > b ? a : b)).slice(0, 4)) + 1;
  let tasks: ImportedTask[] = [];
  for (let round = 0; round < 10; round++) {
    const holidays = [...calendar.holidays];
    if (firstYear !== null && lastYear !== null) {
      for (let year = firstYear; year <= lastYear; year++) {
        for (const { month, date } of calendar.yearly) {
          const day = dayOf(year, month, date);
          if (day) holidays.push(day);
        }
      }
    }
    plan.calendar.holidays = [...new Set(holidays)].sort();
    tasks = readTasks(all, plan.calendar, linked);
    const finishes = tasks.map((task) => task.dueDate).filter((day) => day !== null);
    const latest =
      finishes.length > 0 ? Number(finishes.reduce((a, b) => (a > b ? a : b)).slice(0, 4)) + 1 : null;
    if (calendar.yearly.length === 0 || latest === null || lastYear === null || latest <= lastYear) break;
    lastYear = Math.min(latest, (firstYear ?? latest) + 100);
  }
  plan.tasks = tasks;
  if (calendar.yearly.length > 0) {
    const days = calendar.yearly.map(({ month, date }) => `${month}/${date}`).join(", ");
    warnings.push(
      firstYear === null
        ? `Left out the yearly holidays (month/day ${days}): no task has a start date to say which years.`
        : `Kept the yearly holidays (month/day ${days}) as dates from ${firstYear} to ${lastYear}.`,
    );
  }

  const untitled = all.filter((task) => !text(task.element, "name")).map((task) => task.key);
  if (untitled.length > 0)
    warnings.push(
      `Named ${plural(untitled.length, "task")} with no name "Untitled task" (ids ${quoted(untitled)}).`,
    );
  warnDropped(project, all, warnings);
  return plan;
}

/** Every <task>, parents before their subtasks in file order (no recursion: nesting may be deep). */
function collectTasks(tasksElement: XmlElement): GanTask[] {
  const all: GanTask[] = [];
  const keys = new Set<string>();
  const stack: { element: XmlElement; parent: GanTask | null }[] = children(tasksElement, "task")
    .reverse()
    .map((element) => ({ element, parent: null }));
  let withoutId = 0;
  while (stack.length > 0) {
    const { element, parent } = stack.pop()!;
    let key = text(element, "id");
    if (key === null) key = `no-id-${++withoutId}`;
    if (keys.has(key)) throw new ImportError(`Two tasks of the GanttProject file have the id "${key}".`);
    keys.add(key);
    const task: GanTask = { key, element, parent, subtasks: [] };
    all.push(task);
    parent?.subtasks.push(task);
    const subtasks = children(element, "task");
    for (let index = subtasks.length - 1; index >= 0; index--)
      stack.push({ element: subtasks[index], parent: task });
  }
  return all;
}

type GanCalendar = {
  workingDays?: number[];
  holidays: string[];
  yearly: { month: number; date: number }[];
};

function readCalendar(project: XmlElement, warnings: string[]): GanCalendar {
  const calendars = child(project, "calendars");
  const dayTypes = child(calendars, "day-types");
  const week = child(dayTypes, "default-week");
  const result: GanCalendar = { holidays: [], yearly: [] };
  if (week)
    result.workingDays = WEEKDAYS.flatMap((name, index) => (text(week, name) === "1" ? [] : [index + 1]));
  // GanttProject's "tasks can run on weekends" (stored as <only-show-weekends value="true">): the
  // weekends are only shaded, every day is worked.
  if (text(child(dayTypes, "only-show-weekends"), "value") === "true") {
    result.workingDays = [1, 2, 3, 4, 5, 6, 7];
    warnings.push(
      'The file lets tasks run on weekends ("tasks can run on weekends"): every day of the week is a working day.',
    );
  }
  const base = text(calendars, "base-id");
  if (base && base !== "none")
    warnings.push(
      `Kept only the holidays written in the file, not those of GanttProject's "${base}" calendar.`,
    );

  let unreadable = 0;
  let workingExceptions = 0;
  for (const date of children(calendars, "date")) {
    const type = (text(date, "type") ?? "HOLIDAY").toUpperCase();
    if (type === "WORKING_DAY") {
      workingExceptions++;
      continue;
    }
    if (type !== "HOLIDAY") continue;
    const year = text(date, "year");
    const month = Number(text(date, "month"));
    const day = Number(text(date, "date"));
    // A date with no year repeats every year: check it against a leap year so 29 February passes.
    const valid = dayOf(year === null ? 2000 : Number(year), month, day);
    if (!valid) unreadable++;
    else if (year === null) result.yearly.push({ month, date: day });
    else result.holidays.push(valid);
  }
  if (unreadable > 0) warnings.push(`Left out ${plural(unreadable, "calendar holiday")} with no valid date.`);
  if (workingExceptions > 0)
    warnings.push(
      `Left out ${plural(workingExceptions, "day")} the file's calendar marks as worked on a weekend: the planner's calendar has no working exceptions.`,
    );
  return result;
}

/**
 * The tasks, in file order (a parent before its subtasks); a leaf's dates counted on the calendar
 * read from the file. A parent's dates and duration are its subtasks', rolled up: only its notes,
 * completion and earliest start (which holds its subtasks) are its own.
 */
function readTasks(all: readonly GanTask[], calendar: ImportedPlan["calendar"], linked: ReadonlySet<string>) {
  const working = calendar.startDate
    ? new WorkingCalendar({
        startDate: calendar.startDate,
        workingDays: calendar.workingDays ?? [1, 2, 3, 4, 5],
        holidays: calendar.holidays ?? [],
      })
    : null;
  return all.map((task) => {
    const element = task.element;
    const parentKey = task.parent?.key ?? null;
    if (task.subtasks.length > 0) {
      const complete = Number(text(element, "complete") ?? 0);
      return importedTask(task.key, text(element, "name") ?? "Untitled task", {
        description: text(element, "notes") ?? "",
        status: complete >= 100 ? "completed" : complete > 0 ? "in-progress" : "not-started",
        completed: complete >= 100,
        ...startNoEarlierThanFields(
          text(element, "thirdDate-constraint") === "1"
            ? taskDay(element, "thirdDate", "startNoEarlierThan")
            : null,
        ),
        parentKey,
      });
    }
    const milestone = text(element, "meeting") === "true";
    const rawDuration = text(element, "duration");
    const parsed = rawDuration === null ? Number.NaN : Number(rawDuration);
    const duration = milestone ? 0 : Number.isFinite(parsed) && parsed >= 0 ? wholeWorkingDays(parsed) : null;
    if (!milestone && (parsed > DURATION_MAX || (duration ?? 0) > DURATION_MAX))
      throw durationOutOfRange(text(element, "name") ?? "Untitled task", rawDuration ?? "");
    const complete = Number(text(element, "complete") ?? 0);
    const start = taskDay(element, "start", "startDate");
    let startDate: string | null = null;
    let dueDate: string | null = null;
    if (start && working) {
      const first = working.dayOnOrAfter(start);
      if (duration === null) startDate = working.dateOf(first);
      else if (duration === 0) {
        // A GanttProject milestone's start is the morning it falls on; ours falls at the end of
        // the working day before it (docs/decisions/024-scheduling.md), or on day 0 at the very start.
        startDate = dueDate = working.dateOf(first > 0 ? first - 1 : first);
      } else {
        // Its last day, past 9999-12-31, could not be written (nor stored).
        if (working.epochDayOf(first + duration - 1) > epochDayOf(LAST_DAY))
          throw scheduledPastLastDay(text(element, "name") ?? "Untitled task");
        startDate = working.dateOf(first);
        dueDate = working.dateOf(first + duration - 1);
      }
    }
    const third =
      text(element, "thirdDate-constraint") === "1"
        ? taskDay(element, "thirdDate", "startNoEarlierThan")
        : null;
    // GanttProject leaves a task with no predecessor where it was put; our auto scheduler would
    // pull it back to the project start, so its start becomes its start-no-earlier-than (a link
    // into a summary above it still holds it, no earlier than the link allows).
    let startNoEarlierThan = third;
    if (!linked.has(task.key) && start && (third === null || start > third)) startNoEarlierThan = start;
    return importedTask(task.key, text(element, "name") ?? "Untitled task", {
      description: text(element, "notes") ?? "",
      status: complete >= 100 ? "completed" : complete > 0 ? "in-progress" : "not-started",
      completed: complete >= 100,
      // A leaf's progress; a summary's rolls up (imported-tracking.ts).
      percentComplete: Number.isFinite(complete) ? complete : null,
      startDate,
      dueDate,
      duration,
      ...startNoEarlierThanFields(startNoEarlierThan),
      parentKey,
    });
  });
}

/**
 * The <depend> links, between the tasks they name: one to or from a parent stays on the parent (the
 * scheduler holds a summary's subtree for a link into it and starts a link from its rolled-up
 * dates). The file's depends are counted as they are read (parseXml), so these are within the limit.
 */
function readDepends(
  all: readonly GanTask[],
  byKey: ReadonlyMap<string, GanTask>,
  warnings: string[],
): ImportedDependency[] {
  const links: ImportedDependency[] = [];
  const unknown: string[] = [];
  const badTypes = new Set<string>();
  let rubber = 0;
  for (const source of all) {
    for (const depend of children(source.element, "depend")) {
      const targetKey = text(depend, "id");
      const target = targetKey === null ? undefined : byKey.get(targetKey);
      if (!target) {
        unknown.push(targetKey ?? "(none)");
        continue;
      }
      const code = text(depend, "type") ?? "2";
      if (!DEPEND_TYPES[code]) badTypes.add(code);
      const difference = Number(text(depend, "difference") ?? 0);
      const lag = Number.isFinite(difference) ? Math.round(difference) : 0;
      if (text(depend, "hardness") === "Rubber") rubber++;
      links.push({ sourceKey: source.key, targetKey: target.key, type: DEPEND_TYPES[code] ?? "FS", lag });
    }
  }
  if (unknown.length > 0)
    warnings.push(
      `Left out ${plural(unknown.length, "dependency", "dependencies")} on task ids the file does not hold: ${quoted(unknown)}.`,
    );
  if (badTypes.size > 0)
    warnings.push(
      `Read the dependency types ${quoted([...badTypes])}, which GanttProject does not write, as finish-to-start.`,
    );
  if (rubber > 0)
    warnings.push(
      `Kept ${plural(rubber, '"Rubber" dependency', '"Rubber" dependencies')} as ${rubber === 1 ? "a normal one" : "normal ones"}: the dependent starts as early as the link allows, not later.`,
    );
  return links;
}

/** Warnings for what the file holds and the planner does not keep. */
function warnDropped(project: XmlElement, all: readonly GanTask[], warnings: string[]) {
  const resources = children(child(project, "resources"), "resource").length;
  const allocations = children(child(project, "allocations"), "allocation").length;
  const vacations = children(child(project, "vacations"), "vacation").length;
  if (resources > 0 || allocations > 0) {
    const parts = [plural(resources, "resource"), plural(allocations, "assignment")];
    if (vacations > 0) parts.push(plural(vacations, "vacation"));
    warnings.push(`Left out ${parts.join(", ")}: the importer cannot assign people from another tool.`);
  }
  const baselines = children(child(project, "previous"), "previous-tasks").map(
    (set) => text(set, "name") ?? "",
  );
  if (baselines.length > 0)
    warnings.push(`Left out ${plural(baselines.length, "baseline")}: ${quoted(baselines)}.`);
  const custom = children(child(child(project, "tasks"), "taskproperties"), "taskproperty")
    .filter((property) => text(property, "type") === "custom")
    .map((property) => text(property, "name") ?? "");
  if (custom.length > 0) warnings.push(`Left out the custom columns ${quoted(custom, 5)}.`);
  let costs = 0;
  let priorities = 0;
  let links = 0;
  for (const { element } of all) {
    const cost = Number(text(element, "cost-manual-value") ?? 0);
    if (text(element, "cost-calculated") !== "true" && Number.isFinite(cost) && cost !== 0) costs++;
    const priority = text(element, "priority");
    if (priority !== null && priority !== "1") priorities++;
    if (text(element, "webLink") && text(element, "webLink") !== "http://") links++;
  }
  if (costs > 0) warnings.push(`Left out the costs of ${plural(costs, "task")}.`);
  if (priorities > 0) warnings.push(`Left out the priorities of ${plural(priorities, "task")}.`);
  if (links > 0) warnings.push(`Left out the web links of ${plural(links, "task")}.`);
}
