// The benchmarks' settings: the command line's flags (--quick for the short form CI runs), and
// BENCH_RUNS and BENCH_SIZES, which narrow a run.
export const args = new Set(process.argv.slice(2));
export const quick = args.has("--quick");

/** The runs each timed operation gets: BENCH_RUNS, else 1 with --quick and 3 without. */
export const runs = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 3));

/** The plan's size in tasks: BENCH_SIZES, else `quickSize` with --quick and `fullSize` without. */
export const sizeSetting = (quickSize: number, fullSize: number) =>
  Number(process.env.BENCH_SIZES ?? (quick ? quickSize : fullSize));
