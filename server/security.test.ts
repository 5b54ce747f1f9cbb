// Security properties a browser relies on: cookie flags, headers and the content security policy,
// random share tokens, and cross-site requests refused even with the victim's session cookie.
import { describe, expect, it } from "vitest";
import { createProjectFor } from "./test/factories";
import { buildTestApp, sessionCookieOf, setupClients, setupTestApp } from "./test/test-app";

const testApp = setupTestApp();
const [owner] = setupClients(testApp, 1);

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, scoped to the site, and Secure behind HTTPS", async () => {
    const account = { email: "cookie@example.com", password: "long enough password", username: "cookie" };
    const plain = await testApp.app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(account),
    });
    const cookie = plain.cookies.find((candidate) => candidate.name === "sid");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);

    const proxied = await buildTestApp({ trustProxy: true });
    try {
      const secure = await proxied.app.inject({
        method: "POST",
        url: "/api/signup",
        headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
        payload: JSON.stringify(account),
      });
      expect(secure.cookies.find((candidate) => candidate.name === "sid")?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
    expect(sessionCookieOf(plain)).toBeDefined();
  });
});

describe("headers", () => {
  it("sends a strict content security policy and the usual hardening headers", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("share tokens", () => {
  it("are 256-bit, URL-safe and never repeat", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const tokens = new Set<string>();
    for (let attempt = 0; attempt < 40; attempt++) {
      const response = await owner.inject({
        method: "POST",
        url: `/api/projects/${project.id}/generate-share`,
      });
      const token = String(response.json().shareUrl).split("/share/")[1];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      tokens.add(token);
    }
    expect(tokens.size).toBe(40);
    // Every character position varies: no fixed prefix or counter hides in the token.
    const positions = Array.from(
      { length: 43 },
      (_, index) => new Set([...tokens].map((token) => token[index])).size,
    );
    expect(Math.min(...positions)).toBeGreaterThan(5);
  });
});

describe("cross-site requests with the victim's cookie", () => {
  it("are refused on every kind of write, as a form post or as JSON", async () => {
    const project = await createProjectFor(testApp, owner.user, { name: "Target" });
    const writes: { method: "POST" | "PUT" | "PATCH" | "DELETE"; url: string }[] = [
      { method: "POST", url: "/api/projects" },
      { method: "PATCH", url: `/api/projects/${project.id}` },
      { method: "DELETE", url: `/api/projects/${project.id}` },
      { method: "POST", url: `/api/projects/${project.id}/tasks` },
      { method: "POST", url: `/api/projects/${project.id}/share` },
      { method: "POST", url: `/api/projects/${project.id}/generate-share` },
    ];
    for (const { method, url } of writes) {
      for (const contentType of ["application/x-www-form-urlencoded", "application/json", "text/plain"]) {
        const response = await owner.inject({
          method,
          url,
          headers: { origin: "https://evil.example", "content-type": contentType },
          payload:
            contentType === "application/json" ? '{"name":"pwned","email":"evil@example.com"}' : "name=pwned",
        });
        expect(response.statusCode, `${method} ${url} ${contentType}`).toBe(403);
      }
      // Without an Origin header (old browsers, some proxies) a form post is still refused.
      const noOrigin = await owner.inject({
        method,
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "name=pwned",
      });
      expect(noOrigin.statusCode, `${method} ${url} without Origin`).toBe(415);
    }
    const stillThere = await owner.inject({ method: "GET", url: `/api/projects/${project.id}` });
    expect(stillThere.json().project.name).toBe("Target");
  });
});
