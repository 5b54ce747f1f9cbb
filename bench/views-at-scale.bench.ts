// Every view of a big plan (docs/performance.md, "Views at scale"): a scheduled plan of TASKS tasks
// with about 1.1 links a task and positions as the import leaves them (bench/seed.ts), each view
// opened from another page of the app in Chromium at 1440 x 900, then moved: 60 wheel steps over
// its scroll box (the graph: a drag of its pane). For each view:
// - content shown: from navigation start to the view's first content drawn;
// - settled: to the end of the last frame over 50 ms before half a second without one;
// - elements in the page once settled;
// - frame p95 while moving, and the tab's JS heap after it (collected first, over CDP).
// Then the graph alone: zooming from the fit to 100 % and back (p95 frame), and, on a plan of
// 1,000 tasks, the first cards in a new tab of the same browser (HTTP cache warm), three times.
//
//   npx tsx bench/views-at-scale.bench.ts              # 20,000 tasks (and 1,000 for the new tabs)
//   npx tsx bench/views-at-scale.bench.ts --tasks=5000 --views=graph,list
//   npx tsx bench/views-at-scale.bench.ts --quick      # 1,000 tasks, no new-tab runs
//
// It fails only on counts: a view holding more than MAX_ELEMENTS elements in the page, or a graph
// not drawn on its canvas layer at the fit of a plan too big to read. Times are reported, never
// judged (a busy machine must not fail it).
import { mkdirSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { users } from "../server/db/schema";
import { withBrowserBench } from "./browser-bench";
import { startSampling, stopSampling } from "./graph-bench-page";
import { lastLongFrame, watchFrames } from "./page-settling";
import { seedScheduledProject } from "./seed";
import { median } from "./timing";

const QUICK = process.argv.includes("--quick");
const sizeArgument = process.argv.find((arg) => arg.startsWith("--tasks="));
const TASKS = sizeArgument ? Number(sizeArgument.slice("--tasks=".length)) : QUICK ? 1000 : 20_000;
const viewsArgument = process.argv.find((arg) => arg.startsWith("--views="));
/** `--views=graph,list` measures only those. */
const ONLY_VIEWS = viewsArgument?.slice("--views=".length).split(",");
/** The plan the graph is opened on in new tabs. */
const NEW_TAB_TASKS = 1000;
const NEW_TAB_RUNS = 3;
/** More elements than this in the page means a view draws what is out of view. */
const MAX_ELEMENTS = 1500;

type ViewSpec = {
  name: string;
  /** Something only the view's content matches. */
  content: string;
  /** The element the wheel turns over (what scrolls under it moves); null: the graph, whose pane is dragged. */
  scroller: string | null;
};

const VIEWS: ViewSpec[] = [
  { name: "list", content: 'ul[aria-label="Tasks"] > li', scroller: '[data-virtualised="true"]' },
  { name: "gantt", content: "[data-gantt-bar]", scroller: "[data-gantt-scroll]" },
  { name: "graph", content: ".react-flow__node, canvas.graph-shapes", scroller: null },
  {
    name: "phases",
    content: '[aria-labelledby="phases-title"] ol > li li',
    scroller: '[aria-labelledby="phases-title"]',
  },
  { name: "kanban", content: "[data-kanban-card]", scroller: "[data-kanban-scroll]" },
];

/** Opens `url` from the projects page and times its content and its settling. */
async function openView(page: Page, url: string, view: ViewSpec) {
  await page.goto("/projects", { waitUntil: "load" });
  await page.goto(url, { waitUntil: "commit" });
  await watchFrames(page);
  const shown = await page.waitForFunction(
    (selector) => (document.querySelector(selector) ? performance.now() : false),
    view.content,
    { polling: "raf", timeout: 180_000 },
  );
  const contentMs = (await shown.jsonValue()) as number;
  // Settled: half a second without a frame over 50 ms; the time is that of the last long frame.
  const settledMs = Math.max(contentMs, await lastLongFrame(page, 500));
  const elements = await page.evaluate(() => document.querySelectorAll("*").length);
  return { contentMs: Math.round(contentMs), settledMs: Math.round(settledMs), elements };
}

/** 60 wheel steps over the view's scroll box, or a drag across the graph's pane; frames sampled. */
async function move(page: Page, view: ViewSpec) {
  const target = view.scroller ?? ".react-flow__pane";
  const box = await page.locator(target).first().boundingBox();
  if (!box) throw new Error(`no ${target} to move`);
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 400);
  await page.mouse.move(x, y);
  await startSampling(page);
  if (view.scroller) {
    for (let step = 0; step < 60; step++) {
      await page.mouse.wheel(0, 240);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
  } else {
    await page.mouse.down();
    for (let step = 1; step <= 60; step++) {
      await page.mouse.move(x - step * 8, y - step * 4);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
    await page.mouse.up();
  }
  return stopSampling(page);
}

/** The tab's JS heap in MB once collected (what it holds, not what it has yet to free), over CDP. */
async function heapMb(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send("HeapProfiler.collectGarbage");
  const { usedSize } = await session.send("Runtime.getHeapUsage");
  await session.detach();
  return Math.round(usedSize / 1e6);
}

const zoomPercent = async (page: Page) =>
  Number((await page.getByLabel("Zoom level").textContent())?.replace("%", ""));

/** From the fit to 100 % with the wheel, and back with Fit view; frames sampled throughout. */
async function zoomInAndOut(page: Page) {
  const pane = await page.locator(".react-flow__pane").boundingBox();
  if (!pane) throw new Error("no pane");
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  await startSampling(page);
  for (let step = 0; step < 200 && (await zoomPercent(page)) < 100; step++) {
    await page.mouse.wheel(0, -120);
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  await page.getByRole("button", { name: "Fit view" }).click();
  await page.waitForTimeout(600);
  return stopSampling(page);
}

/** The first cards of the graph in a new tab (as cards or as shapes), from its navigation start. */
async function graphInNewTab(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    () => (document.querySelector(".react-flow__node, canvas.graph-shapes") ? performance.now() : false),
    null,
    { polling: "raf", timeout: 60_000 },
  );
  const ms = Math.round((await handle.jsonValue()) as number);
  await page.close();
  return ms;
}

const failures: string[] = [];
const report = await withBrowserBench(
  "views-at-scale-bench",
  { apiRateLimitPerMinute: 0 },
  async ({ app, signedInBenchContext }) => {
    const { context, account } = await signedInBenchContext();
    const { db } = app.database;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));
    const big = await seedScheduledProject(db, { tasks: TASKS, owner, members: 0, dependencyRatio: 1.1 });
    // The server's copy of the plan is made by a first read, as for any project opened before:
    // the views are timed on the client's work and a warm server.
    await context.request.get(`/api/projects/${big.project.id}`);
    const page = await context.newPage();
    const views = [];
    for (const view of VIEWS.filter((each) => !ONLY_VIEWS || ONLY_VIEWS.includes(each.name))) {
      const opened = await openView(page, `/projects/${big.project.slug}/${view.name}`, view);
      const moving = await move(page, view);
      const heap = await heapMb(page);
      const result = { view: view.name, tasks: TASKS, ...opened, moving, heapMb: heap };
      if (opened.elements > MAX_ELEMENTS)
        failures.push(`${view.name}: ${opened.elements} elements in the page at ${TASKS} tasks`);
      if (view.name === "graph") {
        const onCanvas = await page.locator("canvas.graph-shapes").count();
        const fit = await zoomPercent(page);
        if (fit < 40 && onCanvas === 0)
          failures.push(`graph: fitted at ${fit} % but not drawn on its canvas layer`);
        Object.assign(result, { fitPercent: fit, zoom: await zoomInAndOut(page) });
      }
      console.error(JSON.stringify(result));
      views.push(result);
    }
    const newTabs: number[] = [];
    if (!QUICK) {
      const small = await seedScheduledProject(db, { tasks: NEW_TAB_TASKS, owner, members: 0 });
      const url = `/projects/${small.project.slug}/graph`;
      await graphInNewTab(context, url); // warms the HTTP cache, as a returning user's
      for (let run = 0; run < NEW_TAB_RUNS; run++) newTabs.push(await graphInNewTab(context, url));
    }
    await context.close();
    return { views, newTabs };
  },
);

