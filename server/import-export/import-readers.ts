// The import workers (docs/decisions/031-imports-off-the-request-thread.md): every upload is read
// in a worker thread with its own heap limit, so one file's parsing neither stalls other people's
// requests nor can exhaust the server's memory. A file that needs more than the limit ends its
// worker with an out-of-memory error; that import is refused with 413 naming the limit, and the
// next upload gets a new worker. Workers are kept warm between imports and stopped when idle.
import { Worker } from "node:worker_threads";
import type { UploadRead, UploadToRead } from "./read-upload";

export type ImportReadersOptions = {
  /** Workers at most: as many as imports may run at once on the instance. */
  workers: number;
  /** Each worker's heap limit (V8's old generation), in MiB. */
  memoryMb: number;
  /** A reading that takes longer ends its worker and refuses the file. */
  readTimeoutMs: number;
  /** A worker idle this long is stopped, giving its memory back. */
  idleMs: number;
  /** Where unexpected failures are told (the server's logger). */
  log: { warn: (details: object, message: string) => void };
};

/** What the pool has done: the benchmark and the tests read it. */
export type ImportReaderCounts = {
  started: number;
  /** Workers that ended, for any reason (idle, out of memory, timeout, closed). */
  exited: number;
  outOfMemory: number;
  timedOut: number;
  read: number;
};

type Job = {
  upload: UploadToRead;
  resolve: (read: UploadRead) => void;
};

type Slot = {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
  timeout: NodeJS.Timeout | null;
};

const WORKER_URL = new URL("./import-worker.mjs", import.meta.url);

export class ImportReaders {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private closed = false;
  readonly counts: ImportReaderCounts = { started: 0, exited: 0, outOfMemory: 0, timedOut: 0, read: 0 };

  constructor(private readonly options: ImportReadersOptions) {}

  /** Reads an upload in a worker; the upload's bytes are moved to the worker, not copied. */
  read(upload: UploadToRead): Promise<UploadRead> {
    if (this.closed) return Promise.reject(new Error("The import readers are closed."));
    return new Promise((resolve) => {
      this.queue.push({ upload, resolve });
      this.dispatch();
    });
  }

  /** Stops every worker (the app's onClose). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => candidate.job === null);
      if (!slot && this.slots.size < this.options.workers) slot = this.start();
      if (!slot) return;
      this.run(slot, this.queue.shift() as Job);
    }
  }

  private start(): Slot {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, stackSizeMb: 4 },
      // The server's own flags (its heap cap among them) are not the worker's.
      execArgv: [],
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    this.counts.started++;
    let markReady: () => void = () => {};
    const slot: Slot = {
      worker,
      ready: new Promise((resolve) => {
        markReady = resolve;
      }),
      job: null,
      idleTimer: null,
      timeout: null,
    };
    worker.on("message", (message: UploadRead | { ready: true }) => {
      if ("ready" in message) return markReady();
      this.finish(slot, message);
    });
    worker.on("error", (error: Error & { code?: string }) => {
      // The worker is gone: it takes no further job, whatever 'exit' tells later.
      this.retire(slot);
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        this.counts.outOfMemory++;
        this.finish(slot, {
          ok: false,
          statusCode: 413,
          message: `The file needs more memory to read than an import may use (${this.options.memoryMb} MiB): split the plan into smaller files.`,
          code: "import_too_large",
        });
      } else {
        this.options.log.warn({ err: error }, "import worker failed");
        this.finish(slot, {
          ok: false,
          statusCode: 400,
          message: "The file cannot be read: its reader stopped.",
          code: "invalid_file",
        });
      }
    });
    worker.on("exit", () => {
      this.counts.exited++;
      this.retire(slot);
      // A worker that ended while reading (terminated for time, or crashed without an error).
      this.finish(slot, {
        ok: false,
        statusCode: 400,
        message: "The file cannot be read: its reader stopped.",
        code: "invalid_file",
      });
      if (!this.closed) this.dispatch();
    });
    this.slots.add(slot);
    return slot;
  }

  private run(slot: Slot, job: Job) {
    slot.job = job;
    this.clearTimers(slot);
    slot.worker.ref();
    slot.timeout = setTimeout(() => {
      this.counts.timedOut++;
      this.retire(slot);
      this.finish(slot, {
        ok: false,
        statusCode: 413,
        message: `The file takes longer to read than an import may (${Math.round(this.options.readTimeoutMs / 1000)} s): split the plan into smaller files.`,
        code: "import_too_large",
      });
      void slot.worker.terminate();
    }, this.options.readTimeoutMs);
    const { body } = job.upload;
    // The bytes move to the worker when they are a buffer of their own (a large body always is).
    const movable = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    void slot.ready.then(() => {
      if (slot.job !== job) return;
      slot.worker.postMessage(job.upload, movable ? [body.buffer as ArrayBuffer] : []);
    });
  }

  /** Answers the slot's job (once) and frees the slot, or lets it go idle. */
  private finish(slot: Slot, read: UploadRead) {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    this.counts.read++;
    if (!read.ok && read.unexpected)
      this.options.log.warn({ stack: read.unexpected }, "import reader failed");
    job.resolve(read);
    this.clearTimers(slot);
    if (!this.slots.has(slot)) {
      // A retired worker: the next job, if any, gets a new one.
      if (!this.closed) this.dispatch();
      return;
    }
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void slot.worker.terminate(), this.options.idleMs);
    slot.idleTimer.unref();
    this.dispatch();
  }

  /** A worker that ended or is ending: out of the pool at once. */
  private retire(slot: Slot) {
    this.slots.delete(slot);
    this.clearTimers(slot);
  }

  private clearTimers(slot: Slot) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.timeout) clearTimeout(slot.timeout);
    slot.idleTimer = null;
    slot.timeout = null;
  }
}
