// Serves the built single-page app (docs/performance.md: compression and caching of the built assets).
// - Files: the gzip or Brotli copy the build wrote beside each one (scripts/vite-precompress.ts) is
//   sent to a browser that accepts it, so nothing is compressed per request and API answers and
//   event streams never pass through a compressor.
// - Caching: Vite puts a content hash in every name under /assets/, so those never change and are
//   cached for a year; everything else (index.html above all) is revalidated on every use, so a
//   deploy is seen at once.
// - Every GET that is not the API and not a file gets index.html: the client router decides between
//   a page and its 404 page. A missing /assets/ file is a 404, never index.html: a tab opened before a
//   deploy must not run HTML as a script.

import { existsSync } from "node:fs";
import path from "node:path";
import { API_PREFIX } from "@core/api/routes";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

const isHashedAsset = (filePath: string) => filePath.includes(`${path.sep}assets${path.sep}`);

async function staticAssets(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const root = path.resolve(clientDir);
  const built = existsSync(path.join(root, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header("cache-control", isHashedAsset(filePath) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split("?")[0];
    if (urlPath.startsWith(API_PREFIX) || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply
        .code(404)
        .send({ message: `No route for ${request.method} ${urlPath}.`, code: "not_found" });
    }
    if (urlPath.startsWith("/assets/")) {
      return reply.code(404).type("text/plain").send(`No file ${urlPath}.`);
    }
    if (!built) {
      return reply.code(503).type("text/plain").send("The client is not built yet: run `npm run build`.");
    }
    return reply.header("cache-control", REVALIDATE).sendFile("index.html");
  });
}

export default fp(staticAssets, { name: "static-assets" });
