// Task lists as CSV (docs/decisions/025-import-and-export.md). The export writes one row per task in
// the columns
// below; the import reads those and the columns other tools export (Title, Due Date, State, Depends
// on...), in any order, after a byte-order mark and any lines before the header. The client shows
// the `columns` and the `mapping` it read with, and may send a mapping of its own.
import { epochDayOf, isoDateOf } from "@core/scheduling/calendar";
import {
  CSV_FIELD_LABELS,
  CSV_FIELDS,
  type CsvField,
  type CsvMapping,
  IMPORT_DEPENDENCIES_MAX,
  IMPORT_TASKS_MAX,
} from "@core/schemas/import-export";
import type { StoredTaskStatus } from "@core/tasks/status";
import { parse } from "csv-parse/sync";
import { addNamedLinks, EXTRA_GUESSES, type ExtraColumn, type NamedLinks, relationsOf } from "./csv-extras";
import {
  booleanOf,
  dayOf,
  durationOf,
  neutralized,
  normalizeHeader,
  predecessorOf,
  predecessorText,
  statusOf,
  unneutralized,
} from "./csv-values";
import {
  type ExportedPlan,
  emptyPlan,
  ImportError,
  type ImportedDependency,
  type ImportedPlan,
  importedTask,
  tooMany,
} from "./imported-plan";

// The fields and the mapping are the wire's (the client edits the mapping).
export type { CsvField, CsvMapping };

/** The export's columns, in order: the wire's field labels (docs/decisions/025-import-and-export.md). */
export const CSV_HEADER = CSV_FIELDS.map((field) => CSV_FIELD_LABELS[field]);

/** The fields in the order their columns are guessed: the name first, since it finds the header. */
const FIELDS: readonly CsvField[] = ["name", ...CSV_FIELDS.filter((field) => field !== "name")];

/** The headers each field is guessed from, best first; besides the usual names, what Plane and TickTick write. */
const GUESSES: Record<CsvField, readonly string[]> = {
  name: ["Name", "Title", "Summary", "Task Name", "Task", "Subject"],
  description: ["Description", "Notes", "Note", "Content", "Body", "Details"],
  status: ["Status", "State", "State Name"],
  completed: ["Completed", "Done", "Is Done", "Complete"],
  start: ["Start", "Start Date", "Begin", "Begin Date", "Started"],
  finish: ["Finish", "Due", "Due Date", "End", "End Date", "Deadline", "Finish Date", "Target Date"],
  duration: ["Duration"],
  category: ["Category", "Section", "Bucket", "List", "Project", "Group", "List Name", "Project Name"],
  assignee: ["Assignee", "Assigned To", "Owner", "Assignees"],
  predecessors: ["Predecessors", "Depends on", "Blocked by", "Dependencies"],
  id: ["ID", "#", "Key", "Identifier", "Task ID", "Issue ID", "Issue key"],
};

const FIELD_NAMES: Record<CsvField, string> = {
  id: "the ids",
  name: "the task names",
  description: "the descriptions",
  status: "the statuses",
  completed: "whether tasks are done",
  start: "the start dates",
  finish: "the finish dates",
  duration: "the durations",
  category: "the categories",
  assignee: "the assignees",
  predecessors: "the predecessors",
};

