// Compressed project answers (docs/performance.md): GET /api/projects/{id} and GET /api/share/{token}
// compress their answer once per content version and caller, then answer the kept bytes, in the
// encoding the client accepts; the compression plugin never compresses them again, and a change
// to the project is compressed afresh.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import type { Project, Task } from "../../db/schema";
import { compressionsDone } from "../../lib/answer-compression";
import { createProjectFor, createTaskIn, publishProject } from "../../test/factories";
import { sendJson as send, setupClients, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const [owner] = setupClients(testApp, 1);

let project: Project;
let tasks: Task[];
beforeEach(async () => {
  project = await createProjectFor(testApp, owner.user, { name: "Launch" });
  tasks = [];
  // Well over the 1,024 bytes below which answers go out as they are.
  for (let index = 0; index < 20; index++)
    tasks.push(await createTaskIn(testApp, project, { name: `Task ${index}`, order: index }));
});

const openProject = (acceptEncoding?: string, headers: Record<string, string> = {}) =>
  owner.inject({
    method: "GET",
    url: `/api/projects/${project.id}`,
    headers: acceptEncoding === undefined ? headers : { ...headers, "accept-encoding": acceptEncoding },
  });

type Response = Awaited<ReturnType<typeof openProject>>;

/** The answer's body as sent, decoded by its Content-Encoding. */
function decoded(response: Response): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString("utf8");
  expect(encoding).toBeUndefined();
  return response.body;
}

/** How many answers a call compressed. */
async function compressionsBy<T>(call: () => Promise<T>): Promise<{ value: T; compressions: number }> {
  const before = compressionsDone();
  const value = await call();
  return { value, compressions: compressionsDone() - before };
}

describe("GET /api/projects/{id} compressed", () => {
  it("answers Brotli to `br`, decompressing to exactly the plain answer", async () => {
    const plain = await openProject();
    const response = await openProject("br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
    // Once decompressed it is the JSON itself: compressed twice, it would be Brotli again.
    expect(brotliDecompressSync(response.rawPayload).toString("utf8")).toBe(plain.body);
  });

  it("answers gzip to `gzip`, decompressing to exactly the plain answer", async () => {
    const plain = await openProject();
    const response = await openProject("gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(gunzipSync(response.rawPayload).toString("utf8")).toBe(plain.body);
  });

  it("prefers Brotli, honours q=0 and answers identity when nothing is accepted", async () => {
    const plain = await openProject();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    const cases: [string, string | undefined][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["br;q=0, gzip", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["br;q=0, gzip;q=0", undefined],
      ["identity", undefined],
      ["deflate", undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await openProject(acceptEncoding);
      expect(response.headers["content-encoding"], acceptEncoding).toBe(expected);
      expect(decoded(response), acceptEncoding).toBe(plain.body);
    }
  });

  it("compresses an unchanged answer once, and a changed project's answer afresh", async () => {
    const first = await compressionsBy(() => openProject("br"));
    expect(first.compressions).toBe(1);
    const again = await compressionsBy(() => openProject("br"));
    expect(again.compressions).toBe(0);
    expect(again.value.rawPayload.equals(first.value.rawPayload)).toBe(true);
    // Each encoding is an answer of its own, kept as well.
    expect((await compressionsBy(() => openProject("gzip"))).compressions).toBe(1);
    expect((await compressionsBy(() => openProject("gzip"))).compressions).toBe(0);

    const renamed = await send(owner, "PUT", `/api/tasks/${tasks[3].id}`, { name: "Ship it" });
    expect(renamed.statusCode).toBe(200);
    const changed = await compressionsBy(() => openProject("br"));
    expect(changed.compressions).toBe(1);
    const answer = JSON.parse(decoded(changed.value)) as { tasks: { id: number; name: string }[] };
    expect(answer.tasks.find((task) => task.id === tasks[3].id)?.name).toBe("Ship it");
    expect(decoded(changed.value)).toBe((await openProject()).body);
    expect((await compressionsBy(() => openProject("br"))).compressions).toBe(0);
  });

  it("shares one compression between concurrent first reads", async () => {
    await openProject(); // the content is read and kept; only the compression is left to share
    const both = await compressionsBy(() => Promise.all([openProject("br"), openProject("br")]));
    expect(both.compressions).toBe(1);
    const [one, other] = both.value;
    expect(one.headers["content-encoding"]).toBe("br");
    expect(other.rawPayload.equals(one.rawPayload)).toBe(true);
  });

  it("answers a small project as it is, compressing nothing", async () => {
    const empty = await createProjectFor(testApp, owner.user, { name: "Empty" });
    const read = await compressionsBy(() =>
      owner.inject({
        method: "GET",
        url: `/api/projects/${empty.id}`,
        headers: { "accept-encoding": "br" },
      }),
    );
    expect(read.value.statusCode).toBe(200);
    expect(read.value.rawPayload.length).toBeLessThan(1024);
    expect(read.value.headers["content-encoding"]).toBeUndefined();
    expect(read.value.json()).toMatchObject({ tasks: [], dependencies: [] });
    expect(read.compressions).toBe(0);
  });

  it("keeps the ETag of the plain answer and answers 304 to it without compressing", async () => {
    const plain = await openProject();
    const compressed = await openProject("br");
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    const revalidated = await compressionsBy(() =>
      openProject("br", { "if-none-match": String(plain.headers.etag) }),
    );
    expect(revalidated.value.statusCode).toBe(304);
    expect(revalidated.value.rawPayload.length).toBe(0);
    expect(revalidated.compressions).toBe(0);
  });
});

describe("GET /api/share/{token} compressed", () => {
  it("answers Brotli from the kept compression, and the new content after a write", async () => {
    const link = await publishProject(testApp, project);
    const read = (acceptEncoding?: string) =>
      testApp.app.inject({
        method: "GET",
        url: `/api/share/${link.token}`,
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
    const plain = await read();
    expect(plain.statusCode).toBe(200);
    const first = await compressionsBy(() => read("br"));
    expect(first.compressions).toBe(1);
    expect(first.value.headers["content-encoding"]).toBe("br");
    expect(first.value.headers.vary).toBe("accept-encoding");
    expect(decoded(first.value)).toBe(plain.body);
    const again = await compressionsBy(() => read("br"));
    expect(again.compressions).toBe(0);
    expect(again.value.rawPayload.equals(first.value.rawPayload)).toBe(true);

    await send(owner, "PUT", `/api/tasks/${tasks[0].id}`, { name: "Kick-off" });
    const changed = await compressionsBy(() => read("br"));
    expect(changed.compressions).toBe(1);
    const answer = JSON.parse(decoded(changed.value)) as { tasks: { name: string }[] };
    expect(answer.tasks[0].name).toBe("Kick-off");
    expect(decoded(changed.value)).toBe((await read()).body);
  });
});
