// Keyboard and pictures (docs/performance.md, "Keyboard and pictures"): the command palette opened
// with Ctrl+K on a big plan, and the Gantt chart and the graph saved as PNG, in Chromium at
// 1440 x 900 on the real app (bench/browser-bench.ts).
// - Palette: on a scheduled plan of PALETTE_TASKS tasks (bench/seed.ts), its list and its graph are
//   opened and left to settle, then Ctrl+K is pressed OPENINGS times, Escape closing it between.
//   Timed in the page from the keydown's own time stamp to the dialog in the page with the focus in
//   its input (a MutationObserver and focusin), and to the end of the frame that draws it (a
//   message posted from the next requestAnimationFrame). Counted: the requests sent from the key
//   until 400 ms after the palette is open (more than the search's debounce), which must be none.
// - Pictures: on a plan of PICTURE_TASKS tasks, "Save as PNG" from the header's Print and export
//   menu, PICTURE_RUNS times in each chart: from the menu item's click to the download's link
//   clicked, in the page; beside it the app's own measure (`picture:<file>`, from the choice to
//   the download). Checked: a PNG named after the project and the chart, no failure shown.
//
//   npx tsx bench/keyboard-and-pictures.bench.ts             # 20,000 tasks; 1,000 for the pictures
//   npx tsx bench/keyboard-and-pictures.bench.ts --quick     # 1,000 and 200, 5 openings, 1 picture each
//   npx tsx bench/keyboard-and-pictures.bench.ts --postgres  # PGlite, then PostgreSQL (DATABASE_URL or local)
//
// BENCH_SIZES sets the palette's plan, BENCH_RUNS the pictures' runs. Judged in both modes: every
// opening shows the palette with its input focused, no request on opening, every picture a PNG.
// Judged in full mode only (the issue's targets): the palette drawn within 100 ms of the key at
// p95, the graph's PNG under 5 s at p95. Results: test-results/keyboard-and-pictures.json.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { users } from "../server/db/schema";
import { withBrowserBench } from "./browser-bench";
import { clientBuild } from "./client-build";
import { lastLongFrame, watchFrames } from "./page-settling";
import { finishReport, type Row } from "./report";
import { seedScheduledProject } from "./seed";
import { enginesToRun } from "./server-harness";
import { quick, sizeSetting } from "./settings";
import { percentile, round } from "./timing";

const PALETTE_TASKS = sizeSetting(1_000, 20_000);
const PICTURE_TASKS = quick ? 200 : 1_000;
const OPENINGS = quick ? 5 : 20;
const PICTURE_RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 5));
/** The issue's targets, judged in full mode. */
const PALETTE_BUDGET_MS = 100;
const GRAPH_PNG_BUDGET_MS = 5_000;
/** Longer than the search's debounce (150 ms): a search sent by opening would be counted. */
const QUIET_AFTER_OPEN_MS = 400;
const MENU = "Print and export";

const VIEWS = [
  { name: "list", content: 'ul[aria-label="Tasks"] > li' },
  { name: "graph", content: ".react-flow__node, canvas.graph-shapes" },
  { name: "gantt", content: "[data-gantt-bar]" },
] as const;
type ViewName = (typeof VIEWS)[number]["name"];

// Plain JavaScript for the page: tsx would wrap named inner functions in a helper the page lacks.
// The next opening: the keydown's time stamp (when the browser took the key), the palette in the
// page with the focus in its input, and the end of the frame that draws it.
const WATCH_PALETTE = `(() => {
  window.paletteOpening = new Promise((resolve, reject) => {
    let keyAt = null;
    let handledAt = null;
    let done = false;
    const onKey = (event) => {
      if (keyAt !== null || !event.ctrlKey || event.key.toLowerCase() !== "k") return;
      keyAt = event.timeStamp;
      handledAt = performance.now();
    };
    const opened = () => {
      const input = document.querySelector('[role="dialog"] [cmdk-input]');
      if (!input || document.activeElement !== input) return null;
      const dialog = input.closest('[role="dialog"]');
      const box = dialog.getBoundingClientRect();
      return box.width > 0 && box.height > 0 ? dialog : null;
    };
    const check = () => {
      if (done || keyAt === null) return;
      const dialog = opened();
      if (!dialog) return;
      done = true;
      const shownAt = performance.now();
      observer.disconnect();
      document.removeEventListener("focusin", check, true);
      window.removeEventListener("keydown", onKey, true);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({ keyAt, handledAt, shownAt, drawnAt: performance.now(), elements: dialog.querySelectorAll("*").length });
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener("focusin", check, true);
    window.addEventListener("keydown", onKey, true);
    setTimeout(() => done || reject(new Error("the palette did not open within 10 s")), 10000);
  });
})()`;

