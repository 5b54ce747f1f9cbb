// The one way the client talks to the API: same-origin fetch with the session cookie, JSON bodies,
// and errors whose message is `${status}: ${message}` (the spec's form, for logs) and whose
// `detail` is the server's words alone, which is what the app shows (docs/decisions/032-messages-in-users-words.md).
import type { QueryFunction } from "@tanstack/react-query";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A non-OK answer. `message` reads `${status}: ${server message}`, e.g. "404: Project not found". */
export class ApiError extends Error {
  readonly status: number;
  /** The `code` of the JSON error body, when the server sent one. */
  readonly code: string | undefined;
  /** The JSON error body as sent (a stale write's carries the task as it is now). */
  readonly body: Record<string, unknown>;
  /** The server's message alone, as a person reads it: "Project not found". */
  readonly detail: string;

  constructor(status: number, detail: string, code?: string, body: Record<string, unknown> = {}) {
    super(`${status}: ${detail}`);
    this.name = "ApiError";
    this.detail = detail;
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/**
 * What a failed response says: the JSON body's `message`, else the body text, else the status text.
 *
 * @example errorDetail('{"message":"Project not found","code":"not_found"}', "Not Found") // "Project not found"
 */
export function errorDetail(
  bodyText: string,
  statusText: string,
): { detail: string; code?: string; body?: Record<string, unknown> } {
  const text = bodyText.trim();
  if (text !== "") {
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
        const code = "code" in body && typeof body.code === "string" ? body.code : undefined;
        return { detail: body.message, code, body: body as Record<string, unknown> };
      }
    } catch {
      // Not JSON (a proxy's HTML page, a plain-text error): show the text as it is.
    }
    return { detail: text };
  }
  // HTTP/2 responses carry no status text; an empty detail would read "502: ".
  return { detail: statusText || "Request failed" };
}

/** Throws an ApiError for any non-OK response; returns the response untouched otherwise. */
export async function throwIfNotOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  const bodyText = await response.text().catch(() => "");
  const { detail, code, body } = errorDetail(bodyText, response.statusText);
  throw new ApiError(response.status, detail, code, body);
}

/**
 * Sends a request with the session cookie. A body is sent as JSON with a JSON content type; without
 * one, no content type is sent (the server refuses non-JSON bodies with 415). URLs come from
 * core/api/routes.ts.
 *
 * @example await apiRequest("PATCH", apiRoutes.project.url({ id }), { archived: true })
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return throwIfNotOk(response);
}

/**
 * Sends a request and parses the JSON answer; for calls whose answer has a body (not 204).
 *
 * @example const project = await requestJson<ProjectDto>("POST", apiRoutes.projects.url(), { name: "Launch" })
 */
export async function requestJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default query reader: fetches the URL in the first element of the query key and parses JSON.
 * With `on401: "returnNull"` a 401 answers null instead of throwing (used for the current user).
 */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== "string") throw new Error("The first element of the query key must be the URL.");
    const response = await fetch(url, { credentials: "include", signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
