// Deterministic counters for the quick benchmarks' verdicts (what CI runs): instead of how long an
// algorithm takes, how often it reads its input and how much code it executes. Both are the same on
// a quiet and on a busy machine, so a verdict on them never changes by chance.
//
// - reads: every property read of the input (array elements, `length`, each task's and each
//   dependency's fields), through Proxies that `counted` wraps around the input.
// - operations: the blocks of code executed in the files whose URL starts with `codeUrl` (V8's precise
//   block coverage with counts: every loop iteration, branch taken and function call), plus the
//   elements searched by indexOf / lastIndexOf / includes, which run natively and are not blocks.
//
// A linear algorithm reads each input property O(1) times and executes O(1) blocks per task and
// dependency, so both counts double from N to 2 N; a loop over the tasks nested in another makes
// them grow four-fold. The counts need V8's optimising tiers off (an inlined call is not counted),
// so a process that counts should not also time.
import { Session } from "node:inspector/promises";
import v8 from "node:v8";

export type Counts = { reads: number; operations: number };

let counting = false;
let reads = 0;
let searched = 0;

const isWrappable = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !(value instanceof Date);

/**
 * A view of plain data (arrays and objects, nested) whose every property read, `in` test and key
 * listing adds one to the read count while `count` runs. The data itself is not copied or changed.
 */
export function counted<T>(value: T): T {
  if (!isWrappable(value)) return value;
  const target = Array.isArray(value) ? value.map((element) => counted(element)) : value;
  const tally = () => {
    if (counting) reads++;
  };
  return new Proxy(target, {
    get(object, key, receiver) {
      tally();
      return Reflect.get(object, key, receiver);
    },
    has(object, key) {
      tally();
      return Reflect.has(object, key);
    },
    ownKeys(object) {
      tally();
      return Reflect.ownKeys(object);
    },
    getOwnPropertyDescriptor(object, key) {
      tally();
      return Reflect.getOwnPropertyDescriptor(object, key);
    },
  }) as T;
}

/** Native searches count the elements of the array they search (an upper bound, deterministic). */
function countNativeSearches() {
  const typedArrayPrototype = Object.getPrototypeOf(Int32Array.prototype) as Record<string, unknown>;
  for (const prototype of [Array.prototype as unknown as Record<string, unknown>, typedArrayPrototype]) {
    for (const name of ["indexOf", "lastIndexOf", "includes"]) {
      const native = prototype[name] as (this: ArrayLike<unknown>, ...args: unknown[]) => unknown;
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value: function (this: ArrayLike<unknown>, ...args: unknown[]) {
          if (counting) searched += this.length;
          return native.apply(this, args);
        },
      });
    }
  }
}

/**
 * Starts counting for this process: turns off V8's optimising tiers and starts block coverage.
 * Call it before the code to count is first imported (a function compiled before has no block
 * counters), then `count` each run.
 */
export async function startOperationCount(codeUrl: string) {
  v8.setFlagsFromString("--max-opt=0");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  countNativeSearches();
  return {
    /** Runs `run` once and answers its result with the reads and operations it made. */
    async count<R>(run: () => R): Promise<Counts & { result: R }> {
      await session.post("Profiler.takePreciseCoverage"); // takes the counters, and so zeroes them
      reads = 0;
      searched = 0;
      counting = true;
      let result: R;
      try {
        result = run();
      } finally {
        counting = false;
      }
      const { result: scripts } = await session.post("Profiler.takePreciseCoverage");
      let executed = 0;
      for (const script of scripts) {
        if (!script.url.startsWith(codeUrl)) continue;
        for (const fn of script.functions) for (const range of fn.ranges) executed += range.count;
      }
      return { result, reads, operations: executed + searched };
    },
    async stop() {
      await session.post("Profiler.stopPreciseCoverage");
      session.disconnect();
    },
  };
}
