// Compresses the API's JSON answers for clients that accept it: a project of 5,000 tasks is about
// 2.5 MB of JSON and about 110 kB as Brotli (docs/performance.md, "API answers over the wire").
// Only /api/ routes: the built client is compressed once at build time instead (static-assets.ts
// sends those copies); the event stream is hijacked and never passes through here.

import zlib from "node:zlib";
import { API_PREFIX } from "@core/api/routes";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const compression = fp(async (app: FastifyInstance) => {
  // Only the API: runs before the plugin's own onRoute hook, which then leaves the route alone.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(API_PREFIX)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    globalCompression: true,
    // No client of ours sends compressed bodies; accepting them would only add a way in.
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: 1024,
    // Fast levels: Brotli 2 compresses 2.6 MB in about 6 ms to 4 % of its size; quality 11 (the
    // default) would take seconds. gzip 4 is the fallback for clients without Brotli. Chunks of
    // 256 kB instead of 16 kB: a large answer is compressed off the main thread in about ten trips
    // to the thread pool instead of 160, which took 10 to 30 ms more on a busy event loop.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 }, chunkSize: 256 * 1024 },
    zlibOptions: { level: 4, chunkSize: 256 * 1024 },
  });
});
