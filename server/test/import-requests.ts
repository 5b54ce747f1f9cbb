// A plan file sent to the import (POST /api/projects/import) as the client sends it: the file's
// raw bytes as the body, its format's content type, and the query (format, name, dryRun).
import type { Client } from "./test-app";

const CONTENT_TYPES: Record<string, string> = {
  mspdi: "application/xml",
  gan: "application/xml",
  csv: "text/csv",
  json: "application/json",
};

/** Sends a file to the import as `client`; `contentType` stands in for the format's own. */
export function sendImport(
  client: Pick<Client, "inject">,
  body: Buffer | string,
  query: Record<string, string>,
  contentType?: string,
) {
  const search = new URLSearchParams(query).toString();
  return client.inject({
    method: "POST",
    url: `/api/projects/import?${search}`,
    headers: { "content-type": contentType ?? CONTENT_TYPES[query.format] ?? "application/octet-stream" },
    payload: body,
  });
}
