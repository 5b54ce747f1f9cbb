// API answers over the wire (docs/performance.md): a large JSON answer is compressed for a client
// that accepts
// it (Brotli first, as browsers prefer, else gzip) and decompresses to exactly what an identity
// client gets; small answers and clients that accept nothing get plain JSON.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { Project } from "../db/schema";
import { createDependencyIn, createProjectFor, createTaskIn } from "../test/factories";
import { setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp();
const [owner] = setupClients(testApp, 1);
let project: Project;
beforeAll(async () => {
  project = await createProjectFor(testApp, owner.user, { name: "Launch" });
  const tasks = [];
  for (let index = 0; index < 40; index++) {
    tasks.push(await createTaskIn(testApp, project, { name: `Task ${index}`, description: "Check twice." }));
  }
  for (let index = 1; index < tasks.length; index++)
    await createDependencyIn(testApp, tasks[index - 1], tasks[index]);
});

const openProject = (acceptEncoding?: string) =>
  owner.inject({
    method: "GET",
    url: `/api/projects/${project.id}`,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

/** The parts of the answer that do not change from one open to the next (lastViewedAt does). */
const stableParts = (body: string) => {
  const answer = JSON.parse(body);
  return { tasks: answer.tasks, dependencies: answer.dependencies, accessLevel: answer.accessLevel };
};

describe("API answers", () => {
  it("go out as plain JSON to a client that accepts no encoding", async () => {
    const response = await openProject();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json().tasks).toHaveLength(40);
  });

  it("are Brotli-compressed for a browser, and decompress to the same answer", async () => {
    const plain = await openProject();
    const response = await openProject("gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const body = brotliDecompressSync(response.rawPayload).toString("utf8");
    expect(stableParts(body)).toEqual(stableParts(plain.body));
    expect(stableParts(body).tasks).toHaveLength(40);
  });

  it("are gzip-compressed for a client that accepts only gzip", async () => {
    const plain = await openProject();
    const response = await openProject("gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(stableParts(gunzipSync(response.rawPayload).toString("utf8"))).toEqual(stableParts(plain.body));
  });

  it("stay plain when small, and for errors", async () => {
    const user = await owner.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { "accept-encoding": "br" },
    });
    expect(user.statusCode).toBe(200);
    expect(user.headers["content-encoding"]).toBeUndefined();
    expect(user.json()).toMatchObject({ id: owner.user.id });
    const missing = await owner.inject({
      method: "GET",
      url: "/api/projects/999999",
      headers: { "accept-encoding": "br" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.json()).toMatchObject({ message: expect.any(String) });
  });

  it("refuses a compressed request body instead of inflating it", async () => {
    const response = await owner.inject({
      method: "POST",
      url: "/api/projects",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
