// The Gantt draws a plan wherever its dates lie: a 2001 plan imported from ProjectLibre, a project
// set to start in 2040, and a one-month plan that opens at the zoom fitting it, with its weekends
// shaded; at 1440 and 390 px. The plan file is read from ../shared/plan-samples (never copied in).
import { readFileSync } from "node:fs";
import { format, nextMonday } from "date-fns";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

const PROJECTLIBRE_2001 = readFileSync(
  new URL("../../shared/plan-samples/mspdi/projectlibre-new-product.xml", import.meta.url),
);

async function importPlan(context: BrowserContext, file: Buffer) {
  const response = await context.request.post("/api/projects/import?format=mspdi", {
    headers: { "content-type": "application/xml" },
    data: file,
  });
  if (response.status() !== 201)
    throw new Error(`import failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { project: { id: number; slug: string } }).project;
}

/** A chain of `count` scheduled tasks of `days` working days each, in a project starting on `start`. */
async function scheduledChain(
  context: BrowserContext,
  name: string,
  start: string,
  count: number,
  days: number,
) {
  const project = await createProjectViaApi(context, name);
  const calendar = await context.request.patch(`/api/projects/${project.id}`, { data: { startDate: start } });
  if (calendar.status() !== 200)
    throw new Error(`calendar failed: ${calendar.status()} ${await calendar.text()}`);
  let previous: { id: number } | null = null;
  for (let index = 1; index <= count; index += 1) {
    const task = await createTaskViaApi(context, project.id, `Step ${index}`, { duration: days });
    if (previous) await createDependencyViaApi(context, previous, task);
    previous = task;
  }
  return project;
}

/** The boxes of the bars that lie inside the chart's visible timeline (right of the task column). */
async function barsInView(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>("[data-gantt-scroll]");
    const column = document.querySelector<HTMLElement>("[data-gantt-row] > div");
    if (!scroller || !column) return -1;
    const view = scroller.getBoundingClientRect();
    const left = column.getBoundingClientRect().right;
    return [...document.querySelectorAll<HTMLElement>("[data-gantt-bar]")].filter((bar) => {
      const box = bar.getBoundingClientRect();
      return box.right > left && box.left < view.right;
    }).length;
  });
}

/** The header's column labels drawn in view (the chart draws only those). */
const headerLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-gantt-scroll] [title]")]
      .map((cell) => cell.textContent?.trim() ?? "")
      .filter(Boolean),
  );

const WIDTHS = [1440, 390] as const;

describe("the Gantt of a plan far from today", () => {
  for (const width of WIDTHS) {
    it(`opens a 2001 plan on its bars in the Weeks zoom at ${width} px`, async () => {
      const { context, page } = await signedInPage({ width, height: 900 });
      const project = await importPlan(context, PROJECTLIBRE_2001);
      await page.addInitScript(() => localStorage.setItem("gantt_zoom_level", "60"));
      await page.goto(`/projects/${project.slug}/gantt`);
      await expect.poll(() => page.locator("[data-gantt-scale]").textContent()).toBe("Weeks");
      await expect.poll(() => barsInView(page), { timeout: 15_000 }).toBeGreaterThan(0);
      // Today (2026) is on the same timeline, far to the right: the Today button still reaches it.
      await page.getByRole("button", { name: "Today", exact: true }).click();
      await expect.poll(() => page.locator("[data-gantt-today]").isVisible()).toBe(true);
      // The whole timeline is a few thousand columns, and only those in view are drawn.
      expect((await headerLabels(page)).length).toBeLessThan(80);
      await page.reload();
      await expect.poll(() => barsInView(page), { timeout: 15_000 }).toBeGreaterThan(0);
      await screenshot(page, `gantt-2001-plan-${width}`);

      // Names are drawn whole, inside a bar or beside it, never cut short.
      const cutNames = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("[data-gantt-bar] span")]
          .filter((span) => span.textContent && span.scrollWidth > span.clientWidth + 1)
          .map((span) => span.textContent),
      );
      expect(cutNames).toEqual([]);
      // Scrolled on, the arrows pass under the task column: its cells stay on top of them.
      await page.locator("[data-gantt-scroll]").evaluate((element) => {
        element.scrollLeft += 500;
      });
      const overColumn = await page.evaluate(() => {
        const cells = [...document.querySelectorAll<HTMLElement>("[data-gantt-row] > div:first-child")];
        return cells.filter((cell) => {
          const box = cell.getBoundingClientRect();
          if (box.bottom > window.innerHeight || box.top < 0) return false;
          // Left of the column's resize handle, which sits on its border.
          const hit = document.elementFromPoint(box.right - 12, box.top + box.height / 2);
          return hit !== null && !cell.contains(hit);
        }).length;
      });
      expect(overColumn).toBe(0);
      await screenshot(page, `gantt-2001-plan-scrolled-${width}`);
    });

    it(`draws a plan of 2040 inside its timeline, header and names kept, at ${width} px`, async () => {
      const { context, page } = await signedInPage({ width, height: 900 });
      const project = await scheduledChain(context, "Far future", "2040-03-05", 6, 10);
      await page.addInitScript(() => localStorage.setItem("gantt_zoom_level", "100"));
      await page.goto(`/projects/${project.slug}/gantt`);
      await expect.poll(() => page.locator("[data-gantt-scale]").textContent()).toBe("Days");
      await expect.poll(() => barsInView(page), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await headerLabels(page)).not.toEqual([]);

      // Scrolled to the very end: the last bar ends inside the timeline, and the header, the task
      // names and the grid are all still there.
      const scroller = page.locator("[data-gantt-scroll]");
      await scroller.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      const ends = await page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>("[data-gantt-scroll]")!;
        const content = scroller.firstElementChild!.getBoundingClientRect();
        const bars = [...document.querySelectorAll<HTMLElement>("[data-gantt-bar]")];
        return {
          content: content.right,
          furthest: Math.max(...bars.map((bar) => bar.getBoundingClientRect().right)),
        };
      });
      expect(ends.furthest).toBeLessThan(ends.content);
      expect(await page.getByRole("heading", { name: "Tasks (6)" }).isVisible()).toBe(true);
      const name = page.locator("[data-gantt-row] button span").filter({ hasText: /^Step 6$/ });
      expect(await name.isVisible()).toBe(true);
      await expect.poll(async () => (await headerLabels(page)).length).toBeGreaterThan(0);
      await screenshot(page, `gantt-2040-plan-end-${width}`);
      await page.reload();
      await expect.poll(() => barsInView(page), { timeout: 15_000 }).toBeGreaterThan(0);
      await screenshot(page, `gantt-2040-plan-${width}`);
    });
  }

  it("opens a one-month plan at the zoom that fits it, with its weekends shaded", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const project = await scheduledChain(
      context,
      "One month",
      format(nextMonday(new Date()), "yyyy-MM-dd"),
      4,
      5,
    );
    await page.goto(`/projects/${project.slug}/gantt`);
    await expect.poll(() => page.locator("[data-gantt-scale]").textContent()).toBe("Weeks");
    expect(await page.getByLabel("Zoom").inputValue()).toBe("60");
    // Four weeks of work: four weekends at least, each one shaded band.
    await expect.poll(() => page.locator("[data-gantt-off-day]").count()).toBeGreaterThanOrEqual(4);
    await expect.poll(() => barsInView(page)).toBe(4);
    await screenshot(page, "gantt-one-month-plan-1440");
    // Nothing stored until the user moves the slider.
    expect(await page.evaluate(() => localStorage.getItem("gantt_zoom_level"))).toBeNull();

    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    // A phone shows fewer days: the month fits the Months zoom.
    await expect.poll(() => page.locator("[data-gantt-scale]").textContent()).toBe("Months");
    await expect.poll(() => barsInView(page)).toBeGreaterThan(0);
    await screenshot(page, "gantt-one-month-plan-390");
  });
});
