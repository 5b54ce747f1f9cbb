import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { trialSignups } from "../db/schema";
import { loginAs, setupTestApp } from "../test/test-app";
import { unstorableInputMessage } from "./request-guards";

const testApp = setupTestApp();

describe("cross-site and content-type rules", () => {
  it("refuses a JSON write whose Origin names another site", async () => {
    const client = await loginAs(testApp);
    const response = await client.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      payload: JSON.stringify({ email: "csrf@example.com" }),
    });
    expect(response.statusCode).toBe(403);
    const stored = await testApp.database.db
      .select()
      .from(trialSignups)
      .where(eq(trialSignups.email, "csrf@example.com"));
    expect(stored).toHaveLength(0);
  });

  it("does not hold a bearer call to the Origin check: the token decides", async () => {
    // An unknown token: past the guard (no 403), refused by the session plugin.
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        authorization: "Bearer vpp_unknown",
      },
      payload: JSON.stringify({ email: "bearer-csrf@example.com" }),
    });
    expect(response.statusCode).toBe(401);
    // A header that is not a bearer token is a cookie's call, held to the check.
    const basic = await loginAs(testApp);
    const refused = await basic.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        authorization: "Basic dXNlcjpwYXNz",
      },
      payload: JSON.stringify({ email: "basic-csrf@example.com" }),
    });
    expect(refused.statusCode).toBe(403);
  });

  it("accepts the same write from its own origin", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      payload: JSON.stringify({ email: "own-origin@example.com" }),
    });
    expect(response.statusCode).toBe(201);
  });

  it("answers 415 to a form post anywhere but the sign-in pages", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      payload: "email=form%40example.com",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: "Request bodies must be JSON (Content-Type: application/json).",
      code: "unsupported_media_type",
    });
  });

  it("answers 415 to a text/plain body, the classic cross-site trick", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify({ email: "a@example.com", password: "whatever" }),
    });
    expect(response.statusCode).toBe(415);
  });

  it("answers 400 to malformed JSON", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Request body is not valid JSON.");
  });

  it("answers 413 to a body over 1 MiB", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "big@example.com", padding: "x".repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: "Request body is larger than 1 MiB.",
      code: "FST_ERR_CTP_BODY_TOO_LARGE",
    });
  });

  it("sends security headers and no CORS headers", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { origin: "https://evil.example" },
    });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    // With no-referrer, Chromium sends `Origin: null` on our own sign-in form posts.
    expect(response.headers["referrer-policy"]).toBe("same-origin");
  });
});

describe("sessions guard the API", () => {
  it("answers 401 to any private API path without a session", async () => {
    for (const url of ["/api/projects", "/api/my-tasks", "/api/no-such-thing"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("answers 404 with JSON to an unknown API path with a session", async () => {
    const client = await loginAs(testApp);
    const response = await client.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "No route for GET /api/no-such-thing.", code: "not_found" });
  });
});

describe("trial sign-up", () => {
  it("stores the email once, normalised, and answers 201 each time", async () => {
    const send = (email: string) =>
      testApp.app.inject({
        method: "POST",
        url: "/api/trial-signup",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email }),
      });
    expect((await send("  Trial@Example.COM ")).statusCode).toBe(201);
    expect((await send("trial@example.com")).statusCode).toBe(201);
    const stored = await testApp.database.db
      .select()
      .from(trialSignups)
      .where(eq(trialSignups.email, "trial@example.com"));
    expect(stored).toHaveLength(1);
  });

  it("answers 400 with the spec's text when the email is missing, and names a bad one", async () => {
    const missing = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({}),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Email required: Please enter your email address to continue");
    const invalid = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "not an email" }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: "Please enter a valid email address.", field: "email" });
  });
});

describe("NUL characters in bodies", () => {
  it("refuses a project name holding U+0000 with 400 naming the field, and stores nothing", async () => {
    const client = await loginAs(testApp);
    const response = await client.inject({
      method: "POST",
      url: "/api/projects",
      payload: { name: "Launch\u0000", description: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "name must not contain the NUL character (U+0000).",
      code: "invalid_input",
    });
    const listed = await client.inject({ method: "GET", url: "/api/projects" });
    expect(listed.json()).toEqual([]);
  });

  it("finds one in a nested body and in a sign-up form", async () => {
    expect(unstorableInputMessage({ body: { taskOrders: [{ taskId: 1 }, { note: "x\u0000" }] } })).toBe(
      "taskOrders.1.note must not contain the NUL character (U+0000).",
    );
    expect(unstorableInputMessage({ body: "\u0000" })).toBe(
      "Request body must not contain the NUL character (U+0000).",
    );
    expect(
      unstorableInputMessage({ body: { name: "fine", count: 3, nested: { ok: null } } }),
    ).toBeUndefined();
    // A raw file body is left to its route: walking it would visit each of its bytes.
    const entries = vi.spyOn(Object, "entries");
    expect(unstorableInputMessage({ body: Buffer.from("a\u0000b") })).toBeUndefined();
    expect(entries).not.toHaveBeenCalled();
    entries.mockRestore();
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/trial-signup",
      payload: { email: "nul\u0000@example.com" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("email must not contain the NUL character (U+0000).");
  });
});
