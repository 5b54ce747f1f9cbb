// The outline of a CSV task list (docs/decisions/025-import-and-export.md, "The outline"), as MS
// Project and our export write it: a WBS column ("1.2.3": the task's level, and its parent "1.2"),
// else an Outline Level column (1 at the top: a row sits under the nearest row above it that is
// less deep); else, as Plane, Linear and TickTick write it, a Parent column naming the parent's id
// (docs/decisions/036-other-tools-task-lists.md). A row's siblings keep the file's order
// (preparePlan numbers them, and puts a parent that loops at the top level). Linear in the rows.
import { IMPORT_OUTLINE_LEVELS_MAX } from "@core/schemas/import-export";
import { type ImportedTask, tooDeep } from "./imported-plan";

/** A task's row: its outline cells (unneutralised, trimmed; "" when the column is absent). */
export type OutlineCells = { wbs: string; level: string; parent: string; line: number };

/** The headers of the outline columns the file has. */
export type OutlineColumns = { wbs?: string; level?: string; parent?: string };

const shown = (items: readonly string[], max = 5) => {
  const list = items.slice(0, max).map((item) => `"${item.slice(0, 60)}"`);
  return items.length > max ? `${list.join(", ")} and ${items.length - max} more` : list.join(", ");
};

/**
 * Sets each task's parentKey from its row's cells (`cells[i]` is `tasks[i]`'s), by the WBS column
 * when the file has one, else by the Outline Level column, else by the Parent column (an id,
 * looked up in `keyOfId`); what it cannot place goes to the top level, with a warning naming it.
 * A file with both keeps the WBS or the levels, which number every row's place, and says it left
 * out its Parent cells. A level deeper than 20 refuses the file (413).
 */
export function readOutline(
  tasks: readonly ImportedTask[],
  cells: readonly OutlineCells[],
  columns: OutlineColumns,
  keyOfId: ReadonlyMap<string, string>,
  warnings: string[],
): void {
  const numbered = columns.wbs ?? columns.level;
  if (columns.wbs !== undefined) readWbs(tasks, cells, warnings);
  else if (columns.level !== undefined) readLevels(tasks, cells, warnings);
  else if (columns.parent !== undefined) readParents(tasks, cells, keyOfId, warnings);
  if (numbered === undefined || columns.parent === undefined) return;
  const stated = cells.filter((cell) => cell.parent !== "").length;
  if (stated > 0)
    warnings.push(
      `Read the outline from the "${numbered}" column, which numbers every task's place, and left out the ${stated} parents of the "${columns.parent}" column.`,
    );
}

/** Each row under the row whose id its Parent cell names; an id no row holds: the top level. */
function readParents(
  tasks: readonly ImportedTask[],
  cells: readonly OutlineCells[],
  keyOfId: ReadonlyMap<string, string>,
  warnings: string[],
) {
  const missing: string[] = [];
  cells.forEach((cell, index) => {
    if (cell.parent === "") return;
    const parentKey = keyOfId.get(cell.parent);
    if (parentKey === undefined) missing.push(cell.parent);
    else tasks[index].parentKey = parentKey;
  });
  if (missing.length > 0)
    warnings.push(
      `Put ${missing.length} tasks at the top level, as no row holds the parent ID they name: ${shown(missing)}.`,
    );
}

function readWbs(tasks: readonly ImportedTask[], cells: readonly OutlineCells[], warnings: string[]) {
  const unreadable: string[] = [];
  const partsOf = cells.map((cell) => {
    const text = cell.wbs.replace(/\.$/, "");
    if (text === "") return null;
    const parts = text.split(".").map((part) => part.trim());
    if (parts.some((part) => part === "")) {
      unreadable.push(`line ${cell.line}: ${cell.wbs}`);
      return null;
    }
    if (parts.length > IMPORT_OUTLINE_LEVELS_MAX) throw tooDeep();
    return parts;
  });
  // Each number names the first row that has it.
  const keyOf = new Map<string, string>();
  const repeated: string[] = [];
  partsOf.forEach((parts, index) => {
    if (parts === null) return;
    const wbs = parts.join(".");
    if (keyOf.has(wbs)) repeated.push(wbs);
    else keyOf.set(wbs, tasks[index].key);
  });
  const farther: string[] = [];
  const missing: string[] = [];
  partsOf.forEach((parts, index) => {
    if (parts === null || parts.length === 1) return;
    // The nearest number above it that a row holds: "1.2" for "1.2.3", else "1".
    for (let length = parts.length - 1; length >= 1; length--) {
      const parentKey = keyOf.get(parts.slice(0, length).join("."));
      if (parentKey === undefined) continue;
      tasks[index].parentKey = parentKey;
      if (length < parts.length - 1) farther.push(parts.join("."));
      return;
    }
    missing.push(parts.join("."));
  });
  if (unreadable.length > 0)
    warnings.push(
      `Put ${unreadable.length} tasks whose WBS could not be read at the top level: ${shown(unreadable)}.`,
    );
  if (repeated.length > 0)
    warnings.push(
      `Rows repeat the WBS ${shown(repeated)}: the tasks numbered under one go under its first row.`,
    );
  if (farther.length > 0)
    warnings.push(
      `Put ${farther.length} tasks under the nearest summary their WBS names, as no row holds the one right above them: ${shown(farther)}.`,
    );
  if (missing.length > 0)
    warnings.push(
      `Put ${missing.length} tasks at the top level, as no row holds a summary their WBS names: ${shown(missing)}.`,
    );
}

function readLevels(tasks: readonly ImportedTask[], cells: readonly OutlineCells[], warnings: string[]) {
  const unreadable: string[] = [];
  const open: { level: number; key: string }[] = [];
  cells.forEach((cell, index) => {
    let level = 1;
    if (cell.level !== "") {
      const number = Number(cell.level);
      if (Number.isInteger(number) && number >= 1) level = number;
      else unreadable.push(`line ${cell.line}: ${cell.level}`);
    }
    if (level > IMPORT_OUTLINE_LEVELS_MAX) throw tooDeep();
    while (open.length > 0 && (open.at(-1) as { level: number }).level >= level) open.pop();
    tasks[index].parentKey = open.at(-1)?.key ?? null;
    open.push({ level, key: tasks[index].key });
  });
  if (unreadable.length > 0)
    warnings.push(
      `Read ${unreadable.length} outline levels that are not whole numbers from 1 as level 1: ${shown(unreadable)}.`,
    );
}
