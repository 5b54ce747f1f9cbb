// Compresses the API's JSON answers for clients that accept it: a project of 5,000 tasks is about
// 2.5 MB of JSON and about 110 kB as Brotli (docs/performance.md, "API answers over the wire").
// Only /api/ routes: the built client is compressed once at build time instead (static-assets.ts
// sends those copies); the event stream is hijacked and never passes through here. The project
// answers (GET /api/projects/{id} and the public link's) arrive here already compressed, once per
// content version by their routes (server/projects/project-content.ts), with Content-Encoding set,
// which the plugin passes through as it is. Settings and the choice of encoding are shared with
// them: server/lib/answer-compression.ts.

import { API_PREFIX } from "@core/api/routes";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  ANSWER_ENCODINGS,
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD,
  GZIP_OPTIONS,
} from "../lib/answer-compression";

export const compression = fp(async (app: FastifyInstance) => {
  // Only the API: runs before the plugin's own onRoute hook, which then leaves the route alone.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(API_PREFIX)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    globalCompression: true,
    // No client of ours sends compressed bodies; accepting them would only add a way in.
    globalDecompression: false,
    encodings: [...ANSWER_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
});
