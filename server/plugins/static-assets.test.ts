// The built client's headers (docs/performance.md): hashed assets cached for a year, index.html
// revalidated,
// precompressed copies sent to browsers that accept them, and nothing else touched: small API
// answers and event streams go out as before (large API answers: compression.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/vite-precompress";
import { createProjectFor } from "../test/factories";
import { setupClients, setupTestApp } from "../test/test-app";

const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`;
// Big and repetitive enough to be worth compressing, as a real chunk is.
const APP_JS = `${Array.from({ length: 200 }, (_, index) => `export const value${index} = "task ${index}";`).join("\n")}\n`;

let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), "static-assets-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), APP_JS);
  await precompressDir(clientDir);
});
// Registered before the app's own afterAll, so it runs after the app is closed.
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const testApp = setupTestApp({ config: () => ({ clientDir }), listen: true });
const [owner] = setupClients(testApp, 1);

const get = (url: string, acceptEncoding?: string) =>
  testApp.app.inject({
    method: "GET",
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

describe("hashed assets", () => {
  it("are cached for a year and sent as they are to a client that accepts no encoding", async () => {
    const response = await get("/assets/app-abc123.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(APP_JS);
  });

  it("are sent gzip-compressed to a client that accepts gzip", async () => {
    const response = await get("/assets/app-abc123.js", "gzip");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 3);
    expect(gunzipSync(response.rawPayload).toString("utf8")).toBe(APP_JS);
  });

  it("are sent Brotli-compressed to a client that prefers it, as Chromium does", async () => {
    const response = await get("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString("utf8")).toBe(APP_JS);
  });

  it("are a 404 when missing, never the page (a module script must not receive HTML)", async () => {
    const response = await get("/assets/app-gone99.js", "gzip");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).not.toMatch(/html/);
  });
});

describe("index.html and the client's routes", () => {
  it.each(["/", "/projects/plan/graph", "/index.html"])("%s is revalidated on every use", async (url) => {
    const response = await get(url, "gzip, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    // Helmet's policy still applies to the page.
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe("what is not a file", () => {
  it("leaves small API answers as they were", async () => {
    const health = await get("/api/health", "gzip, br");
    expect(health.statusCode).toBe(200);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.headers["cache-control"]).toBe("no-store");
    expect(health.json()).toMatchObject({ status: "ok" });

    const missing = await owner.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-encoding": "gzip" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found" });
  });

  it("sends the event stream uncompressed and unbuffered", async () => {
    const project = await createProjectFor(testApp, owner.user);
    const { headers, firstChunk } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      firstChunk: string;
    }>((resolve, reject) => {
      const request = http.get(
        `${testApp.baseUrl}/api/projects/${project.id}/events`,
        { headers: { cookie: owner.cookie, "accept-encoding": "gzip, deflate, br" } },
        (response) => {
          response.once("data", (chunk: Buffer) => {
            resolve({ headers: response.headers, firstChunk: chunk.toString("utf8") });
            request.destroy();
          });
        },
      );
      request.on("error", reject);
    });
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(headers["content-encoding"]).toBeUndefined();
    // The first message (who is viewing) arrives at once, readable as text.
    expect(firstChunk).toMatch(/^(?::|data: |id: |retry: )/m);
  });
});