// The next picture: the menu item's click and the download's link clicked (picture-files.ts).
const WATCH_PICTURE = `(() => {
  window.pictureSaving = new Promise((resolve, reject) => {
    let clickAt = null;
    const onClick = (event) => {
      const target = event.target;
      if (target instanceof HTMLAnchorElement && target.download) {
        document.removeEventListener("click", onClick, true);
        resolve({ clickAt, downloadAt: performance.now(), file: target.download });
      } else if (clickAt === null && target.closest && target.closest('[role="menuitem"]')) {
        clickAt = event.timeStamp;
      }
    };
    document.addEventListener("click", onClick, true);
    setTimeout(() => reject(new Error("no download within 180 s")), 180000);
  });
})()`;

type Opening = { keyAt: number; handledAt: number; shownAt: number; drawnAt: number; elements: number };
type Saving = { clickAt: number | null; downloadAt: number; file: string };

const inPage = <T>(page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, Promise<unknown>>)[key], name) as Promise<T>;

/** Opens `url` from the projects page and waits for its content, then for a second without a long frame. */
async function openSettled(page: Page, url: string, content: string) {
  await page.goto("/projects", { waitUntil: "load" });
  await page.goto(url, { waitUntil: "commit" });
  await watchFrames(page);
  await page.locator(content).first().waitFor({ timeout: 180_000 });
  await lastLongFrame(page, 1000);
}

const summary = (values: number[]) => ({
  "p50 ms": round(percentile(values, 50), 1),
  "p95 ms": round(percentile(values, 95), 1),
  "max ms": round(Math.max(...values), 1),
});

/** The openings' p50 from the key to its handler (the page busy), to the palette shown, to its frame's end. */
const parts = (openings: Opening[]) =>
  [
    `key to handler ${round(
      percentile(
        openings.map((each) => each.handledAt - each.keyAt),
        50,
      ),
      1,
    )} ms`,
    `handler to shown ${round(
      percentile(
        openings.map((each) => each.shownAt - each.handledAt),
        50,
      ),
      1,
    )} ms`,
    `shown to drawn ${round(
      percentile(
        openings.map((each) => each.drawnAt - each.shownAt),
        50,
      ),
      1,
    )} ms`,
  ].join(", ");

/** Ctrl+K OPENINGS times on the open view, Escape between; the times and the requests of each. */
async function timePalette(page: Page, requests: string[]) {
  const openings: (Opening & { requests: string[] })[] = [];
  for (let run = 0; run < OPENINGS; run++) {
    await page.evaluate(WATCH_PALETTE);
    const before = requests.length;
    await page.keyboard.press("Control+k");
    const opening = await inPage<Opening>(page, "paletteOpening");
    await page.waitForTimeout(QUIET_AFTER_OPEN_MS);
    openings.push({ ...opening, requests: requests.slice(before) });
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), null, { timeout: 10_000 });
    await page.waitForTimeout(300); // the focus goes back when the closing animation ends
  }
  return openings;
}

