// Benchmark of the client bundle: the JavaScript a first visit to `/` downloads, and which chunks
// each project view adds when it opens. Results go to docs/performance.md.
//
//   npx tsx bench/bundle.bench.ts            # the full run
//   npx tsx bench/bundle.bench.ts --quick    # the same checks (the run is already cheap), for CI
//
// It builds the client into a folder of its own, starts the real app on it (e2e/fixtures startApp,
// PGlite in memory) and drives Debian's Chromium (playwright-core), recording every JavaScript
// response. Sizes are measured here (gzip level 9 of each body, node:zlib), so they do not depend
// on whether the server compressed the response. It exits non-zero when the landing page's JavaScript
// is over its budget or when the graph's (@xyflow/react) or the kanban's (@dnd-kit) code is
// downloaded before a view that needs it opens.
import { mkdirSync, writeFileSync } from "node:fs";
import { constants, gzipSync } from "node:zlib";
import type { Page, Response } from "playwright-core";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "../e2e/seeding";
import { withBrowserBench } from "./browser-bench";

/** Landing page budget (docs/performance.md): gzip JavaScript downloaded by a first visit to `/`. */
const LANDING_BUDGET_BYTES = 200 * 1000;

/**
 * Strings that survive minification and are found only in one library's code: xyflow's class
 * names, dnd-kit's accessibility ids, TanStack Virtual's public method.
 */
const LIBRARIES = {
  "@xyflow/react": "react-flow__",
  "@dnd-kit": "DndDescribedBy",
  "@tanstack/react-virtual": "getVirtualItems",
} as const;
type Library = keyof typeof LIBRARIES;

/** The views that may download each library: before one of them opens, it must not be loaded. */
const NEEDED_BY: Record<Library, string[]> = {
  "@xyflow/react": ["graph"],
  "@dnd-kit": ["kanban"],
  "@tanstack/react-virtual": ["list", "gantt"],
};
/** Only these are budget failures; TanStack Virtual is small and reported for information. */
const ENFORCED: Library[] = ["@xyflow/react", "@dnd-kit"];

type Chunk = {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** What the server sent it with: "gzip", "br" or "" (uncompressed). */
  contentEncoding: string;
  libraries: Library[];
};
type Step = { name: string; chunks: Chunk[] };

const quick = process.argv.includes("--quick");

/** Records every JavaScript response of the page, and knows when the downloads have settled. */
function recordScripts(page: Page) {
  let chunks: Chunk[] = [];
  const pending = new Set<Promise<void>>();
  let lastActivity = Date.now();
  const isScript = (response: Response) =>
    response.request().resourceType() === "script" || new URL(response.url()).pathname.endsWith(".js");
  page.on("request", (request) => {
    if (request.resourceType() === "script") lastActivity = Date.now();
  });
  page.on("response", (response) => {
    if (!isScript(response)) return;
    lastActivity = Date.now();
    const reading = (async () => {
      const body = await response.body();
      const text = body.toString("utf8");
      chunks.push({
        file: new URL(response.url()).pathname,
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
        contentEncoding: (await response.headerValue("content-encoding")) ?? "",
        libraries: (Object.keys(LIBRARIES) as Library[]).filter((library) =>
          text.includes(LIBRARIES[library]),
        ),
      });
      lastActivity = Date.now();
    })();
    pending.add(reading);
    void reading.finally(() => pending.delete(reading));
  });
  return {
    /** Waits until no script has been requested or answered for `quietMs`, then hands the chunks over. */
    async settle(quietMs = 750): Promise<Chunk[]> {
      while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
        await Promise.all(pending);
        await page.waitForTimeout(100);
      }
      const taken = chunks.sort((a, b) => a.file.localeCompare(b.file));
      chunks = [];
      return taken;
    },
  };
}

const sum = (chunks: Chunk[], key: "rawBytes" | "gzipBytes") =>
  chunks.reduce((total, chunk) => total + chunk[key], 0);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const steps: Step[] = [];