/** Statuses of work given up (Plane, Linear, Jira): no planner status says it, so read as done. */
const CANCELLED = /^\s*(cancell?ed|won'?t (do|fix)|wontfix|duplicate|declined|abandoned)\s*$/i;

/** The header is looked for in this many first rows. */
const HEADER_ROWS = 50;
const DELIMITERS = [",", ";", "\t"];

type Row = { cells: string[]; line: number };

const quoted = (names: readonly string[], max = 5) => {
  const shown = names.slice(0, max).map((name) => `"${name}"`);
  return names.length > max ? `${shown.join(", ")} and ${names.length - max} more` : shown.join(", ");
};
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const some = (items: readonly string[], max = 5) =>
  items.length > max ? `${items.slice(0, max).join(", ")} and ${items.length - max} more` : items.join(", ");

/**
 * The file's records with the line each starts on (a quoted field may hold line breaks). With
 * `headerIndex`, parsing stops one record past the most rows an import takes after the header
 * (IMPORT_TASKS_MAX, rows of empty cells counted too), and a file that reaches it is refused with
 * 413, before the rest of it is parsed (docs/decisions/031-imports-off-the-request-thread.md).
 */
function readRows(text: string, delimiter: string, to?: number, headerIndex?: number): Row[] {
  let records: { record: string[]; info: { bytes: number } }[];
  // One record more than the most a file may hold: reaching it means the limit is passed.
  const cap = headerIndex === undefined ? undefined : headerIndex + 1 + IMPORT_TASKS_MAX + 1;
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // -1: every record.
      to: to ?? cap ?? -1,
      // The types do not know that `info` wraps each record.
    }) as unknown as typeof records;
  } catch (error) {
    throw new ImportError(`The CSV file cannot be read: ${(error as Error).message.replace(/\.$/, "")}.`);
  }
  if (cap !== undefined && records.length >= cap)
    throw new ImportError(
      `The file holds more than ${IMPORT_TASKS_MAX} rows; an import takes at most ${IMPORT_TASKS_MAX}.`,
      413,
    );
  // csv-parse tells where each record ends (in UTF-8 bytes); the next starts after the blank
  // lines that follow. Counting line breaks up to there gives each record's first line.
  const bytes = Buffer.from(text, "utf8");
  let position = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let line = 1;
  const step = () => {
    const byte = bytes[position++];
    if (byte === 0x0a || (byte === 0x0d && bytes[position] !== 0x0a)) line++;
  };
  return records.map(({ record, info }) => {
    while (position < info.bytes && (bytes[position] === 0x0a || bytes[position] === 0x0d)) step();
    const row = { cells: record, line };
    while (position < info.bytes) step();
    return row;
  });
}

const sameHeader = (cell: string, header: string) =>
  cell.trim() === header.trim() || normalizeHeader(cell) === normalizeHeader(header);
const blank = (row: Row) => row.cells.every((cell) => cell.trim() === "");

/** The delimiter and the index of the header row: the first row with the names' column. */
function findHeader(text: string, mapping: CsvMapping): { delimiter: string; index: number } {
  const wanted = mapping.name;
  const isHeader = (row: Row) =>
    row.cells.some((cell) =>
      wanted ? sameHeader(cell, wanted) : GUESSES.name.some((guess) => sameHeader(cell, guess)),
    );
  let first: Row[] | null = null;
  let failure: unknown = null;
  for (const delimiter of DELIMITERS) {
    try {
      const rows = readRows(text, delimiter, HEADER_ROWS);
      first ??= rows;
      const index = rows.findIndex(isHeader);
      if (index >= 0) return { delimiter, index };
    } catch (error) {
      failure ??= error;
    }
  }
  // A file a delimiter could not parse is refused for that (the line it stopped at) first.
  if (failure || !first) throw failure;
  // The widest of the first rows is most likely the header: its columns are what the user sees.
  const widest = first.reduce<Row | null>(
    (best, row) => (!best || row.cells.length > best.cells.length ? row : best),
    null,
  );
  const columns = quoted(widest?.cells.map((cell) => cell.trim()) ?? [], 40);
  if (wanted)
    throw new ImportError(
      `The column "${wanted}" chosen for the task names is not in the file; the columns are: ${columns}.`,
    );
  throw new ImportError(`No column holds the task names; the columns are: ${columns}.`);
}

/**
 * Reads a CSV task list. `mapping` says which column holds each field; the fields it leaves out
 * are guessed from the headers. Answers the plan, the header's columns and the mapping read with.
 */
