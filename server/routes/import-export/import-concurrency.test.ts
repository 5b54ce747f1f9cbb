// Imports at once (docs/decisions/031-imports-off-the-request-thread.md): one per user and two per
// instance. An import past
// either is refused once its short wait ends, 429 for the user's own, 503 for other people's, with
// Retry-After and words the Import dialog shows; nothing is created, and the places come back
// when the imports holding them are answered.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { type Client, setupClients, setupTestApp } from "../../test/test-app";

// No wait: a refused import answers at once.
const testApp = setupTestApp({ config: { importWaitSeconds: 0 } });
const [first, second, third] = setupClients(testApp, 3);

const sendCsv = (client: Client, rows = 2) =>
  client.inject({
    method: "POST",
    url: "/api/projects/import?format=csv",
    headers: { "content-type": "text/csv" },
    payload: `Name\n${"Task\n".repeat(rows)}`,
  });
const projectCount = async () =>
  (await testApp.database.db.select({ value: count() }).from(projects))[0].value;

describe("imports at once", () => {
  it("refuses a user's second import while the first holds its place: 429 with Retry-After", async () => {
    const holding = await testApp.app.importSlots.acquire(first.user.id);
    const before = await projectCount();
    const response = await sendCsv(first);
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({
      message: "You are importing another plan already; try again in 5 seconds, once it is done.",
      code: "import_in_progress",
    });
    // Someone else imports meanwhile: the instance has a second place.
    expect((await sendCsv(second)).statusCode).toBe(201);
    holding();
    expect((await sendCsv(first)).statusCode).toBe(201);
    expect(await projectCount()).toBe(before + 2);
  });

  it("refuses an import while two other people's fill the instance: 503 with Retry-After", async () => {
    const holdings = [
      await testApp.app.importSlots.acquire(first.user.id),
      await testApp.app.importSlots.acquire(second.user.id),
    ];
    const before = await projectCount();
    const response = await sendCsv(third);
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({
      message: "The server is busy with other people's imports; try again in 5 seconds.",
      code: "imports_busy",
    });
    expect(await projectCount()).toBe(before);
    for (const release of holdings) release();
    expect((await sendCsv(third)).statusCode).toBe(201);
  });

  it("gives the place back whatever the import answered: refused files and dry runs too", async () => {
    const bad = await first.inject({
      method: "POST",
      url: "/api/projects/import?format=json",
      headers: { "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(bad.statusCode).toBe(400);
    const dryRun = await first.inject({
      method: "POST",
      url: "/api/projects/import?format=csv&dryRun=true",
      headers: { "content-type": "text/csv" },
      payload: "Name\nA\n",
    });
    expect(dryRun.statusCode).toBe(200);
    expect(testApp.app.importSlots.load).toEqual({ running: 0, waiting: 0 });
    expect((await sendCsv(first)).statusCode).toBe(201);
  });

  it("reads two users' imports at once, each answered with its own plan", async () => {
    const [a, b] = await Promise.all([sendCsv(first, 3), sendCsv(second, 4)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.json().imported.tasks, b.json().imported.tasks]).toEqual([3, 4]);
  });
});
