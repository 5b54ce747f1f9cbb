// How API answers are compressed, in one place: the plugin (server/plugins/compression.ts)
// compresses most answers per request with these settings, and the project answers
// (server/projects/project-content.ts) compress theirs once per content version with the same
// settings and the same choice of encoding, so a client gets the same bytes either way.

import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply } from "fastify";

/** The encodings offered, in order of preference when a client accepts both equally. */
export const ANSWER_ENCODINGS = ["br", "gzip"] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number] | "identity";

/** Answers smaller than this many bytes go out as they are: compressing them saves too little. */
export const COMPRESSION_THRESHOLD = 1024;

// Fast levels: Brotli 2 compresses 2.6 MB in about 6 ms to 4 % of its size; quality 11 (zlib's
// default) would take seconds. gzip 4 is the fallback for clients without Brotli. Chunks of 256 kB
// instead of 16 kB: a large answer is compressed off the main thread in about ten trips to the
// thread pool instead of 160, which took 10 to 30 ms more on a busy event loop.
export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 },
  chunkSize: 256 * 1024,
};
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 4, chunkSize: 256 * 1024 };

/**
 * The encoding an answer goes out in, chosen as @fastify/compress chooses (so the plugin, which
 * runs after a route, never picks another): the accepted encoding of highest quality among br and
 * gzip, br on a tie, never one of quality 0; `*` and `x-gzip` count as gzip; identity when none is
 * accepted or the client sent `x-no-compression`.
 * @example negotiateEncoding({ "accept-encoding": "br;q=0, gzip" }) // "gzip"
 */
export function negotiateEncoding(headers: IncomingHttpHeaders): AnswerEncoding {
  const header = headers["accept-encoding"];
  if (header === undefined || headers["x-no-compression"] !== undefined) return "identity";
  let chosen: AnswerEncoding = "identity";
  let chosenQuality = 0;
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const encoding = name === "*" || name === "x-gzip" ? "gzip" : name;
    if (encoding !== "br" && encoding !== "gzip") continue;
    const qualityParameter = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const quality = qualityParameter ? Number.parseFloat(qualityParameter.replace(/^q\s*=\s*/, "")) || 0 : 1;
    if (quality <= 0) continue;
    if (quality > chosenQuality || (quality === chosenQuality && encoding === "br")) {
      chosen = encoding;
      chosenQuality = quality;
    }
  }
  return chosen;
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

let compressions = 0;

/** How many answers `compressAnswer` has compressed since the process started (for tests). */
export function compressionsDone(): number {
  return compressions;
}

/** The bytes in this encoding, compressed on libuv's thread pool, never on the event loop. */
export function compressAnswer(
  bytes: Buffer,
  encoding: Exclude<AnswerEncoding, "identity">,
): Promise<Buffer> {
  compressions++;
  return encoding === "br" ? brotliCompress(bytes, BROTLI_OPTIONS) : gzip(bytes, GZIP_OPTIONS);
}

/** A JSON answer as it goes out: its bytes, and their Content-Encoding (identity: as they are). */
export type EncodedAnswer = { body: Buffer; encoding: AnswerEncoding };

/**
 * Sends a JSON answer already in its encoding. The compression plugin passes a reply that has a
 * Content-Encoding through untouched, and `negotiateEncoding` chose identity exactly when the
 * plugin would too, so nothing is compressed twice. Vary on every such answer, identity included:
 * what it holds depends on Accept-Encoding.
 */
export function sendEncodedAnswer(reply: FastifyReply, answer: EncodedAnswer): FastifyReply {
  if (answer.encoding !== "identity") reply.header("content-encoding", answer.encoding);
  return reply.header("vary", "accept-encoding").type("application/json; charset=utf-8").send(answer.body);
}