export function readCsv(
  text: string,
  mapping: CsvMapping = {},
): { plan: ImportedPlan; columns: string[]; mapping: CsvMapping } {
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new ImportError("The CSV file is empty.");
  const { delimiter, index: headerIndex } = findHeader(text, mapping);
  const rows = readRows(text, delimiter, undefined, headerIndex);
  const header = rows[headerIndex];
  const columns = header.cells.map((cell) => cell.trim());

  // Each field's column: the mapping's, else the first unused column a guess names.
  const at: Partial<Record<CsvField, number>> = {};
  const used = new Set<number>();
  for (const field of FIELDS) {
    const wanted = mapping[field];
    if (wanted === undefined || wanted === "") continue;
    let index = columns.indexOf(wanted.trim());
    if (index < 0) index = columns.findIndex((column) => sameHeader(column, wanted));
    if (index < 0) {
      throw new ImportError(
        `The column "${wanted}" chosen for ${FIELD_NAMES[field]} is not in the file; the columns are: ${quoted(columns, 40)}.`,
      );
    }
    at[field] = index;
    used.add(index);
  }
  for (const field of FIELDS) {
    if (mapping[field] !== undefined) continue;
    for (const guess of GUESSES[field]) {
      const index = columns.findIndex((column, position) => !used.has(position) && sameHeader(column, guess));
      if (index >= 0) {
        at[field] = index;
        used.add(index);
        break;
      }
    }
  }
  // Other tools' columns beyond ours (csv-extras.ts), when their headers are there.
  const extras: Partial<Record<ExtraColumn, number>> = {};
  for (const [extra, guesses] of Object.entries(EXTRA_GUESSES) as [ExtraColumn, readonly string[]][]) {
    for (const guess of guesses) {
      const index = columns.findIndex((column, position) => !used.has(position) && sameHeader(column, guess));
      if (index >= 0) {
        extras[extra] = index;
        used.add(index);
        break;
      }
    }
  }
  const readMapping: CsvMapping = {};
  for (const field of FIELDS) if (at[field] !== undefined) readMapping[field] = columns[at[field]];

  const data = rows.slice(headerIndex + 1).filter((row) => !blank(row));

  const plan = emptyPlan();
  const warnings = plan.warnings;
  const preamble = rows.slice(0, headerIndex);
  if (preamble.length > 0)
    warnings.push(`Skipped ${plural(preamble.length, "row")} before the header on line ${header.line}.`);
  readRowsInto(plan, data, at, columns, legendOf(preamble), extras);

  const left = columns.filter((column, index) => column !== "" && !used.has(index));
  if (left.length > 0) warnings.push(`Left out the columns ${quoted(left)}.`);
  return { plan, columns, mapping: readMapping };
}

/** Status codes a preamble explains, as TickTick's does: "Status:\n0 Normal\n1 Completed\n2 Archived". */
function legendOf(preamble: readonly Row[]): Map<string, string> {
  const legend = new Map<string, string>();
  for (const cell of preamble.flatMap((row) => row.cells)) {
    if (!/^\s*status\s*:/i.test(cell)) continue;
    for (const line of cell.split(/\r?\n/).slice(1)) {
      const match = /^\s*(\d+)\s*[-:=]?\s*(.+?)\s*$/.exec(line);
      if (match) legend.set(match[1], match[2]);
    }
  }
  return legend;
}