const chromium = await withBrowserBench(
  "bundle-bench",
  {},
  async ({ browser, newBenchContext, signedInBenchContext }) => {
    // (a) A first visit to the landing page, signed out, with an empty cache.
    {
      const context = await newBenchContext();
      const page = await context.newPage();
      const scripts = recordScripts(page);
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      steps.push({ name: "landing /", chunks: await scripts.settle() });
      await context.close();
    }

    // (b) Signed in: a project's list, then each heavy view in turn, switched with the view tabs.
    {
      const { context } = await signedInBenchContext();
      const project = await createProjectViaApi(context, "Bundle bench");
      const first = await createTaskViaApi(context, project.id, "Draft the plan", {
        startDate: "2026-01-05",
        endDate: "2026-01-09",
      });
      const second = await createTaskViaApi(context, project.id, "Review the plan", {
        startDate: "2026-01-12",
        endDate: "2026-01-16",
      });
      await createDependencyViaApi(context, first, second);
      const page = await context.newPage();
      const scripts = recordScripts(page);
      await page.goto(`/projects/${project.slug}/list`);
      await page.getByText("Review the plan").first().waitFor();
      steps.push({ name: "list (signed in, empty cache)", chunks: await scripts.settle() });
      const tabs = page.getByRole("navigation", { name: "Project views" });
      for (const [view, label] of [
        ["graph", "Graph"],
        ["gantt", "Gantt"],
        ["kanban", "Kanban"],
      ] as const) {
        await tabs.getByRole("link", { name: label, exact: true }).click();
        await page.waitForURL(`**/projects/${project.slug}/${view}`);
        await page.getByText("Review the plan").first().waitFor();
        steps.push({ name: view, chunks: await scripts.settle() });
      }
      await context.close();
    }
    return browser.version();
  },
);

// Checks: the landing budget, and no heavy library before the view that needs it.
const failures: string[] = [];
const landing = steps[0];
const landingGzip = sum(landing.chunks, "gzipBytes");
if (landingGzip > LANDING_BUDGET_BYTES)
  failures.push(
    `landing page downloads ${kb(landingGzip)} of gzip JavaScript (budget ${kb(LANDING_BUDGET_BYTES)})`,
  );
const viewOf = (step: Step) => step.name.split(" ")[0];
const libraryLoads: Record<string, string | null> = {};
for (const library of Object.keys(LIBRARIES) as Library[]) {
  const at = steps.find((step) => step.chunks.some((chunk) => chunk.libraries.includes(library)));
  libraryLoads[library] = at ? at.name : null;
  if (at && !NEEDED_BY[library].includes(viewOf(at))) {
    const message = `${library} is downloaded at "${at.name}", before ${NEEDED_BY[library].join(" or ")} opens`;
    if (ENFORCED.includes(library)) failures.push(message);
    else console.error(`note: ${message}`);
  }
}

console.log(
  `\nClient bundle${quick ? " (quick)" : ""}: JavaScript downloaded at each step (gzip level 9, measured here)\n`,
);
console.log("| step | new chunks | raw | gzip | sent as | libraries |");
console.log("|---|---|---|---|---|---|");
for (const step of steps) {
  const encodings = [...new Set(step.chunks.map((chunk) => chunk.contentEncoding || "identity"))].join(", ");
  const libraries = [...new Set(step.chunks.flatMap((chunk) => chunk.libraries))].join(", ") || "-";
  console.log(
    `| ${step.name} | ${step.chunks.length} | ${kb(sum(step.chunks, "rawBytes"))} | ${kb(sum(step.chunks, "gzipBytes"))} | ${encodings || "-"} | ${libraries} |`,
  );
}
console.log("\nChunks:");
for (const step of steps) {
  for (const chunk of step.chunks)
    console.log(
      `  ${step.name.padEnd(30)} ${chunk.file.padEnd(44)} ${kb(chunk.rawBytes).padStart(10)} ${kb(chunk.gzipBytes).padStart(10)}`,
    );
}
console.log(`\nLanding page: ${kb(landingGzip)} gzip JavaScript, budget ${kb(LANDING_BUDGET_BYTES)}.`);

mkdirSync("test-results", { recursive: true });
writeFileSync(
  "test-results/bundle-bench.json",
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      chromium,
      quick,
      landingBudgetBytes: LANDING_BUDGET_BYTES,
      landingGzipBytes: landingGzip,
      libraryLoads,
      steps: steps.map((step) => ({
        ...step,
        rawBytes: sum(step.chunks, "rawBytes"),
        gzipBytes: sum(step.chunks, "gzipBytes"),
      })),
      failures,
    },
    null,
    2,
  )}\n`,
);

if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(1);
}
console.log("Budgets met.");
process.exit(0);
