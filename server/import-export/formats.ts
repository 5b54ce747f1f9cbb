// The formats a plan comes in and goes out as (docs/decisions/025-import-and-export.md): which reader
// or writer
// each uses, the content types and file extensions that name them, and the text of an upload.
import type { CsvMapping, ExportFormat, ImportFormat } from "@core/schemas/import-export";
import { buildOutline } from "@core/tasks/outline";
import { readCsv, writeCsv } from "./csv";
import { readGan } from "./gan";
import { writeIcs } from "./ics";
import { type ExportedPlan, ImportError, type ImportedPlan } from "./imported-plan";
import { readJson, writeJson } from "./json-format";
import { readMspdi, writeMspdi } from "./mspdi";

/** A read plan, and for CSV the file's columns and the mapping used (guessed or sent). */
export type ReadPlan = { plan: ImportedPlan; csv?: { columns: string[]; mapping: CsvMapping } };

/**
 * The upload's text: UTF-8 (a byte-order mark dropped), or UTF-16 with its mark; anything else
 * that is not valid UTF-8 is read as Windows-1252, the usual encoding of a spreadsheet's CSV.
 * Text holding a NUL character is refused: it is a binary file (MS Project's own .mpp most often),
 * and PostgreSQL could not store the character anyway.
 */
export function uploadText(body: Buffer): { text: string; warning: string | null } {
  const read = decodedUpload(body);
  if (read.text.includes("\u0000"))
    throw new ImportError(
      "The file is binary, not a plan in text: save an MS Project .mpp file as XML (File > Save As > XML) and import that.",
    );
  return read;
}

function decodedUpload(body: Buffer): { text: string; warning: string | null } {
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe)
    return { text: new TextDecoder("utf-16le").decode(body.subarray(2)), warning: null };
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff)
    return { text: new TextDecoder("utf-16be").decode(body.subarray(2)), warning: null };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body), warning: null };
  } catch {
    return {
      text: new TextDecoder("windows-1252").decode(body),
      warning: "The file is not UTF-8; it was read as Windows-1252.",
    };
  }
}

/** The format of a file whose upload did not say: by its first characters. */
export function sniffFormat(text: string): ImportFormat | null {
  const start = text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .slice(0, 2_000);
  if (start.startsWith("{")) return "json";
  if (start.startsWith("<")) {
    if (/<Project[\s>]/.test(start) && /schemas\.microsoft\.com\/project/.test(start)) return "mspdi";
    if (/<project[\s>]/.test(start)) return "gan";
    return null;
  }
  return start.length > 0 ? "csv" : null;
}

/** Reads a file in the format named (CSV with an optional column mapping). */
export function readPlanFile(format: ImportFormat, text: string, mapping?: CsvMapping): ReadPlan {
  switch (format) {
    case "mspdi":
      return { plan: readMspdi(text) };
    case "gan":
      return { plan: readGan(text) };
    case "json":
      return { plan: readJson(text) };
    case "csv": {
      const read = readCsv(text, mapping);
      return { plan: read.plan, csv: { columns: read.columns, mapping: read.mapping } };
    }
    default:
      throw new ImportError(`Unknown format "${format}".`, 415);
  }
}

/** What an export answers: the file's text, its content type and its extension. */
export function writePlanFile(
  format: ExportFormat,
  plan: ExportedPlan,
  appUrl: string,
): { body: string; contentType: string; extension: string } {
  switch (format) {
    case "mspdi":
      return { body: writeMspdi(plan), contentType: "application/xml; charset=utf-8", extension: "xml" };
    case "csv":
      return { body: writeCsv(plan), contentType: "text/csv; charset=utf-8", extension: "csv" };
    case "json":
      return { body: writeJson(plan), contentType: "application/json; charset=utf-8", extension: "json" };
    case "ics": {
      const host = new URL(appUrl).host;
      // The leaves are the work: a summary is no to-do of its own.
      const outline = buildOutline(plan.tasks);
      const tasks = plan.tasks
        .filter((task) => !outline.isSummary(task.id))
        .map((task) => ({
          ...task,
          startDate: task.schedule?.start ?? task.startDate,
          dueDate: task.schedule?.finish ?? task.dueDate,
          url: `${appUrl}/projects/${plan.project.slug}`,
        }));
      return {
        body: writeIcs(plan.project.name, tasks, host),
        contentType: "text/calendar; charset=utf-8",
        extension: "ics",
      };
    }
  }
}
