// How the benchmarks time what they measure (operations in turn or at once, over runs) and the
// statistics of the latencies they collect.

export const median = (values: readonly number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs `operation` `concurrency` at a time for `durationMs`; returns each call's latency in ms. */
export async function timeConcurrently(
  operation: () => Promise<unknown>,
  concurrency: number,
  durationMs: number,
) {
  const latencies: number[] = [];
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const begin = performance.now();
        await operation();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies, perSecond: latencies.length / seconds };
}

/** A timed operation of a write benchmark: `run` gets the number of the call within its run. */
export type TimedOperation = { name: string; run: (call: number) => Promise<unknown> };

/**
 * Calls every operation `perRun` times in each of `runs` runs, one call of each in turn, so every
 * operation sees the same moments of the machine; `after` runs untimed after each call. Answers
 * each operation's latencies in ms, one array per run.
 */
export async function timeInterleaved<O extends TimedOperation>(
  operations: readonly O[],
  {
    runs,
    perRun,
    after,
  }: { runs: number; perRun: number; after?: (operation: O, answer: unknown) => Promise<void> },
): Promise<Map<string, number[][]>> {
  const latencies = new Map<string, number[][]>(operations.map((operation) => [operation.name, []]));
  for (let run = 0; run < runs; run++) {
    const samples = new Map<string, number[]>(operations.map((operation) => [operation.name, []]));
    for (let call = 1; call <= perRun; call++) {
      for (const operation of operations) {
        const begin = performance.now();
        const answer = await operation.run(call);
        samples.get(operation.name)?.push(performance.now() - begin);
        await after?.(operation, answer);
      }
    }
    for (const [name, values] of samples) latencies.get(name)?.push(values);
  }
  return latencies;
}

/** An operation's latencies over the runs of timeInterleaved. */
export type LatencySummary = {
  /** Each run's median. */
  runMedians: number[];
  /** The median of the runs' medians. */
  p50: number;
  /** The median over the runs of each run's tail percentile (99th unless asked otherwise). */
  tail: number;
};

/** The summary of the operation named in timeInterleaved's answer. */
export function summarizeLatencies(
  latencies: Map<string, number[][]>,
  name: string,
  tailPercentile = 99,
): LatencySummary {
  const runs = latencies.get(name) ?? [];
  const runMedians = runs.map((values) => median(values));
  const tail = median(runs.map((values) => percentile(values, tailPercentile)));
  return { runMedians, p50: median(runMedians), tail };
}
