// Import and export on the wire (docs/decisions/025-import-and-export.md): the formats, the import's
// query and
// answer, and the calendar feed's answer. The server reads and writes the files; the client sends
// them, shows the dry run's preview and, for CSV, lets the user change the column mapping.
import { z } from "zod";
import { OUTLINE_CHILDREN_MAX, OUTLINE_LEVELS_MAX } from "../tasks/outline";
import { PROJECT_NAME_MAX } from "./projects";
import { PLAN_TASKS_MAX } from "./tasks";

export const IMPORT_FORMATS = ["mspdi", "gan", "csv", "json"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FORMATS = ["mspdi", "csv", "json", "ics"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What each format is called in the app's menus and dialogs. */
export const FORMAT_LABELS: Record<ImportFormat | ExportFormat, string> = {
  mspdi: "MS Project XML",
  gan: "GanttProject",
  csv: "CSV",
  json: "JSON (full backup)",
  ics: "iCalendar",
};

/**
 * Content types an upload may carry. None of them is one a cross-site form can send (text/plain,
 * multipart, urlencoded), so the server's Origin check and the browser's preflight keep other
 * sites from importing in a user's name.
 */
export const IMPORT_CONTENT_TYPES = [
  "application/xml",
  "text/xml",
  "text/csv",
  "application/json",
  "application/octet-stream",
] as const;

/** The largest file an import takes: 20 MiB. */
export const IMPORT_BYTES_MAX = 20 * 1024 * 1024;
/**
 * What one import may hold (docs/decisions/031-imports-off-the-request-thread.md), counted while the
 * file is read, before all
 * of it is held: past one, the import is refused with 413 naming the limit.
 */
export const IMPORT_TASKS_MAX = PLAN_TASKS_MAX;
export const IMPORT_DEPENDENCIES_MAX = 200_000;
/**
 * Levels of outline (summary tasks within summary tasks) an imported plan may nest, and tasks one
 * summary may hold: the outline's own limits (core/tasks/outline.ts).
 */
export const IMPORT_OUTLINE_LEVELS_MAX = OUTLINE_LEVELS_MAX;
export const IMPORT_OUTLINE_CHILDREN_MAX = OUTLINE_CHILDREN_MAX;

/** The task fields a CSV column can hold, in the order of our own export's columns. */
export const CSV_FIELDS = [
  "id",
  "name",
  "description",
  "status",
  "completed",
  "start",
  "finish",
  "duration",
  "category",
  "assignee",
  "predecessors",
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];
/** Field -> the header of the column it is read from. */
export type CsvMapping = Partial<Record<CsvField, string>>;

export const CSV_FIELD_LABELS: Record<CsvField, string> = {
  id: "ID",
  name: "Name",
  description: "Description",
  status: "Status",
  completed: "Completed",
  start: "Start",
  finish: "Finish",
  duration: "Duration",
  category: "Category",
  assignee: "Assignee",
  predecessors: "Predecessors",
};

const csvMappingSchema = z.partialRecord(z.enum(CSV_FIELDS), z.string().max(500));

/** POST /api/projects/import's query. */
export const importQuerySchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: `format must be one of ${IMPORT_FORMATS.join(", ")}.` }).optional(),
  name: z
    .string()
    .trim()
    .min(1, "name must not be empty.")
    .max(PROJECT_NAME_MAX, `name must be ${PROJECT_NAME_MAX} characters or less.`)
    .optional(),
  dryRun: z
    .string()
    .optional()
    .transform((value) => value === "true" || value === "1"),
  /** The uploaded file's name: the project's name when the file holds none. */
  fileName: z.string().max(1000, "fileName must be 1000 characters or less.").optional(),
  /** CSV only: JSON of { field: column header }, overriding the guesses. */
  mapping: z
    .string()
    .max(20_000)
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: "custom", message: "mapping must be JSON of { field: column }." });
        return z.NEVER;
      }
      const result = csvMappingSchema.safeParse(parsed);
      if (!result.success) {
        context.addIssue({
          code: "custom",
          message: `mapping must map fields (${CSV_FIELDS.join(", ")}) to column names.`,
        });
        return z.NEVER;
      }
      return result.data as CsvMapping;
    }),
});

export type ImportCountsDto = { tasks: number; dependencies: number; categories: number };

/** POST /api/projects/import's answer: 201 with the project, 200 for a dry run (project null). */
export type ImportAnswerDto = {
  project: { id: number; slug: string; name: string } | null;
  /** The name the project gets (or got). */
  name: string;
  format: ImportFormat;
  imported: ImportCountsDto;
  warnings: string[];
  /** CSV only: the file's columns and the mapping read with (guessed, or as sent). */
  csv?: { columns: string[]; mapping: CsvMapping };
};

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(", ")}.` }),
});

/** GET, POST /api/calendar-feed. */
export type CalendarFeedDto = { enabled: boolean; url: string | null };
