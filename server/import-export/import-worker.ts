// An import worker's loop (import-readers.ts starts it as a child process): each message is an
// upload to read, each answer its reading. It holds nothing between uploads; its heap is capped
// by the pool, so a file that needs more memory than an import may have ends this process, never
// the server's.
import { readUpload, type UploadToRead } from "./read-upload";

const send = process.send?.bind(process);
if (!send)
  throw new Error("import-worker.ts runs as a child process with an IPC channel (import-readers.ts).");
process.on("message", (upload: UploadToRead) => {
  send(readUpload(upload));
});
// The server gone, nothing is left to read for.
process.on("disconnect", () => process.exit(0));
// Told the worker is ready: the pool counts start-up apart from reading.
send({ ready: true });
