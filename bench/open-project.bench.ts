// Opening a project's graph (docs/performance.md): time from navigation to the first cards drawn, for
// a plan of
// 1,000 tasks, as the median of 3 navigations, the first with an empty browser cache; and what the
// opening asked the API: how many requests, how many reads of the project, and how many round
// trips in sequence came before the project's content (a request that starts after another one
// answered counts as the next round trip).
//
//   npx tsx bench/open-project.bench.ts           # 1,000 tasks, 3 navigations; judged: median < 1 s
//   npx tsx bench/open-project.bench.ts --quick   # 200 tasks, 1 navigation (CI)
//
// Either form fails on structure: the project read more than once while opening, or more than two
// API round trips in sequence before it. The full form also judges the time; the quick one reports it.
import { mkdirSync, writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { createProjectViaApi } from "../e2e/seeding";
import { dependencies, tasks } from "../server/db/schema";
import { withBrowserBench } from "./browser-bench";
import { median } from "./timing";

const QUICK = process.argv.includes("--quick");
const TASKS = QUICK ? 200 : 1000;
const NAVIGATIONS = QUICK ? 1 : 3;
const BUDGET_MS = 1000;
const MAX_ROUND_TRIPS = 2;

type ApiCall = { path: string; start: number; end: number };

/**
 * Navigates and waits for the first card; answers the time from navigation start and the API
 * calls made until then.
 */
async function openGraph(page: Page, url: string) {
  const calls: ApiCall[] = [];
  const started = new Map<unknown, { path: string; start: number }>();
  const onRequest = (request: { url: () => string }) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/") && !path.endsWith("/events"))
      started.set(request, { path, start: Date.now() });
  };
  const onFinished = (request: { url: () => string }) => {
    const call = started.get(request);
    if (call) calls.push({ ...call, end: Date.now() });
  };
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    // The first cards: as cards, or, for a plan fitted below 40 %, as shapes on the canvas layer.
    () => (document.querySelector(".react-flow__node, canvas.graph-shapes") ? performance.now() : false),
    undefined,
    { polling: "raf", timeout: 120_000 },
  );
  const ms = (await handle.jsonValue()) as number;
  page.off("request", onRequest);
  page.off("requestfinished", onFinished);
  return { ms, calls };
}

/** Round trips in sequence up to and including the call for `path`: each waits for one before. */
function roundTripsTo(calls: ApiCall[], isTarget: (path: string) => boolean): number {
  const depth = new Map<ApiCall, number>();
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  for (const call of sorted) {
    const before = sorted.filter((other) => other !== call && other.end <= call.start);
    depth.set(call, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 1)));
  }
  const target = sorted.find((call) => isTarget(call.path));
  return target ? (depth.get(target) ?? 0) : Number.NaN;
}

const results: { ms: number; requests: number; projectReads: number; roundTrips: number }[] = [];
const failures: string[] = [];
await withBrowserBench(
  "open-project-bench",
  { apiRateLimitPerMinute: 0 },
  async ({ app, newBenchContext, signedInBenchContext }) => {
    const { context: setup, account } = await signedInBenchContext();
    const project = await createProjectViaApi(setup, `Open ${TASKS}`);
    const { db } = app.database;
    const columns = Math.ceil(Math.sqrt(TASKS));
    const rows = Array.from({ length: TASKS }, (_, index) => ({
      projectId: project.id,
      name: `Task ${index + 1}`,
      order: index,
      positionX: (index % columns) * 280,
      positionY: Math.floor(index / columns) * 140,
    }));
    const ids: number[] = [];
    for (let at = 0; at < rows.length; at += 1000)
      ids.push(
        ...(
          await db
            .insert(tasks)
            .values(rows.slice(at, at + 1000))
            .returning({ id: tasks.id })
        ).map((row) => row.id),
      );
    const links = ids
      .slice(1)
      .map((id, index) => ({ projectId: project.id, sourceTaskId: ids[index], targetTaskId: id }));
    for (let at = 0; at < links.length; at += 1000)
      await db.insert(dependencies).values(links.slice(at, at + 1000));
    const cookies = await setup.cookies();
    await setup.close();

    // A new context per run: the first navigation is cold (nothing cached); the others reuse the
    // browser's HTTP cache of the built files, as a returning user's browser does.
    const context = await newBenchContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    const url = `/projects/${project.slug}/graph`;
    for (let run = 0; run < NAVIGATIONS; run++) {
      if (run > 0) await page.goto("about:blank");
      const { ms, calls } = await openGraph(page, url);
      const projectPath = `/api/projects/${project.id}`;
      const result = {
        ms: Math.round(ms),
        requests: calls.length,
        projectReads: calls.filter((call) => call.path === projectPath).length,
        roundTrips: roundTripsTo(calls, (path) => path === projectPath),
      };
      results.push(result);
      console.error(JSON.stringify({ run, ...result, account: account.email }));
      if (result.projectReads !== 1)
        failures.push(`run ${run}: the project was read ${result.projectReads} times`);
      if (!(result.roundTrips <= MAX_ROUND_TRIPS))
        failures.push(`run ${run}: the project came after ${result.roundTrips} round trips in sequence`);
    }
    await context.close();
  },
);

const medianMs = median(results.map((result) => result.ms));
if (!QUICK && medianMs >= BUDGET_MS)
  failures.push(`first cards after ${medianMs} ms (budget ${BUDGET_MS} ms)`);
mkdirSync("test-results", { recursive: true });
writeFileSync(
  "test-results/open-project-bench.json",
  JSON.stringify({ date: new Date().toISOString(), tasks: TASKS, medianMs, results }, null, 2),
);
console.log(
  "| tasks | first cards (each navigation, first cold) | median | API requests | project reads | round trips before it |",
);
console.log("|---|---|---|---|---|---|");
console.log(
  `| ${TASKS} | ${results.map((result) => `${result.ms} ms`).join(", ")} | ${medianMs} ms | ${results.map((r) => r.requests).join(", ")} | ${results.map((r) => r.projectReads).join(", ")} | ${results.map((r) => r.roundTrips).join(", ")} |`,
);
if (failures.length > 0) {
  console.error(`FAILED:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log(
  QUICK
    ? "the project is read once, after at most two round trips (times reported, not judged)"
    : `met: first cards within ${BUDGET_MS} ms; the project read once, after at most two round trips`,
);