/** PNG's signature, and the width and height its header gives (IHDR, after the 8-byte signature). */
function pngSize(file: Buffer) {
  if (file.subarray(1, 4).toString("latin1") !== "PNG") return null;
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

/** "Save as PNG" of the open chart PICTURE_RUNS times; each run's times and what was saved. */
async function timePictures(page: Page, slug: string, chart: ViewName, problems: string[]) {
  const runs: {
    clickToDownloadMs: number;
    measuredMs: number;
    bytes: number;
    width: number;
    height: number;
    reduced: boolean;
  }[] = [];
  // The toast's words when the PNG was drawn smaller than twice the SVG (chart-export-menu.tsx).
  const reducedToasts = page.getByText("It was made smaller to fit");
  const menuButton = page.getByRole("button", { name: MENU });
  for (let run = 0; run < PICTURE_RUNS; run++) {
    await menuButton.click();
    await page.evaluate(WATCH_PICTURE);
    const downloaded = page.waitForEvent("download", { timeout: 180_000 });
    await page.getByRole("menuitem", { name: "Save as PNG" }).click();
    const saving = await inPage<Saving>(page, "pictureSaving");
    const download = await downloaded;
    const expected = `${slug}-${chart}.png`;
    if (download.suggestedFilename() !== expected)
      problems.push(`${chart}: saved ${download.suggestedFilename()}, not ${expected}`);
    const file = readFileSync((await download.path()) as string);
    const size = pngSize(file);
    if (!size) problems.push(`${chart}: the file saved is not a PNG`);
    const measuredMs = await page.evaluate(
      (name) => performance.getEntriesByName(`picture:${name}`).at(-1)?.duration ?? null,
      saving.file,
    );
    if (measuredMs === null) problems.push(`${chart}: no picture:${saving.file} measure`);
    if (saving.clickAt === null) problems.push(`${chart}: the menu item's click was not seen`);
    await page.waitForFunction(
      (label) => !document.querySelector(`button[aria-label="${label}"][aria-busy="true"]`),
      MENU,
    );
    if ((await page.getByText("Failed to save the picture").count()) > 0)
      problems.push(`${chart}: the page says it failed to save the picture`);
    runs.push({
      clickToDownloadMs: saving.downloadAt - (saving.clickAt ?? saving.downloadAt),
      measuredMs: measuredMs ?? Number.NaN,
      bytes: file.length,
      width: size?.width ?? 0,
      height: size?.height ?? 0,
      // One toast at a time (use-toast.ts), this picture's once it is no longer busy.
      reduced: (await reducedToasts.count()) > 0,
    });
    await page.waitForTimeout(500);
  }
  return runs;
}

const build = clientBuild("keyboard-and-pictures-bench");
const rows: Row[] = [];
const problems: string[] = [];
const loads: Record<string, number[]> = {};
const givenDatabaseUrl = process.env.DATABASE_URL;
try {
  for (const engine of enginesToRun()) {
    // The app the browser benchmarks start reads DATABASE_URL: PostgreSQL with it, PGlite without.
    if (engine.serverUrl) process.env.DATABASE_URL = engine.serverUrl;
    else delete process.env.DATABASE_URL;
    const label = engine.kind === "postgres" ? "PostgreSQL" : "PGlite";
    loads[label] = [round(loadavg()[0])];
    await withBrowserBench(
      "keyboard-and-pictures-bench",
      { apiRateLimitPerMinute: 0 },
      async ({ app, signedInBenchContext }) => {
        const { context, account } = await signedInBenchContext();
        const { db } = app.database;
        const [owner] = await db.select().from(users).where(eq(users.email, account.email));
        const page = await context.newPage();
        const requests: string[] = [];
        page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));

        const big = await seedScheduledProject(db, {
          tasks: PALETTE_TASKS,
          owner,
          members: 0,
          dependencyRatio: 1.1,
        });
        // The server's copy of the plan is made by a first read, as for any project opened before.
        await context.request.get(`/api/projects/${big.project.id}`);
        for (const view of VIEWS.filter((each) => each.name !== "gantt")) {
          await openSettled(page, `/projects/${big.project.slug}/${view.name}`, view.content);
          const openings = await timePalette(page, requests);
          const sent = openings.flatMap((opening) => opening.requests);
          if (sent.length > 0)
            problems.push(
              `${label} ${view.name}: opening the palette sent ${sent.length}: ${sent.slice(0, 3)}`,
            );
          const common = { engine: label, view: view.name, tasks: PALETTE_TASKS, runs: openings.length };
          const requestsNote = `requests on opening: ${sent.length}`;
          rows.push({
            ...common,
            what: "Ctrl+K: palette in the page, input focused",
            ...summary(openings.map((opening) => opening.shownAt - opening.keyAt)),
            notes: `${requestsNote}; ${openings[0].elements} elements in the dialog`,
          });
          const drawn = openings.map((opening) => opening.drawnAt - opening.keyAt);
          rows.push({
            ...common,
            what: "Ctrl+K: palette drawn",
            ...summary(drawn),
            notes: `target ${PALETTE_BUDGET_MS} ms; p50 of its parts: ${parts(openings)}`,
          });
          if (!quick && percentile(drawn, 95) > PALETTE_BUDGET_MS)
            problems.push(
              `${label} ${view.name}: palette drawn at p95 ${round(percentile(drawn, 95), 1)} ms, over ${PALETTE_BUDGET_MS} ms`,
            );
        }

        const small = await seedScheduledProject(db, {
          tasks: PICTURE_TASKS,
          owner,
          members: 0,
          dependencyRatio: 1.1,
        });
        await context.request.get(`/api/projects/${small.project.id}`);
        for (const view of VIEWS.filter((each) => each.name !== "list")) {
          await openSettled(page, `/projects/${small.project.slug}/${view.name}`, view.content);
          const runs = await timePictures(page, small.project.slug, view.name, problems);
          const times = runs.map((run) => run.clickToDownloadMs);
          const last = runs[runs.length - 1];
          rows.push({
            engine: label,
            view: view.name,
            tasks: PICTURE_TASKS,
            runs: runs.length,
            what: "Save as PNG: click to download",
            ...summary(times),
            notes: `app's measure p50 ${round(
              percentile(
                runs.map((run) => run.measuredMs),
                50,
              ),
              0,
            )} ms; ${last.width} x ${last.height} px, ${round(last.bytes / 1e6, 1)} MB${last.reduced ? " (made smaller to fit)" : ""}${view.name === "graph" ? `; target ${GRAPH_PNG_BUDGET_MS} ms` : ""}`,
          });
          if (!quick && view.name === "graph" && percentile(times, 95) > GRAPH_PNG_BUDGET_MS)
            problems.push(
              `${label} graph: PNG at p95 ${round(percentile(times, 95), 0)} ms, over ${GRAPH_PNG_BUDGET_MS} ms`,
            );
        }
        await context.close();
      },
    );
    loads[label].push(round(loadavg()[0]));
    console.log(`${label}: load average ${loads[label].join(" before, ")} after`);
  }
} finally {
  if (givenDatabaseUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = givenDatabaseUrl;
  build.cleanUp();
}

finishReport("keyboard-and-pictures", rows, problems, {
  paletteTasks: PALETTE_TASKS,
  pictureTasks: PICTURE_TASKS,
  openings: OPENINGS,
  pictureRuns: PICTURE_RUNS,
  loadAverage: loads,
});
