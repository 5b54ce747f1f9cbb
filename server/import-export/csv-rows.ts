// Reading a CSV task list's rows into the plan (csv.ts found the header and each field's column):
// a task per named row, its status, completion, dates, duration and category, its place in the
// outline (csv-outline.ts: its WBS, Outline Level or Parent cell), its constraint and deadline
// (csv-constraints.ts), its progress and actual dates (csv-tracking.ts), the links its predecessor and
// Relations cells name, and a warning for whatever could not be read.
import type { CsvField } from "@core/schemas/import-export";
import { IMPORT_DEPENDENCIES_MAX } from "@core/schemas/import-export";
import type { StoredTaskStatus } from "@core/tasks/status";
import { constraintTypeOf, noDate } from "./csv-constraints";
import { addNamedLinks, type ExtraColumn, type NamedLinks, relationsOf } from "./csv-extras";
import { type OutlineCells, type OutlineColumns, readOutline } from "./csv-outline";
import { percentOf } from "./csv-tracking";
import { booleanOf, dayOf, durationOf, predecessorOf, statusOf, unneutralized } from "./csv-values";
import { type ImportedDependency, type ImportedPlan, importedTask, tooMany } from "./imported-plan";

/** A record of the file and the line it starts on. */
export type Row = { cells: string[]; line: number };

export const quoted = (names: readonly string[], max = 5) => {
  const shown = names.slice(0, max).map((name) => `"${name}"`);
  return names.length > max ? `${shown.join(", ")} and ${names.length - max} more` : shown.join(", ");
};
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
export const some = (items: readonly string[], max = 5) =>
  items.length > max ? `${items.slice(0, max).join(", ")} and ${items.length - max} more` : items.join(", ");

/** Statuses of work given up (Plane, Linear, Jira): no planner status says it, so read as done. */
const CANCELLED = /^\s*(cancell?ed|won'?t (do|fix)|wontfix|duplicate|declined|abandoned)\s*$/i;

/**
 * Reads the data rows into `plan`, each field from its column (`at`), the other tools' columns from
 * theirs (`extras`), a status code through the file's own legend; what it cannot read becomes a
 * warning naming it.
 */
export function readRowsInto(
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
  const badConstraints: string[] = [];
  const unknownStatuses = new Map<string, number>();
  const unknownDone = new Set<string>();
  const repeatedIds: string[] = [];
  const outlineCells: OutlineCells[] = [];
  let assigned = 0;

  const dateOf = (row: Row, field: "start" | "finish") => {
    const value = cell(row, field);
    if (value === "") return null;
    const day = dayOf(value);
    if (day === null) badDates.push(`line ${row.line} "${columns[at[field]!]}" ("${value}")`);
    return day;
  };
  const badPercents: string[] = [];
  const extraDateOf = (row: Row, column: "constraintDate" | "deadline" | "actualStart" | "actualFinish") => {
    const value = extra(row, column);
    if (noDate(value)) return null;
    const day = dayOf(value);
    if (day === null) badDates.push(`line ${row.line} "${columns[extras[column]!]}" ("${value}")`);
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
    // A repeated id keeps naming its first row.
    const ownId = at.id === undefined ? String(plan.tasks.length + 1) : id;
    if (!keyOfId.has(ownId)) keyOfId.set(ownId, key);

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
    // A type it cannot read is dropped, and said; a dated type whose date is missing or unreadable
    // is dropped when the plan is prepared, naming the task.
    const typeCell = extra(row, "constraintType");
    let constraintType = constraintTypeOf(typeCell);
    if (constraintType === null) {
      badConstraints.push(`line ${row.line} ("${typeCell.slice(0, 40)}")`);
      constraintType = "ASAP";
    }
    // A percent out of range is kept within 0..100 when the plan is prepared, naming the task.
    const percentCell = extra(row, "percentComplete");
    let percentComplete = percentOf(percentCell);
    if (percentComplete !== null && Number.isNaN(percentComplete)) {
      badPercents.push(`line ${row.line} ("${percentCell.slice(0, 40)}")`);
      percentComplete = null;
    }
    const assignee = cell(row, "assignee");
    if (assignee !== "" && assignee !== "[]") assigned++;
    const predecessors = cell(row, "predecessors");
    if (predecessors !== "") pending.push({ key, cell: predecessors });
    outlineCells.push({
      wbs: extra(row, "wbs"),
      level: extra(row, "outlineLevel"),
      parent: extra(row, "parent"),
      line: row.line,
    });

    plan.tasks.push(
      importedTask(key, name, {
        description: raw(row, "description"),
        status: status ?? (completed ? "completed" : "not-started"),
        completed,
        startDate: dateOf(row, "start"),
        dueDate: dateOf(row, "finish"),
        duration,
        categoryKey,
        constraintType,
        constraintDate: constraintType === "ASAP" ? null : extraDateOf(row, "constraintDate"),
        deadline: extraDateOf(row, "deadline"),
        percentComplete,
        actualStart: extraDateOf(row, "actualStart"),
        actualFinish: extraDateOf(row, "actualFinish"),
        ...(completedAt ? { completedAt } : {}),
      }),
    );
  }

  const outlineColumns: OutlineColumns = {};
  if (extras.wbs !== undefined) outlineColumns.wbs = columns[extras.wbs];
  if (extras.outlineLevel !== undefined) outlineColumns.level = columns[extras.outlineLevel];
  if (extras.parent !== undefined) outlineColumns.parent = columns[extras.parent];
  readOutline(plan.tasks, outlineCells, outlineColumns, keyOfId, warnings);
  // A summary's dates and duration are its subtree's, rolled up: not its own.
  const summaries = new Set(plan.tasks.map((task) => task.parentKey).filter((key) => key !== null));
  for (const task of plan.tasks) {
    if (!summaries.has(task.key)) continue;
    task.duration = null;
    task.startDate = null;
    task.dueDate = null;
  }
  plan.dependencies = readPredecessors(pending, keyOfId, warnings);
  // A Relations link between a sub-issue and its parent now joins a task to its own summary:
  // preparePlan leaves it out, and says so.
  const namedLinks = addNamedLinks(plan.dependencies, named, keyOfId);
  // A scheduled task no link places stays where the file put it (our auto scheduler would pull
  // it back to the project's start): its start becomes its start-no-earlier-than. A file with a
  // Constraint Type column says each task's constraint itself, ASAP included.
  const linked = new Set(plan.dependencies.map((link) => link.targetKey));
  for (const task of extras.constraintType === undefined ? plan.tasks : []) {
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
  if (badPercents.length > 0)
    warnings.push(`Left out percents complete that could not be read: ${some(badPercents)}.`);
  if (badDurations.length > 0)
    warnings.push(`Left out durations that could not be read: ${some(badDurations)}.`);
  if (badConstraints.length > 0)
    warnings.push(`Left out constraint types that could not be read: ${some(badConstraints)}.`);
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