function readRowsInto(
  plan: ImportedPlan,
  data: readonly Row[],
  at: Partial<Record<CsvField, number>>,
  columns: readonly string[],
  legend: ReadonlyMap<string, string>,
  extras: Partial<Record<ExtraColumn, number>>,
) {
  const warnings = plan.warnings;
  const extra = (row: Row, column: ExtraColumn) => {
    const index = extras[column];
    return index === undefined ? "" : unneutralized(row.cells[index] ?? "").trim();
  };
  const named: NamedLinks[] = [];
  const parents: { key: string; parentId: string }[] = [];
  const unreadableRelations: string[] = [];
  const badCompletions: string[] = [];
  const cancelled = new Map<string, number>();
  const raw = (row: Row, field: CsvField) => {
    const index = at[field];
    return index === undefined ? "" : unneutralized(row.cells[index] ?? "");
  };
  const cell = (row: Row, field: CsvField) => raw(row, field).trim();
  const keyOfId = new Map<string, string>();
  const categoryKeys = new Map<string, string>();
  const pending: { key: string; cell: string }[] = [];
  const unnamed: number[] = [];
  const badDates: string[] = [];
  const badDurations: string[] = [];
  const unknownStatuses = new Map<string, number>();
  const unknownDone = new Set<string>();
  const repeatedIds: string[] = [];
  let assigned = 0;

  const dateOf = (row: Row, field: "start" | "finish") => {
    const value = cell(row, field);
    if (value === "") return null;
    const day = dayOf(value);
    if (day === null) badDates.push(`line ${row.line} "${columns[at[field]!]}" ("${value}")`);
    return day;
  };

  for (const row of data) {
    // A task name is one line: a quoted line break in it becomes a space.
    const name = cell(row, "name").replace(/\s*[\r\n]+\s*/g, " ");
    if (name === "") {
      unnamed.push(row.line);
      continue;
    }
    const id = cell(row, "id");
    let key = `row:${row.line}`;
    if (id !== "" && keyOfId.has(id)) repeatedIds.push(id);
    else if (id !== "") key = id;
    // With no id column, predecessors name tasks by their place in the list, as MS Project's ID.
    keyOfId.set(at.id === undefined ? String(plan.tasks.length + 1) : id, key);

    const statusCell = cell(row, "status");
    let status: StoredTaskStatus | null = null;
    if (statusCell !== "") {
      status = statusOf(statusCell, legend);
      if (status === null) unknownStatuses.set(statusCell, (unknownStatuses.get(statusCell) ?? 0) + 1);
    }
    const doneCell = cell(row, "completed");
    const done = doneCell === "" ? null : booleanOf(doneCell);
    if (doneCell !== "" && done === null) unknownDone.add(doneCell);
    // A cancelled task is closed: nothing waits for it, so it is read as completed, and said so.
    if (status === null && CANCELLED.test(statusCell)) {
      status = "completed";
      cancelled.set(statusCell, (cancelled.get(statusCell) ?? 0) + 1);
    }
    const completed = done ?? status === "completed";
    const completedAtCell = extra(row, "completedAt");
    let completedAt: string | null = null;
    if (completed && completedAtCell !== "") {
      if (Number.isNaN(Date.parse(completedAtCell)))
        badCompletions.push(`line ${row.line} ("${completedAtCell}")`);
      else completedAt = completedAtCell;
    }
    const relationsCell = extra(row, "relations");
    if (relationsCell !== "" && relationsCell !== "[]") {
      const relations = relationsOf(relationsCell);
      if (relations) named.push({ key, ...relations });
      else unreadableRelations.push(`line ${row.line}`);
    }
    const parentId = extra(row, "parent");
    if (parentId !== "") parents.push({ key, parentId });

    const durationCell = cell(row, "duration");
    let duration: number | null = null;
    if (durationCell !== "") {
      duration = durationOf(durationCell);
      if (duration === null) badDurations.push(`line ${row.line} ("${durationCell}")`);
    }

    let categoryKey: string | null = null;
    const category = cell(row, "category");
    if (category !== "") {
      categoryKey = categoryKeys.get(category.toLowerCase()) ?? null;
      if (categoryKey === null) {
        categoryKey = `category:${category.toLowerCase()}`;
        categoryKeys.set(category.toLowerCase(), categoryKey);
        plan.categories.push({ key: categoryKey, name: category, color: null });
      }
    }
    const assignee = cell(row, "assignee");
    if (assignee !== "" && assignee !== "[]") assigned++;
    const predecessors = cell(row, "predecessors");
    if (predecessors !== "") pending.push({ key, cell: predecessors });

    plan.tasks.push(
      importedTask(key, name, {
        description: raw(row, "description"),
        status: status ?? (completed ? "completed" : "not-started"),
        completed,
        startDate: dateOf(row, "start"),
        dueDate: dateOf(row, "finish"),
        duration,
        categoryKey,
        ...(completedAt ? { completedAt } : {}),
      }),
    );
  }

  plan.dependencies = readPredecessors(pending, keyOfId, warnings);
  const namedLinks = addNamedLinks(plan.dependencies, named, parents, keyOfId);
  // A scheduled task no link places stays where the file put it (our auto scheduler would pull
  // it back to the project's start): its start becomes its start-no-earlier-than.
  const linked = new Set(plan.dependencies.map((link) => link.targetKey));
  for (const task of plan.tasks) {
    if (task.duration !== null && task.startDate && !linked.has(task.key))
      task.startNoEarlierThan = task.startDate;
  }

  if (unnamed.length > 0)
    warnings.push(
      `Skipped ${plural(unnamed.length, "row")} with no name: line ${some(unnamed.map(String), 10)}.`,
    );
  if (repeatedIds.length > 0)
    warnings.push(
      `Read rows repeating an ID as tasks of their own (links name the first): ${quoted(repeatedIds)}.`,
    );
  if (badDates.length > 0) warnings.push(`Left out dates that could not be read: ${some(badDates)}.`);
  if (badDurations.length > 0)
    warnings.push(`Left out durations that could not be read: ${some(badDurations)}.`);
  if (unknownStatuses.size > 0) {
    const values = [...unknownStatuses].map(([value, count]) => `"${value}" (${plural(count, "row")})`);
    warnings.push(`Read the statuses ${some(values)} as not started.`);
  }
  if (cancelled.size > 0) {
    const values = [...cancelled].map(([value, count]) => `"${value}" (${plural(count, "row")})`);
    warnings.push(`Read the statuses ${some(values)} as completed: the planner has no cancelled status.`);
  }
  if (badCompletions.length > 0)
    warnings.push(`Left out completion times that could not be read: ${some(badCompletions)}.`);
  if (unreadableRelations.length > 0)
    warnings.push(`Left out relations that could not be read: ${some(unreadableRelations)}.`);
  if (namedLinks.unknown.length > 0)
    warnings.push(
      `Left out ${plural(namedLinks.unknown.length, "link")} naming an ID no row holds: ${quoted(namedLinks.unknown)}.`,
    );
  if (namedLinks.skipped > 0)
    warnings.push(
      `Left out ${plural(namedLinks.skipped, "sub-issue link")} to a parent that waits the other way (it would close a cycle).`,
    );
  if (unknownDone.size > 0)
    warnings.push(`Read the completed values ${quoted([...unknownDone])} as not completed.`);
  if (assigned > 0)
    warnings.push(
      `Left out the assignees of ${plural(assigned, "task")}: the importer cannot assign people who are not members of the project.`,
    );
}

