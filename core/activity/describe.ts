// An activity entry in words for a person (docs/decisions/030-history-activity-and-undo.md): the line
// of the Activity panel
// and of a task's history, and the undo toast. Built from the entry's facts alone (plus the names of
// categories and people when the caller has them), so the log stores facts, not sentences, and the
// wording can change without touching a stored entry.
import { CONSTRAINT_NAMES, isConstraintType } from "../scheduling/constraint-fields";
import { shortDate } from "../scheduling/preview-text";
import type { ActivityAction, ActivityEntryDto, ActivityItem, FieldChanges } from "../schemas/activity";

export type DescribeOptions = {
  /** A category's name by id; without it a category change is named, not shown. */
  categoryName?: (id: number) => string | undefined;
  /** A person's name by id (an assignee); without it an assignee change is named, not shown. */
  personName?: (id: number) => string | undefined;
  /** Dates of this year are shown without the year; the current year by default. */
  thisYear?: number;
  /** Entries at hand: an undo or a redo is then told as the change it goes back to. */
  entryById?: (id: number) => ActivityEntryDto | undefined;
};

/** How a field's values are shown; "label" fields are only named (a position, the working days). */
type Kind =
  | "text"
  | "day"
  | "days"
  | "status"
  | "flag"
  | "mode"
  | "constraint"
  | "category"
  | "person"
  | "code"
  | "label";
type Field = { label: string; kind: Kind };

const TASK_FIELDS: Record<string, Field> = {
  name: { label: "name", kind: "text" },
  description: { label: "description", kind: "text" },
  status: { label: "status", kind: "status" },
  completed: { label: "completed", kind: "flag" },
  startDate: { label: "start", kind: "day" },
  dueDate: { label: "due", kind: "day" },
  snoozeUntil: { label: "snoozed until", kind: "day" },
  categoryId: { label: "category", kind: "category" },
  assigneeId: { label: "assignee", kind: "person" },
  duration: { label: "duration", kind: "days" },
  schedulingMode: { label: "scheduling", kind: "mode" },
  startNoEarlierThan: { label: "start no earlier than", kind: "day" },
  constraintType: { label: "constraint", kind: "constraint" },
  constraintDate: { label: "constraint date", kind: "day" },
  deadline: { label: "deadline", kind: "day" },
  positionX: { label: "position in the graph", kind: "label" },
  positionY: { label: "position in the graph", kind: "label" },
  width: { label: "size in the graph", kind: "label" },
  height: { label: "size in the graph", kind: "label" },
  order: { label: "order", kind: "label" },
  projectId: { label: "project", kind: "label" },
};

const DEPENDENCY_FIELDS: Record<string, Field> = {
  type: { label: "type", kind: "code" },
  lag: { label: "lag", kind: "days" },
  sourceTaskId: { label: "prerequisite", kind: "label" },
  targetTaskId: { label: "dependent", kind: "label" },
};

/** The calendar fields; name, archived and description get sentences of their own. */
const PROJECT_SETTINGS: Record<string, Field> = {
  startDate: { label: "start date", kind: "day" },
  workingDays: { label: "working days", kind: "label" },
  holidays: { label: "holidays", kind: "label" },
  statusDate: { label: "status date", kind: "day" },
};

const CATEGORY_FIELDS: Record<string, Field> = {
  name: { label: "name", kind: "text" },
  color: { label: "color", kind: "label" },
};

/** Bookkeeping a person did not ask for; `completedAt` goes with `completed`. */
const UNTOLD = new Set(["id", "createdAt", "updatedAt", "completedAt", "version", "slug", "userId"]);
/** Fields that only lay out the graph: a change of these alone is "moved … in the graph". */
const LAYOUT = new Set(["positionX", "positionY", "width", "height"]);

const STATUS_WORDS: Record<string, string> = {
  todo: "To Do",
  "not-started": "Not Started",
  "in-progress": "In Progress",
  blocked: "Blocked",
  completed: "Completed",
};
const MODE_WORDS: Record<string, string> = { auto: "Auto", manual: "Manual" };

const TEXT_MAX = 40;

/**
 * A text on one line, cut to `max` characters with an ellipsis.
 * @example truncate("Pour the concrete for the east wing foundations", 20) // "Pour the concrete f…"
 */
