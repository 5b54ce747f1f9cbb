// Reading an uploaded plan, from its bytes to the plan ready to store
// (docs/decisions/025-import-and-export.md and docs/decisions/031-imports-off-the-request-thread.md):
// the text, the format, the format's reader, and the checks and normalising of preparePlan.
// This is what an import worker process runs (import-worker.ts), off the request thread; its answer is
// plain data, cloned back to the server, which stores it in one transaction.
import type { CsvMapping, ImportFormat } from "@core/schemas/import-export";
import { readPlanFile, sniffFormat, uploadText } from "./formats";
import { ImportError } from "./imported-plan";
import { countsOf, type ImportCounts, type PreparedPlan, preparePlan } from "./store-plan";

export type UploadToRead = {
  body: Uint8Array;
  format?: ImportFormat;
  /** The project's name the request asks for, else the file's. */
  name?: string;
  /** The name when neither the request nor the file gives one: the file's own name, without extension. */
  fallbackName?: string;
  mapping?: CsvMapping;
};

/** What the reading answers: the plan, or the refusal the API sends (status, message, code). */
export type UploadRead =
  | {
      ok: true;
      format: ImportFormat;
      prepared: PreparedPlan;
      counts: ImportCounts;
      warnings: string[];
      csv?: { columns: string[]; mapping: CsvMapping };
    }
  | {
      ok: false;
      statusCode: 400 | 413 | 415;
      message: string;
      code: string;
      /** A reader failed in a way it did not foresee: the server logs this stack. */
      unexpected?: string;
    };

const UNKNOWN_FORMAT = "The file's format could not be told: send format=mspdi, gan, csv or json.";

/**
 * Reads an upload. Never throws: a file it cannot read answers its refusal, and so does one that
 * fails a reader in a way nobody foresaw (an input no test had). Whatever the bytes, the answer is
 * a 4xx naming the problem, never a 500 (docs/decisions/031-imports-off-the-request-thread.md).
 */
export function readUpload(upload: UploadToRead): UploadRead {
  try {
    const body = Buffer.from(upload.body.buffer, upload.body.byteOffset, upload.body.byteLength);
    const { text, warning } = uploadText(body);
    const format = upload.format ?? sniffFormat(text);
    if (!format) return { ok: false, statusCode: 415, message: UNKNOWN_FORMAT, code: "unknown_format" };
    const read = readPlanFile(format, text, upload.mapping);
    const prepared = preparePlan(read.plan, upload.name ?? null, upload.fallbackName ?? null);
    return {
      ok: true,
      format,
      prepared,
      counts: countsOf(prepared),
      warnings: warning ? [warning, ...prepared.warnings] : prepared.warnings,
      ...(read.csv ? { csv: read.csv } : {}),
    };
  } catch (error) {
    if (error instanceof ImportError)
      return { ok: false, statusCode: error.statusCode, message: error.message, code: "invalid_file" };
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      statusCode: 400,
      message: `The file cannot be read: ${reason.replace(/\.$/, "").slice(0, 200)}.`,
      code: "invalid_file",
      unexpected: error instanceof Error ? (error.stack ?? reason) : reason,
    };
  }
}
