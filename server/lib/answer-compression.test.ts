// The choice of encoding for an answer (as @fastify/compress makes it, so the two never disagree)
// and the compression the project answers keep. The routes' use of them is tested in
// server/routes/projects/compressed-answers.test.ts.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressAnswer, compressionsDone, negotiateEncoding } from "./answer-compression";

describe("negotiateEncoding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["GZIP, BR", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br; q=0, gzip", "gzip"],
    ["gzip;q=1.0, br;q=0.8", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["x-gzip", "gzip"],
    ["*", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["br;q=0.0", "identity"],
    ["identity", "identity"],
    ["deflate, zstd", "identity"],
    ["", "identity"],
  ])("%j chooses %s", (acceptEncoding, expected) => {
    expect(negotiateEncoding({ "accept-encoding": acceptEncoding })).toBe(expected);
  });

  it("chooses identity without the header, or when the client asks for no compression", () => {
    expect(negotiateEncoding({})).toBe("identity");
    expect(negotiateEncoding({ "accept-encoding": "br", "x-no-compression": "1" })).toBe("identity");
  });
});

describe("compressAnswer", () => {
  const json = Buffer.from(
    JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ id, name: `Task ${id}` }))),
  );

  it("compresses in each encoding to bytes that decompress to the answer, counting each", async () => {
    const before = compressionsDone();
    const br = await compressAnswer(json, "br");
    const gzip = await compressAnswer(json, "gzip");
    expect(compressionsDone() - before).toBe(2);
    expect(br.length).toBeLessThan(json.length / 4);
    expect(brotliDecompressSync(br).equals(json)).toBe(true);
    expect(gunzipSync(gzip).equals(json)).toBe(true);
  });
});
