// Benchmark of the dependency graph view: how long a big project takes to show, and how smooth the
// canvas stays while it is panned, zoomed and a card is dragged. Results go to docs/performance.md.
//
//   npx tsx bench/graph-render.bench.ts            # 100, 1,000 and 5,000 tasks
//   npx tsx bench/graph-render.bench.ts 1000       # one size only
//   npx tsx bench/graph-render.bench.ts --quick    # 100 tasks: that the graph draws at all (CI)
//
// It builds the client, starts the real app (e2e/fixtures startApp, PGlite in memory, API rate
// limit lifted), seeds each project through the API, and drives Debian's Chromium (playwright-core)
// at 1440 x 900. Frame times are requestAnimationFrame deltas sampled inside the page. A plan that
// opens drawn as shapes (fitted below 40 %, from 300 tasks) is zoomed in to its cards before the
// toggle, drag, pan and zoom are timed; its "first render" is then the shapes'.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { autoLayout } from "@core/graph/layout";
import type { BrowserContext, Page } from "playwright-core";
import { createProjectViaApi } from "../e2e/seeding";
import { withBrowserBench } from "./browser-bench";
import {
  emptyPanePoint,
  type FirstRender,
  firstRender,
  startSampling,
  stopSampling,
  TOGGLE_LATENCY,
  zoomToCards,
} from "./graph-bench-page";
import { median } from "./timing";

const QUICK = process.argv.includes("--quick");
const picked = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const SIZES = [
  { tasks: 100, dependencies: 150 },
  { tasks: 1000, dependencies: 1500 },
  { tasks: 5000, dependencies: 7500 },
].filter((size) => (QUICK ? size.tasks === 100 : picked.length === 0 || picked.includes(String(size.tasks))));
const NAVIGATIONS = 3;

/** A small seeded generator (mulberry32), so every run seeds the same graph. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the answers. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

async function post<T>(context: BrowserContext, url: string, data: unknown): Promise<T> {
  const response = await context.request.post(url, { data });
  if (response.status() !== 201) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A plan like people make: chains of dependent tasks across levels, a fifth of the tasks done,
 * every third with a description; laid out by auto-layout and saved in one request.
 */
