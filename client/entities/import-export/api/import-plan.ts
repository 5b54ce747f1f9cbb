// POST /api/projects/import: the file goes as the raw body with its format's content type; a dry
// run answers the preview (counts, warnings, a CSV's columns and mapping) and creates nothing.
import { apiRoutes } from "@core/api/routes";
import type { CsvMapping, ImportAnswerDto, ImportFormat } from "@core/schemas/import-export";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateProjectLists } from "@/lib/api/query-keys";
import { throwIfNotOk } from "@/lib/api-client";

const CONTENT_TYPES: Record<ImportFormat, string> = {
  mspdi: "application/xml",
  gan: "application/xml",
  csv: "text/csv",
  json: "application/json",
};

/** The format a file's name suggests, null when it says nothing we read. */
export function formatOfFileName(name: string): ImportFormat | null {
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (extension === "xml") return "mspdi";
  if (extension === "gan") return "gan";
  if (extension === "csv" || extension === "tsv" || extension === "txt") return "csv";
  if (extension === "json") return "json";
  return null;
}

/**
 * An import the server cannot take now (429: the user's other import is running; 503: other
 * people's fill the server): the server's words, and when to try again (its Retry-After).
 */
export class ImportBusyError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "ImportBusyError";
  }
}

/** Seconds from a Retry-After header (seconds, or an HTTP date), 5 when it says nothing usable. */
export function retryAfterSecondsOf(header: string | null, now = Date.now()): number {
  if (header === null || header.trim() === "") return 5;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(300, Math.max(1, Math.ceil(seconds)));
  const date = Date.parse(header);
  return Number.isNaN(date) ? 5 : Math.min(300, Math.max(1, Math.ceil((date - now) / 1000)));
}

export type ImportRequest = {
  file: Blob;
  format: ImportFormat;
  name?: string;
  dryRun: boolean;
  mapping?: CsvMapping;
};

export async function importPlan({
  file,
  format,
  name,
  dryRun,
  mapping,
}: ImportRequest): Promise<ImportAnswerDto> {
  const url = apiRoutes.projectImport.url(
    {},
    {
      format,
      name: name?.trim() || undefined,
      // A file without a project name of its own names the project after itself.
      fileName: file instanceof File && file.name ? file.name.slice(0, 1000) : undefined,
      dryRun: dryRun || undefined,
      mapping: mapping ? JSON.stringify(mapping) : undefined,
    },
  );
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": CONTENT_TYPES[format] },
    body: file,
  });
  if (response.status === 429 || response.status === 503) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ImportBusyError(
      typeof body.message === "string" ? body.message : "The server is busy; try again shortly.",
      retryAfterSecondsOf(response.headers.get("retry-after")),
    );
  }
  await throwIfNotOk(response);
  return (await response.json()) as ImportAnswerDto;
}

/** The import itself (not the dry run): the new project joins the lists. */
export function useImportPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<ImportRequest, "dryRun">) => importPlan({ ...request, dryRun: false }),
    onSuccess: () => invalidateProjectLists(queryClient),
  });
}

/** Where a project's export in this format downloads from (the session cookie goes along). */
export const exportUrl = (projectId: number, format: string) =>
  apiRoutes.projectExport.url({ id: projectId }, { format });
