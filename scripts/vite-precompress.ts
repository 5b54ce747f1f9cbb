// A Vite plugin that writes a gzip (.gz) and a Brotli (.br) copy next to each text file of the
// build. The server (server/plugins/static-assets.ts) sends the copy a browser accepts, so files are
// compressed once, at their best level, rather than on every request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain little and cost a second file each. */
const MIN_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every text file of a built folder; answers how many files it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const body = await readFile(file);
        const [gzipped, brotli] = await Promise.all([
          gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
          brotliAsync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ]);
        // A copy that is not smaller would only cost a lookup.
        if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        if (brotli.length < body.length) await writeFile(`${file}.br`, brotli);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "planner:precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    // After every file, the copied public folder included, is written.
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const count = await precompressDir(outDir);
      config.logger.info(
        `precompressed ${count} files (gzip, brotli) in ${path.relative(process.cwd(), outDir)}`,
      );
    },
  };
}