export function truncate(text: string, max = TEXT_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const quote = (text: string) => `“${truncate(text)}”`;
const days = (count: number) => `${count} ${Math.abs(count) === 1 ? "day" : "days"}`;
const DAY_MS = 86_400_000;

/**
 * The calendar day of a wire date: a "YYYY-MM-DD" as it is, an ISO instant as the day whose UTC
 * midnight is nearest (a picked day is sent as its local midnight), as the task dialog reads it.
 * @example dayOf("2026-04-30T22:00:00.000Z") // "2026-05-01"
 */
export function dayOf(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  return new Date(Math.round(time / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** A value as the sentence shows it, or null when it cannot be shown (then the field is only named). */
function formatValue(kind: Kind, value: unknown, options: DescribeOptions): string | null {
  if (kind === "label") return null;
  if (value === null || value === undefined || value === "") return "none";
  switch (kind) {
    case "text":
      return typeof value === "string" ? quote(value) : String(value);
    case "day": {
      const day = typeof value === "string" ? dayOf(value) : null;
      return day ? shortDate(day, options.thisYear ?? new Date().getFullYear()) : null;
    }
    case "days":
      return typeof value === "number" ? days(value) : null;
    case "status":
      return STATUS_WORDS[String(value)] ?? String(value);
    case "flag":
      return value ? "yes" : "no";
    case "mode":
      return MODE_WORDS[String(value)] ?? String(value);
    case "constraint":
      return isConstraintType(value) ? CONSTRAINT_NAMES[value] : String(value);
    case "category": {
      const name = typeof value === "number" ? options.categoryName?.(value) : undefined;
      return name === undefined ? null : quote(name);
    }
    case "person": {
      const name = typeof value === "number" ? options.personName?.(value) : undefined;
      return name === undefined ? null : truncate(name);
    }
    case "code":
      return typeof value === "object" ? null : String(value);
  }
}

/** A field the tables do not know (a later one): shown when its values are plain, else named. */
const guessField = (name: string, [before, after]: [unknown, unknown]): Field => {
  const plain = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);
  return { label: name, kind: plain(before) && plain(after) ? "code" : "label" };
};

/** "3 → 5 days", "Mar 3 → Mar 10", or null when the values cannot be shown. */
function valuePair({ kind }: Field, [before, after]: [unknown, unknown], options: DescribeOptions) {
  if (kind === "days" && typeof before === "number" && typeof after === "number") {
    return `${before} → ${days(after)}`;
  }
  const was = formatValue(kind, before, options);
  const now = formatValue(kind, after, options);
  return was === null || now === null ? null : `${was} → ${now}`;
}

/** "duration 3 → 5 days", "start Mar 3 → Mar 10", or just "position in the graph". */
function fieldPart(field: Field, change: [unknown, unknown], options: DescribeOptions): string {
  const values = valuePair(field, change, options);
  return values === null ? field.label : `${field.label} ${values}`;
}

/** Each told field of `changes`, in the table's order then any other, a label named once. */
function fieldParts(table: Record<string, Field>, changes: FieldChanges, options: DescribeOptions): string[] {
  const names = [
    ...Object.keys(table).filter((name) => name in changes),
    ...Object.keys(changes).filter((name) => !(name in table)),
  ].filter((name) => !UNTOLD.has(name));
  const parts: string[] = [];
  for (const name of names) {
    const part = fieldPart(table[name] ?? guessField(name, changes[name]), changes[name], options);
    if (!parts.includes(part)) parts.push(part);
  }
  return parts;
}

const without = (changes: FieldChanges, ...names: string[]): FieldChanges =>
  Object.fromEntries(Object.entries(changes).filter(([name]) => !names.includes(name)));

/** The entry's subject quoted (else its new name), or null. */
function subjectOf(entry: ActivityEntryDto): string | null {
  const named = entry.subject ?? entry.changes.name?.[1] ?? entry.changes.name?.[0];
  return typeof named === "string" && named !== "" ? quote(named) : null;
}

/** "task “Roof”", or "a task" without a subject. */
const named = (entry: ActivityEntryDto, noun: string) => {
  const subject = subjectOf(entry);
  return subject ? `${noun} ${subject}` : `a ${noun}`;
};

/** "completed “Framing”", "renamed task “A” → “B”", "changed “Framing”: duration 3 → 5 days". */
function taskUpdate(entry: ActivityEntryDto, options: DescribeOptions): string {
  const task = subjectOf(entry) ?? "a task";
  const completed = entry.changes.completed;
  if (completed) {
    const head = completed[1] ? `completed ${task}` : `reopened ${task}`;
    const rest = fieldParts(TASK_FIELDS, without(entry.changes, "completed", "status"), options);
    return rest.length === 0 ? head : `${head} and changed ${rest.join(", ")}`;
  }
  const fields = Object.keys(entry.changes).filter((name) => !UNTOLD.has(name));
  if (fields.length > 0 && fields.every((name) => LAYOUT.has(name))) return `moved ${task} in the graph`;
  if (fields.length === 1 && fields[0] === "name") {
    return `renamed task ${valuePair(TASK_FIELDS.name, entry.changes.name, options)}`;
  }
  // A constraint's change tells its type and date; the start-no-earlier-than that follows is the same fact.
  const told =
    entry.changes.constraintType || entry.changes.constraintDate
      ? without(entry.changes, "startNoEarlierThan")
      : entry.changes;
  const parts = fieldParts(TASK_FIELDS, told, options);
  return parts.length === 0 ? `changed ${task}` : `changed ${task}: ${parts.join(", ")}`;
}

/** "moved “A” in the graph", "reordered 3 tasks". */
function severalTasks(items: ActivityItem[], one: (name: string) => string, many: (count: number) => string) {
  return items.length === 1 ? one(items[0].name ? quote(items[0].name) : "a task") : many(items.length);
}

/** "renamed project “A” → “B”; changed project settings: working days, holidays". */
function projectUpdate(entry: ActivityEntryDto, options: DescribeOptions): string {
  const { name, archived, description } = entry.changes;
  const sentences: string[] = [];
  if (name)
    sentences.push(`renamed project ${quote(String(name[0] ?? ""))} → ${quote(String(name[1] ?? ""))}`);
  if (archived) sentences.push(archived[1] ? "archived the project" : "restored the project");
  if (description) sentences.push("changed the project description");
  const settings = fieldParts(
    PROJECT_SETTINGS,
    without(entry.changes, "name", "archived", "description"),
    options,
  );
  if (settings.length > 0) sentences.push(`changed project settings: ${settings.join(", ")}`);
  return sentences.length === 0 ? "changed the project" : sentences.join("; ");
}

function categoryUpdate(entry: ActivityEntryDto, options: DescribeOptions): string {
  const fields = Object.keys(entry.changes).filter((field) => !UNTOLD.has(field));
  if (fields.length === 1 && fields[0] === "name") {
    return `renamed category ${valuePair(CATEGORY_FIELDS.name, entry.changes.name, options)}`;
  }
  const parts = fieldParts(CATEGORY_FIELDS, entry.changes, options);
  const category = named(entry, "category");
  return parts.length === 0 ? `changed ${category}` : `changed ${category}: ${parts.join(", ")}`;
}

function memberUpdate(entry: ActivityEntryDto, member: string): string {
  const role = entry.changes.role;
  return role
    ? `changed the role of ${member}: ${role[0]} → ${role[1]}`
    : `changed the membership of ${member}`;
}

/** What the write itself did, without the undo prefix or the scheduler's moves. */
function describeWrite(entry: ActivityEntryDto, options: DescribeOptions): string {
  const member = entry.subject ? truncate(entry.subject) : "a member";
  switch (entry.action) {
    case "project.created":
      return entry.subject ? `created project ${quote(entry.subject)}` : "created the project";
    case "project.updated":
      return projectUpdate(entry, options);
    case "task.created":
      return `created ${named(entry, "task")}`;
    case "task.updated":
      return taskUpdate(entry, options);
    case "task.deleted":
      return `deleted ${named(entry, "task")}`;
    case "tasks.reordered":
      return severalTasks(
        entry.items,
        (task) => `changed the order of ${task}`,
        (count) => `reordered ${count} tasks`,
      );
    case "tasks.positioned":
      return severalTasks(
        entry.items,
        (task) => `moved ${task} in the graph`,
        (count) => `moved ${count} tasks in the graph`,
      );
    case "tasks.outlined":
      return severalTasks(
        entry.items,
        (task) => `moved ${task} in the outline`,
        (count) => `moved ${count} tasks in the outline`,
      );
    case "dependency.created":
      return `added ${named(entry, "dependency")}`;
    case "dependency.updated": {
      const parts = fieldParts(DEPENDENCY_FIELDS, entry.changes, options);
      const head = `changed ${named(entry, "dependency")}`;
      return parts.length === 0 ? head : `${head}: ${parts.join(", ")}`;
    }
    case "dependency.deleted":
      return `removed ${named(entry, "dependency")}`;
    case "category.created":
      return `added ${named(entry, "category")}`;
    case "category.updated":
      return categoryUpdate(entry, options);
    case "category.deleted":
      return `deleted ${named(entry, "category")}`;
    case "member.created": {
      const role = entry.changes.role?.[1];
      return typeof role === "string" ? `invited ${member} as ${role}` : `invited ${member}`;
    }
    case "member.updated":
      return memberUpdate(entry, member);
    case "member.deleted":
      return `removed ${member} from the project`;
    case "link.created":
      // A link made while one was on replaces it (the old address stops working).
      return entry.changes.enabled?.[0] === true ? "replaced the public link" : "published the public link";
    case "link.deleted":
      return "turned off the public link";
    case "import":
      return entry.subject ? `imported ${quote(entry.subject)}` : "imported a plan";
    case "baseline.saved":
      return `saved ${named(entry, "baseline")}`;
    case "baseline.renamed": {
      const pair = entry.changes.name && valuePair(CATEGORY_FIELDS.name, entry.changes.name, options);
      return pair ? `renamed baseline ${pair}` : `renamed ${named(entry, "baseline")}`;
    }
    case "baseline.deleted":
      return `deleted ${named(entry, "baseline")}`;
    default:
      return plainWords(entry);
  }
}

/**
 * The words of a write no case above words better, from its action's name ("noun.verb"), so a new
 * write reads sensibly in the history from its first entry.
 * @example plainWords({ action: "baseline.deleted", subject: "Q3" }) // "deleted baseline “Q3”"
 */
export function plainWords(entry: Pick<ActivityEntryDto, "action" | "subject">): string {
  const [noun, verb = "changed"] = String(entry.action).split(".");
  const thing = noun.endsWith("s") ? noun.slice(0, -1) : noun;
  const done = verb === "updated" ? "changed" : verb;
  return entry.subject ? `${done} ${thing} ${quote(entry.subject)}` : `${done} a ${thing}`;
}

/** "; “Roof” rescheduled", "; 2 tasks rescheduled": the tasks the scheduler moved besides the one edited. */
function movesSuffix(entry: ActivityEntryDto): string {
  const others = entry.moved.filter((move) => move.id !== entry.taskId);
  if (others.length === 0) return "";
  if (others.length === 1 && others[0].name) return `; ${quote(others[0].name)} rescheduled`;
  return `; ${others.length} ${others.length === 1 ? "task" : "tasks"} rescheduled`;
}

/** The change an undo or redo goes back to (following `undoOf`), when the entries at hand hold it. */
function originalOf(entry: ActivityEntryDto, entryById: DescribeOptions["entryById"]) {
  let current = entry;
  for (let step = 0; step < 50 && current.undoOf !== null; step++) {
    const earlier = entryById?.(current.undoOf);
    if (!earlier) return null;
    current = earlier;
  }
  return current.undoOf === null ? current : null;
}

/** What an undo records for each action: the write it made (a deleted task's undo creates it). */
const UNDO_ACTION: Partial<Record<ActivityAction, ActivityAction>> = {
  "task.created": "task.deleted",
  "task.deleted": "task.created",
  "dependency.created": "dependency.deleted",
  "dependency.deleted": "dependency.created",
  "category.created": "category.deleted",
  "category.deleted": "category.created",
  "member.created": "member.deleted",
  "member.deleted": "member.created",
  "link.created": "link.deleted",
  "link.deleted": "link.created",
  "baseline.saved": "baseline.deleted",
  "baseline.deleted": "baseline.saved",
};

/**
 * The change an undo reverted, from the undo alone: an undo records the write it made (the inverse
 * action, each field from after back to before), so both are turned back.
 */
function reversed(entry: ActivityEntryDto): ActivityEntryDto {
  const swap = (changes: FieldChanges): FieldChanges =>
    Object.fromEntries(Object.entries(changes).map(([field, [before, after]]) => [field, [after, before]]));
  return {
    ...entry,
    action: UNDO_ACTION[entry.action] ?? entry.action,
    changes: swap(entry.changes),
    items: entry.items.map((item) => ({ ...item, changes: swap(item.changes) })),
  };
}

/**
 * The change an entry is about, in the direction it was first made: an undo or a redo is told as
 * the original change (for the toast after an undo, which names what was undone).
 * @example describeChange(undoOfDurationChange) // "changed “Framing”: duration 3 → 5 days"
 */
export function describeChange(entry: ActivityEntryDto, options: DescribeOptions = {}): string {
  const original = originalOf(entry, options.entryById);
  if (original) return describeWrite(original, options);
  // A redo (the undo of an undo) records the change made again, as it was first made.
  return describeWrite(entry.isUndo ? reversed(entry) : entry, options);
}

/**
 * An entry as one line of words (the actor and the time are shown beside it).
 * @example describeActivity(entry) // "changed “Framing”: duration 3 → 5 days; 2 tasks rescheduled"
 * @example describeActivity(undoEntry) // "undid: deleted task “Roof”"
 */
export function describeActivity(entry: ActivityEntryDto, options: DescribeOptions = {}): string {
  const words = describeChange(entry, options) + movesSuffix(entry);
  if (entry.isUndo) return `undid: ${words}`;
  if (entry.undoOf !== null) return `redid: ${words}`;
  return words;
}
