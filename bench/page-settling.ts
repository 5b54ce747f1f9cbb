// Waiting for a page to settle, for the browser benchmarks: frames over 50 ms are watched from the
// page's first script on, and a page has settled once a quiet spell has passed without one.
import type { Page } from "playwright-core";

// Plain JavaScript for the page: tsx would wrap named inner functions in a helper the page lacks.
const WATCH_FRAMES = `(() => {
  const watch = { long: [], last: 0 };
  window.frameWatch = watch;
  const loop = (now) => {
    if (watch.last && now - watch.last > 50) watch.long.push(now);
    watch.last = now;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})()`;

/** Starts watching the page's frames (call it right after the navigation commits). */
export async function watchFrames(page: Page): Promise<void> {
  await page.evaluate(WATCH_FRAMES);
}

/**
 * Waits until `quietMs` have passed without a frame over 50 ms (watchFrames first), and answers the
 * page's time of the last such frame (0 when there was none).
 */
export async function lastLongFrame(page: Page, quietMs: number): Promise<number> {
  const settled = await page.waitForFunction(
    (quiet) => {
      const watch = (window as unknown as { frameWatch: { long: number[]; last: number } }).frameWatch;
      const lastLong = watch.long[watch.long.length - 1] ?? 0;
      return performance.now() - lastLong > quiet && watch.last > lastLong ? { lastLong } : false;
    },
    quietMs,
    { polling: 100, timeout: 180_000 },
  );
  return ((await settled.jsonValue()) as { lastLong: number }).lastLong;
}
