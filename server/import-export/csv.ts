// Task lists as CSV (docs/decisions/025-import-and-export.md): the import finds the header (after a
// byte-order mark and any lines before it) and each field's column, ours or the names other tools
// export (Title, Due Date, State, Depends on...), in any order; csv-rows.ts reads the rows, and
// csv-export.ts writes a plan. The client shows the `columns` and the `mapping` it read with, and
// may send a mapping of its own.
import { CSV_FIELDS, type CsvField, type CsvMapping, IMPORT_TASKS_MAX } from "@core/schemas/import-export";
import { parse } from "csv-parse/sync";
import { EXTRA_GUESSES, type ExtraColumn } from "./csv-extras";
import { plural, quoted, type Row, readRowsInto } from "./csv-rows";
import { normalizeHeader } from "./csv-values";
import { emptyPlan, ImportError, type ImportedPlan } from "./imported-plan";

export { CSV_HEADER, writeCsv } from "./csv-export";
// The fields and the mapping are the wire's (the client edits the mapping).
export type { CsvField, CsvMapping };

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

/** The header is looked for in this many first rows. */
const HEADER_ROWS = 50;
const DELIMITERS = [",", ";", "\t"];

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
