// `npm run bench`: every benchmark, one after the other, each in a process of its own so that one's
// heap and browser never weigh on the next. `npm run bench -- --quick` runs each on small N; that
// mode fails only on structural regressions and errors, judged by counting, never by timing (input
// reads and operations at N and 2 N, rows in the page, bytes and the view that first downloads a
// library, failed requests and wrong answers), which is what CI runs: its verdicts hold on a busy
// machine too. The times it prints are for information.
// Results: test-results/*.json, and the tables each prints; docs/performance.md holds the figures.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { clientBuild } from "./client-build";

const quick = process.argv.includes("--quick");
const ALL_BENCHMARKS = [
  "bench/domain.bench.ts",
  "bench/api.bench.ts",
  "bench/writes.bench.ts",
  "bench/scheduling-writes.bench.ts",
  "bench/import-export.bench.ts",
  "bench/live.bench.ts",
  "bench/bundle.bench.ts",
  "bench/views.bench.ts",
  "bench/views-at-scale.bench.ts",
  "bench/graph-render.bench.ts",
  "bench/open-project.bench.ts",
  "bench/activity.bench.ts",
  "bench/import-isolation.bench.ts",
  "bench/baselines.bench.ts",
  "bench/as-of.bench.ts",
  "bench/notifications.bench.ts",
  "bench/webhooks.bench.ts",
  "bench/search.bench.ts",
  "bench/keyboard-and-pictures.bench.ts",
];
// `--only domain,bundle` runs a subset (CI runs the checks that no other test makes, to stay
// within its 15 minutes: N+1 queries are already counted by server/db/query-count.test.ts).
const onlyArgument = process.argv.find((arg) => arg.startsWith("--only="));
const only = onlyArgument?.slice("--only=".length).split(",");
const BENCHMARKS = only
  ? ALL_BENCHMARKS.filter((file) => only.some((name) => file === `bench/${name}.bench.ts`))
  : ALL_BENCHMARKS;
if (only && BENCHMARKS.length !== only.length) {
  console.error(
    `unknown benchmark in ${onlyArgument}; known: domain, api, writes, scheduling-writes, import-export, live, bundle, views, views-at-scale, graph-render, open-project, activity, import-isolation, baselines, as-of, notifications, webhooks, search, keyboard-and-pictures`,
  );
  process.exit(1);
}

// One build of the client for the browser benchmarks (bench/client-build.ts), when one runs.
const BROWSER_BENCHMARKS = [
  "bench/bundle.bench.ts",
  "bench/views.bench.ts",
  "bench/views-at-scale.bench.ts",
  "bench/graph-render.bench.ts",
  "bench/open-project.bench.ts",
  "bench/keyboard-and-pictures.bench.ts",
];
const { cleanUp } = BENCHMARKS.some((file) => BROWSER_BENCHMARKS.includes(file))
  ? clientBuild("bench-client")
  : { cleanUp: () => undefined };
const failed: string[] = [];
for (const file of BENCHMARKS) {
  if (!existsSync(file)) {
    console.error(`missing benchmark ${file}`);
    failed.push(file);
    continue;
  }
  console.log(`\n=== ${file}${quick ? " --quick" : ""}`);
  const started = Date.now();
  const { status } = spawnSync("npx", ["tsx", file, ...(quick ? ["--quick"] : [])], { stdio: "inherit" });
  console.log(
    `=== ${file}: ${status === 0 ? "ok" : `FAILED (exit ${status})`} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (status !== 0) failed.push(file);
}
cleanUp();
if (failed.length > 0) {
  console.error(`\n${failed.length} benchmark(s) failed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nall ${BENCHMARKS.length} benchmarks passed${quick ? " (quick mode)" : ""}`);
