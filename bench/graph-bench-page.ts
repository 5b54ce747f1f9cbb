// The page side of bench/graph-render.bench.ts: what is measured inside Chromium.
import type { Page } from "playwright-core";

export type FirstRender = { ms: number; nodes: number; edges: number };

/**
 * From navigation start to the graph fitted and every rendered card measured and visible, or, for a
 * plan fitted below the zoom where cards are read, drawn as shapes (no card then).
 */
export async function firstRender(page: Page, url: string): Promise<FirstRender> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    () => {
      if (document.querySelector("canvas.graph-shapes")) return { ms: performance.now(), nodes: 0, edges: 0 };
      const viewport = document.querySelector<HTMLElement>(".react-flow__viewport");
      const nodes = document.querySelectorAll<HTMLElement>(".react-flow__node");
      if (!viewport || nodes.length === 0) return false;
      if (viewport.style.transform === "translate(0px, 0px) scale(1)") return false; // not fitted yet
      for (const node of nodes) if (node.style.visibility === "hidden") return false; // not measured
      const edges = document.querySelectorAll(".react-flow__edge").length;
      return { ms: performance.now(), nodes: nodes.length, edges };
    },
    null,
    { polling: "raf", timeout: 120_000 },
  );
  return (await handle.jsonValue()) as FirstRender;
}

type Sampler = { frames: number[]; long: number[]; sampling: boolean };

// Plain JavaScript, not a function: tsx would wrap named inner functions in a helper the page lacks.
const START_SAMPLING = `(() => {
  const sampler = { frames: [], long: [], sampling: true };
  window.sampler = sampler;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) sampler.long.push(entry.duration);
  }).observe({ type: "longtask" });
  let last = 0;
  const loop = (now) => {
    if (last) sampler.frames.push(now - last);
    last = now;
    if (sampler.sampling) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})()`;

export async function startSampling(page: Page) {
  await page.evaluate(START_SAMPLING);
}

export async function stopSampling(page: Page) {
  const { frames, long } = await page.evaluate(() => {
    const sampler = (window as unknown as { sampler: Sampler }).sampler;
    sampler.sampling = false;
    return { frames: sampler.frames, long: sampler.long };
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    frames: frames.length,
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    over50Ms: frames.filter((frame) => frame > 50).length,
    longTasks: long.length,
    longestTaskMs: round(Math.max(0, ...long)),
  };
}

/** A point of the canvas where nothing but the pane is under the pointer. */
export async function emptyPanePoint(page: Page) {
  return page.evaluate(() => {
    const pane = document.querySelector(".react-flow__pane")?.getBoundingClientRect();
    if (!pane) throw new Error("no pane");
    for (let y = pane.top + 40; y < pane.bottom - 40; y += 20) {
      for (let x = pane.left + 40; x < pane.right - 260; x += 20) {
        if (document.elementFromPoint(x, y)?.classList.contains("react-flow__pane")) return { x, y };
      }
    }
    throw new Error("no empty spot on the pane");
  });
}

/**
 * Input goes as fast as the browser takes it: each mouse event waits for the page to handle it,
 * so a step lasts about a frame when the page keeps up and longer when it does not.
 */
// From a click on a card's complete toggle to its header reading Completed (painted frame after).
export const TOGGLE_LATENCY = `new Promise((resolve, reject) => {
  const box = document.querySelector(".react-flow__pane").getBoundingClientRect();
  const toggle = [...document.querySelectorAll('.react-flow__node [role="checkbox"][aria-checked="false"]')].find(
    (button) => {
      const rect = button.getBoundingClientRect();
      return rect.top > box.top && rect.bottom < box.bottom && rect.left > box.left && rect.right < box.right;
    },
  );
  if (!toggle) return reject(new Error("no open task in view"));
  const status = toggle.closest(".task-node").querySelector(".task-node__status");
  const started = performance.now();
  toggle.click();
  const check = () => {
    if (status.textContent === "Completed") requestAnimationFrame(() => resolve(performance.now() - started));
    else requestAnimationFrame(check);
  };
  check();
})`;

/** Zooms in with the wheel at the pane's centre until cards are drawn as cards (a big plan opens as shapes). */
export async function zoomToCards(page: Page) {
  const pane = await page.locator(".react-flow__pane").boundingBox();
  if (!pane) throw new Error("no pane");
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  for (let step = 0; step < 100 && (await page.locator("canvas.graph-shapes").count()) > 0; step++) {
    await page.mouse.wheel(0, -120);
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  await page.locator(".react-flow__node").first().waitFor();
}
