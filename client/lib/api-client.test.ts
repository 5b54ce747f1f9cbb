import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, errorDetail, getQueryFn } from "./api-client";

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "Content-Type": "application/json" } });

const context = (url: string) =>
  ({
    queryKey: [url],
    signal: new AbortController().signal,
    meta: undefined,
  }) as unknown as QueryFunctionContext;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("errorDetail", () => {
  it("prefers the JSON body's message, and keeps the whole body (a stale write's carries the task)", () => {
    expect(errorDetail('{"message":"Project not found","code":"not_found"}', "Not Found")).toEqual({
      detail: "Project not found",
      code: "not_found",
      body: { message: "Project not found", code: "not_found" },
    });
    expect(errorDetail('{"message":"Changed","code":"stale","task":{"id":3}}', "Conflict").body).toEqual({
      message: "Changed",
      code: "stale",
      task: { id: 3 },
    });
  });

  it("uses the text of a body that is not JSON, or JSON without a message", () => {
    expect(errorDetail("upstream timed out", "Bad Gateway").detail).toBe("upstream timed out");
    expect(errorDetail('{"error":"x"}', "Bad Request").detail).toBe('{"error":"x"}');
  });

  it("uses the status text for an empty body", () => {
    expect(errorDetail("", "Service Unavailable").detail).toBe("Service Unavailable");
    expect(errorDetail("  ", "").detail).toBe("Request failed");
  });
});

describe("apiRequest", () => {
  it("sends credentials and a JSON body with a JSON content type", async () => {
    const fetchMock = stubFetch(() => json(200, { id: 1 }));
    await apiRequest("POST", "/api/projects", { name: "Launch" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/projects");
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"name":"Launch"}' });
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
  });

  it("sends no content type without a body", async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest("DELETE", "/api/tasks/3");
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.headers).toBeUndefined();
    expect(init?.body).toBeUndefined();
  });

  it("throws 'status: message' from a JSON error body", async () => {
    stubFetch(() => json(409, { message: "Inviting an email twice", code: "conflict" }, "Conflict"));
    const error = await apiRequest("POST", "/api/projects/1/share", { email: "a@b.co" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("409: Inviting an email twice");
    expect(error.status).toBe(409);
    expect(error.code).toBe("conflict");
  });

  it("throws with the body text or the status text when there is no JSON message", async () => {
    stubFetch(() => new Response("Internal oops", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/projects")).rejects.toThrow("500: Internal oops");
    stubFetch(() => new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/projects")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("getQueryFn", () => {
  it("fetches the first element of the query key with credentials and parses JSON", async () => {
    const fetchMock = stubFetch(() => json(200, [{ id: 1 }]));
    const result = await getQueryFn({ on401: "throw" })(context("/api/projects"));
    expect(result).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/projects");
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: "include" });
  });

  it("answers null on 401 when asked to", async () => {
    stubFetch(() => json(401, { message: "Not signed in", code: "unauthorized" }, "Unauthorized"));
    await expect(getQueryFn({ on401: "returnNull" })(context("/api/auth/user"))).resolves.toBeNull();
  });

  it("throws on 401 by default", async () => {
    stubFetch(() => json(401, { message: "Not signed in", code: "unauthorized" }, "Unauthorized"));
    await expect(getQueryFn({ on401: "throw" })(context("/api/auth/user"))).rejects.toThrow(
      "401: Not signed in",
    );
  });
});
