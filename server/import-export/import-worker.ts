// An import worker's loop (import-readers.ts starts it): each message is an upload to read, each
// answer its reading. The worker holds nothing between uploads; its heap is capped by the pool, so
// a file that needs more memory than an import may have ends this worker, not the server.
import { parentPort } from "node:worker_threads";
import { readUpload, type UploadToRead } from "./read-upload";

if (!parentPort) throw new Error("import-worker.ts runs as a worker thread (import-readers.ts).");
const port = parentPort;
port.on("message", (upload: UploadToRead) => {
  port.postMessage(readUpload(upload));
});
// Told the worker is ready: the pool counts start-up apart from reading.
port.postMessage({ ready: true });