mkdirSync("test-results", { recursive: true });
writeFileSync(
  "test-results/views-at-scale.bench.json",
  JSON.stringify({ date: new Date().toISOString(), tasks: TASKS, ...report }, null, 2),
);
console.log(
  "| view | content shown | settled (no frame over 50 ms for 0.5 s) | elements in the page | frame p95 while moving | JS heap |",
);
console.log("|---|---|---|---|---|---|");
for (const r of report.views)
  console.log(
    `| ${r.view} | ${(r.contentMs / 1000).toFixed(2)} s | ${(r.settledMs / 1000).toFixed(2)} s | ${r.elements} | ${r.moving.p95Ms} ms | ${r.heapMb} MB |`,
  );
const graph = report.views.find((r) => r.view === "graph") as
  | { fitPercent?: number; zoom?: { p95Ms: number; maxMs: number; frames: number } }
  | undefined;
if (graph?.zoom)
  console.log(
    `graph zoom from its fit (${graph.fitPercent} %) to 100 % and back: p95 ${graph.zoom.p95Ms} ms, max ${graph.zoom.maxMs} ms over ${graph.zoom.frames} frames`,
  );
if (report.newTabs.length > 0)
  console.log(
    `graph at ${NEW_TAB_TASKS} tasks, first cards in a new tab: ${report.newTabs.join(", ")} ms (median ${median(report.newTabs)} ms)`,
  );
if (failures.length > 0) {
  console.error(`FAILED:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log(`every view holds at most ${MAX_ELEMENTS} elements (times reported, not judged)`);
