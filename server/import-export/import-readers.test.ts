// The import workers, started for real (child processes): an upload is read off the calling thread; a file needing
// more memory than a worker may have ends that worker alone (413 naming the limit), and the next
// upload gets a fresh one; a reading past its time is ended too.
import { afterEach, describe, expect, it } from "vitest";
import { ImportReaders, type ImportReadersOptions } from "./import-readers";

const warnings: object[] = [];
const started: ImportReaders[] = [];
const readers = (options: Partial<ImportReadersOptions> = {}) => {
  const pool = new ImportReaders({
    workers: 2,
    memoryMb: 320,
    readTimeoutMs: 60_000,
    idleMs: 60_000,
    log: { warn: (details) => warnings.push(details) },
    ...options,
  });
  started.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(started.splice(0).map((pool) => pool.close()));
});

const csv = (rows: number) => Buffer.from(`Name,Duration\n${"Task,2\n".repeat(rows)}`);

/** A JSON backup whose tasks each carry a long description: big to hold, within every count. */
function heavyJson(tasks: number, descriptionLength: number): Buffer {
  const description = "x".repeat(descriptionLength);
  const list = Array.from(
    { length: tasks },
    (_, id) => `{"id":${id + 1},"name":"T","description":"${description}"}`,
  );
  return Buffer.from(
    `{"format":"visual-project-planner","version":1,"project":{"name":"Heavy"},"tasks":[${list.join(",")}]}`,
  );
}

describe("ImportReaders", () => {
  it("reads an upload in a worker and answers the prepared plan", async () => {
    const pool = readers();
    const read = await pool.read({ body: csv(3), name: "Three" });
    expect(read).toMatchObject({ ok: true, format: "csv", counts: { tasks: 3, dependencies: 0 } });
    expect(read.ok && read.prepared.name).toBe("Three");
    expect(read.ok && read.prepared.scheduled.every((dates) => dates !== null)).toBe(true);
    expect(pool.counts).toMatchObject({ started: 1, read: 1, outOfMemory: 0 });
  });

  it("refuses a file that exhausts the worker's heap with 413 naming the limit, and reads the next in a new worker", async () => {
    const pool = readers({ memoryMb: 48, workers: 1 });
    // 60 MB of text over 20,000 tasks: within every count, beyond 48 MiB of heap.
    const read = await pool.read({ body: heavyJson(20_000, 3_000), format: "json" });
    expect(read).toEqual({
      ok: false,
      statusCode: 413,
      message:
        "The file needs more memory to read than an import may use (48 MiB): split the plan into smaller files.",
      code: "import_too_large",
    });
    expect(pool.counts.outOfMemory).toBe(1);
    const next = await pool.read({ body: csv(5) });
    expect(next).toMatchObject({ ok: true, counts: { tasks: 5 } });
    expect(pool.counts.started).toBe(2);
  });

  it("ends a reading past its time with 413, and the next upload is read", async () => {
    const pool = readers({ readTimeoutMs: 1, workers: 1 });
    const read = await pool.read({ body: csv(20_000) });
    expect(read).toMatchObject({ ok: false, statusCode: 413, code: "import_too_large" });
    expect(!read.ok && read.message).toMatch(/takes longer to read than an import may \(0 s\)/);
    expect(pool.counts.timedOut).toBe(1);
  });

  it("reads at most `workers` uploads at once, queueing the others, and answers each its own", async () => {
    const pool = readers({ workers: 2 });
    const reads = await Promise.all([1, 2, 3, 4, 5].map((rows) => pool.read({ body: csv(rows) })));
    expect(reads.map((read) => read.ok && read.counts.tasks)).toEqual([1, 2, 3, 4, 5]);
    expect(pool.counts.started).toBe(2);
    expect(pool.counts.read).toBe(5);
  });

  it("answers a refusal for a file its reader cannot read, with the reader's message", async () => {
    const pool = readers();
    const read = await pool.read({ body: Buffer.from("{ not json"), format: "json" });
    expect(read).toMatchObject({ ok: false, statusCode: 400, code: "invalid_file" });
    expect(!read.ok && read.message).toMatch(/^The JSON file cannot be read/);
  });

  it("stops a worker left idle, giving its memory back", async () => {
    const pool = readers({ idleMs: 10 });
    await pool.read({ body: csv(1) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.counts.exited).toBe(1);
    expect(await pool.read({ body: csv(2) })).toMatchObject({ ok: true });
    expect(pool.counts.started).toBe(2);
  });
});