async function seedProject(context: BrowserContext, size: { tasks: number; dependencies: number }) {
  const random = seededRandom(size.tasks);
  const project = await createProjectViaApi(context, `Bench ${size.tasks}`);
  const ids = await mapLimit([...Array(size.tasks).keys()], 8, async (index) => {
    const task = await post<{ id: number }>(context, `/api/projects/${project.id}/tasks`, {
      name: `Task ${index + 1}`,
      description:
        index % 3 === 0 ? "Check the numbers with finance, then write the summary for the team." : "",
      completed: random() < 0.2,
    });
    return task.id;
  });
  const pairs = new Set<string>();
  const dependencies: { sourceTaskId: number; targetTaskId: number }[] = [];
  // Tasks come in levels (25 for 1,000 tasks); each dependency joins a task to one of the level
  // before it, so auto-layout gives columns of about 40 cards, as a big plan has.
  const levels = Math.round(Math.sqrt(size.tasks) * 0.8);
  const perLevel = Math.ceil(size.tasks / levels);
  const pick = (level: number) => level * perLevel + Math.floor(random() * perLevel);
  // Every task past the first level waits for at least one task of the level before.
  const firstPass = [...Array(size.tasks - perLevel).keys()].map((index) => index + perLevel);
  while (dependencies.length < size.dependencies) {
    const target =
      firstPass.shift() ?? Math.min(size.tasks - 1, pick(1 + Math.floor(random() * (levels - 1))));
    const source = pick(Math.floor(target / perLevel) - 1);
    const key = `${source}>${target}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    dependencies.push({ sourceTaskId: ids[source], targetTaskId: ids[target] });
  }
  // One at a time: the server serialises dependency writes per project anyway.
  await mapLimit(dependencies, 1, (dependency) => post(context, "/api/dependencies", dependency));
  const positions = [...autoLayout(ids, dependencies)].map(([taskId, { x, y }]) => ({
    taskId,
    positionX: x,
    positionY: y,
  }));
  const saved = await context.request.put(`/api/projects/${project.id}/tasks/positions`, {
    data: { positions },
  });
  if (!saved.ok()) throw new Error(`positions: ${saved.status()} ${await saved.text()}`);
  return project;
}

const viewportTransform = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLElement>(".react-flow__viewport")?.style.transform);

async function pan(page: Page) {
  const before = await viewportTransform(page);
  const start = await emptyPanePoint(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 120; step++) {
    // Left and up for a second, then back: about two seconds of dragging.
    const phase = step <= 60 ? step : 120 - step;
    await page.mouse.move(start.x - phase * 8, start.y - phase * 3);
    if (step === 60 && (await viewportTransform(page)) === before) throw new Error("the canvas did not pan");
  }
  await page.mouse.up();
}

async function zoom(page: Page) {
  const box = (await page.locator(".react-flow").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (const [steps, delta] of [
    [15, -100],
    [30, 100],
    [15, -100],
  ] as const) {
    for (let step = 0; step < steps; step++) {
      await page.mouse.wheel(0, delta);
    }
  }
}

async function dragCard(page: Page) {
  const card = await page.evaluate(() => {
    const pane = document.querySelector(".react-flow__pane")?.getBoundingClientRect();
    if (!pane) throw new Error("no pane");
    for (const node of document.querySelectorAll(".react-flow__node")) {
      const box = node.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.bottom - 6;
      const inside = x > pane.left + 50 && x < pane.right - 300 && y > pane.top + 50 && y < pane.bottom - 250;
      if (inside && node.contains(document.elementFromPoint(x, y))) return { x, y };
    }
    throw new Error("no card in view");
  });
  await page.mouse.move(card.x, card.y);
  await page.mouse.down();
  for (let step = 1; step <= 60; step++) {
    await page.mouse.move(card.x + step * 3, card.y + step * 2);
  }
  await page.mouse.up();
}

async function measure(page: Page, action: (page: Page) => Promise<void>) {
  await page.waitForTimeout(500); // let the page settle after the previous step
  await startSampling(page);
  const began = Date.now();
  await action(page).catch(async (error) => {
    await page.screenshot({ path: "test-results/graph-bench-failure.png" });
    throw error;
  });
  const result = await stopSampling(page);
  return { ...result, durationMs: Date.now() - began };
}

async function toggleLatency(page: Page): Promise<number> {
  await page.waitForTimeout(500);
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) runs.push((await page.evaluate(TOGGLE_LATENCY)) as number);
  return Math.round(median(runs) * 10) / 10;
}

const { chromium, results } = await withBrowserBench(
  "graph-bench",
  { apiRateLimitPerMinute: 0 },
  async ({ browser, signedInBenchContext }) => {
    const results = [];
    for (const size of SIZES) {
      const { context } = await signedInBenchContext();
      const seedStart = Date.now();
      const project = await seedProject(context, size);
      console.error(
        `seeded ${size.tasks} tasks, ${size.dependencies} dependencies in ${Date.now() - seedStart} ms`,
      );
      const page = await context.newPage();
      const renders: FirstRender[] = [];
      for (let run = 0; run < NAVIGATIONS; run++) {
        renders.push(await firstRender(page, `/projects/${project.slug}/graph`));
      }
      await page.screenshot({ path: `test-results/graph-bench-${size.tasks}.png` });
      // A plan fitted below 40 % is drawn as shapes: the card tools are timed on its cards.
      if (renders[0].nodes === 0) await zoomToCards(page);
      const result = {
        ...size,
        firstRenderMs: renders.map((render) => Math.round(render.ms)),
        firstRenderMedianMs: Math.round(median(renders.map((render) => render.ms))),
        renderedNodes: renders[0].nodes,
        renderedEdges: renders[0].edges,
        toggleMs: await toggleLatency(page),
        drag: await measure(page, dragCard),
        pan: await measure(page, pan),
        zoom: await measure(page, zoom),
      };
      console.error(JSON.stringify(result));
      results.push(result);
      await context.close();
    }
    return { chromium: browser.version(), results };
  },
);

const machine = {
  date: new Date().toISOString(),
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  chromium,
};
mkdirSync("test-results", { recursive: true });
writeFileSync("test-results/graph-bench.json", JSON.stringify({ machine, results }, null, 2));
console.log(JSON.stringify(machine));
console.log(
  "| tasks | deps | first render (median of 3) | cards / arrows drawn | pan median / p95 / max | zoom median / p95 / max | drag median / p95 / max | complete toggle |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const frames = (f: { medianMs: number; p95Ms: number; maxMs: number }) =>
    `${f.medianMs} / ${f.p95Ms} / ${f.maxMs} ms`;
  console.log(
    `| ${r.tasks} | ${r.dependencies} | ${r.firstRenderMedianMs} ms (${r.firstRenderMs.join(", ")}) | ${r.renderedNodes} / ${r.renderedEdges} | ${frames(r.pan)} | ${frames(r.zoom)} | ${frames(r.drag)} | ${r.toggleMs} ms |`,
  );
}
