// The import workers (docs/decisions/031-imports-off-the-request-thread.md): every upload is read
// in a child process with a heap cap of its own, so one file's parsing neither stalls other
// people's requests nor can exhaust the server's memory. A file that needs more than the cap ends
// its worker; that import is refused with 413 naming the limit, and the next upload gets a new
// worker. Processes, not worker threads: a thread's heap limit is best-effort, and some
// allocations past it abort the whole process. Workers are kept warm between imports and stopped
// when idle.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { UploadRead, UploadToRead } from "./read-upload";

export type ImportReadersOptions = {
  /** Workers at most: as many as imports may run at once on the instance. */
  workers: number;
  /** Each worker's heap cap (V8's --max-old-space-size), in MiB. */
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

type Job = { upload: UploadToRead; resolve: (read: UploadRead) => void };

type Slot = {
  child: ChildProcess;
  ready: Promise<void>;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
  timeout: NodeJS.Timeout | null;
  /** The end of what the worker wrote to stderr: how a crash is told apart (V8's out-of-memory). */
  stderr: string;
};

const WORKER_PATH = fileURLToPath(new URL("./import-worker.mjs", import.meta.url));
const STDERR_KEPT = 4_096;

const stopped = (): UploadRead => ({
  ok: false,
  statusCode: 400,
  message: "The file cannot be read: its reader stopped.",
  code: "invalid_file",
});

export class ImportReaders {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private closed = false;
  readonly counts: ImportReaderCounts = { started: 0, exited: 0, outOfMemory: 0, timedOut: 0, read: 0 };

  constructor(private readonly options: ImportReadersOptions) {}

  /** Reads an upload in a worker, queued while every worker is busy. */
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
    const exits = [...this.slots].map(
      (slot) =>
        new Promise<void>((resolve) =>
          slot.child.exitCode !== null ? resolve() : slot.child.once("exit", () => resolve()),
        ),
    );
    for (const slot of this.slots) slot.child.kill();
    await Promise.all(exits);
  }

  private dispatch() {
    while (this.queue.length > 0 && !this.closed) {
      let slot = [...this.slots].find((candidate) => candidate.job === null);
      if (!slot && this.slots.size < this.options.workers) slot = this.start();
      if (!slot) return;
      this.run(slot, this.queue.shift() as Job);
    }
  }

  private start(): Slot {
    const child = fork(WORKER_PATH, [], {
      // Only the worker's own heap cap: the server's flags (its larger cap) are not the worker's.
      execArgv: [`--max-old-space-size=${this.options.memoryMb}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.counts.started++;
    let markReady: () => void = () => {};
    const slot: Slot = {
      child,
      ready: new Promise((resolve) => {
        markReady = resolve;
      }),
      job: null,
      idleTimer: null,
      timeout: null,
      stderr: "",
    };
    this.slots.add(slot);
    this.hold(slot, false);
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      slot.stderr = (slot.stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on("message", (message: UploadRead | { ready: true }) => {
      if ("ready" in message) return markReady();
      this.finish(slot, message);
    });
    child.on("error", (error) => {
      this.options.log.warn({ err: error }, "import worker failed");
      this.retire(slot);
      this.finish(slot, stopped());
    });
    child.on("exit", (code, signal) => {
      this.counts.exited++;
      this.retire(slot);
      if (!slot.job) return;
      if (/heap out of memory|Allocation failed/i.test(slot.stderr)) {
        this.counts.outOfMemory++;
        this.finish(slot, {
          ok: false,
          statusCode: 413,
          message: `The file needs more memory to read than an import may use (${this.options.memoryMb} MiB): split the plan into smaller files.`,
          code: "import_too_large",
        });
      } else {
        this.options.log.warn({ code, signal, stderr: slot.stderr }, "import worker stopped while reading");
        this.finish(slot, stopped());
      }
    });
    return slot;
  }

  private run(slot: Slot, job: Job) {
    slot.job = job;
    this.clearTimers(slot);
    this.hold(slot, true);
    slot.timeout = setTimeout(() => {
      this.counts.timedOut++;
      this.retire(slot);
      this.finish(slot, {
        ok: false,
        statusCode: 413,
        message: `The file takes longer to read than an import may (${Math.round(this.options.readTimeoutMs / 1000)} s): split the plan into smaller files.`,
        code: "import_too_large",
      });
      slot.child.kill("SIGKILL");
    }, this.options.readTimeoutMs);
    void slot.ready.then(() => {
      if (slot.job === job && slot.child.connected) slot.child.send(job.upload);
    });
  }

  /** Answers the slot's job (once) and lets the worker go idle, or gives the next job a worker. */
  private finish(slot: Slot, read: UploadRead) {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    this.counts.read++;
    if (!read.ok && read.unexpected)
      this.options.log.warn({ stack: read.unexpected }, "import reader failed");
    job.resolve(read);
    this.clearTimers(slot);
    if (this.slots.has(slot)) {
      this.hold(slot, false);
      slot.idleTimer = setTimeout(() => slot.child.kill(), this.options.idleMs);
      slot.idleTimer.unref();
    }
    this.dispatch();
  }

  /** A busy worker keeps the server's process alive; an idle one does not. */
  private hold(slot: Slot, busy: boolean) {
    const handles = [slot.child, slot.child.channel, slot.child.stderr] as (
      | { ref?: () => void; unref?: () => void }
      | null
      | undefined
    )[];
    for (const handle of handles) (busy ? handle?.ref : handle?.unref)?.call(handle);
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