/** Up to `max` examples of something met many times, and how many times it was met. */
class Examples {
  readonly shown: string[] = [];
  count = 0;
  constructor(private readonly max = 5) {}
  add(example: string) {
    if (this.count++ < this.max) this.shown.push(example);
  }
  /** The examples quoted, and how many more there were. */
  quoted(): string {
    const shown = this.shown.map((name) => `"${name}"`).join(", ");
    return this.count > this.shown.length ? `${shown} and ${this.count - this.shown.length} more` : shown;
  }
}

/**
 * The links the predecessor cells name, each from the named row to the row naming it. A cell may
 * name thousands: links are counted as they are made (413 past the limit), and of the tokens
 * left out only a few are kept, to name in the warning.
 */
function readPredecessors(
  pending: readonly { key: string; cell: string }[],
  keyOfId: ReadonlyMap<string, string>,
  warnings: string[],
): ImportedDependency[] {
  const ids = new Set(keyOfId.keys());
  const links: ImportedDependency[] = [];
  const unknown = new Examples();
  const unreadable = new Examples();
  for (const { key, cell } of pending) {
    for (const token of cell.split(/[;,]/).map((part) => part.trim())) {
      if (token === "") continue;
      const predecessor = predecessorOf(token, ids);
      if (!predecessor) {
        unreadable.add(token);
        continue;
      }
      const sourceKey = keyOfId.get(predecessor.id);
      if (sourceKey === undefined) unknown.add(token);
      else {
        if (links.length >= IMPORT_DEPENDENCIES_MAX) throw tooMany("dependencies");
        links.push({ sourceKey, targetKey: key, type: predecessor.type, lag: predecessor.lag });
      }
    }
  }
  if (unknown.count > 0)
    warnings.push(
      `Left out ${plural(unknown.count, "predecessor")} naming an ID no row holds: ${unknown.quoted()}.`,
    );
  if (unreadable.count > 0)
    warnings.push(
      `Left out ${plural(unreadable.count, "predecessor")} that could not be read: ${unreadable.quoted()}.`,
    );
  return links;
}

/** One cell: neutralised against formulas, quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  const safe = neutralized(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** "YYYY-MM-DD" of a stored date-time: the day of its nearest UTC midnight. */
function storedDay(value: string | null): string {
  if (!value) return "";
  const day = epochDayOf(value);
  return Number.isFinite(day) ? isoDateOf(day) : "";
}

/** The plan as CSV: the header and one row per task in the plan's order, CRLF line ends. */
export function writeCsv(plan: ExportedPlan): string {
  const categoryNames = new Map(plan.categories.map((category) => [category.id, category.name]));
  const taskIds = new Set(plan.tasks.map((task) => task.id));
  const predecessors = new Map<number, string[]>();
  for (const link of plan.dependencies) {
    if (!taskIds.has(link.sourceTaskId)) continue;
    const list = predecessors.get(link.targetTaskId) ?? [];
    list.push(predecessorText(link.sourceTaskId, link.type, link.lag));
    predecessors.set(link.targetTaskId, list);
  }
  const lines = [CSV_HEADER.join(",")];
  for (const task of plan.tasks) {
    const row = [
      String(task.id),
      task.name,
      task.description,
      task.status,
      String(task.completed),
      task.schedule?.start ?? storedDay(task.startDate),
      task.schedule?.finish ?? storedDay(task.dueDate),
      task.duration === null ? "" : String(task.duration),
      task.categoryId === null ? "" : (categoryNames.get(task.categoryId) ?? ""),
      task.assigneeEmail ?? "",
      (predecessors.get(task.id) ?? []).join(";"),
    ];
    lines.push(row.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
