// The dependency graph of a 5,000-task plan (docs/spec/views.md, "The graph at scale"): fitted, it
// is too small to read, so it is drawn as shapes on one canvas and the page stays small; a click on
// a shape selects its task, hovering names it, a double click zooms in to its card, which is then
// a card again, selected. The list of the same plan holds only the rows in view.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dependencies, tasks } from "../server/db/schema";
import { screenshot, setupBrowserApp } from "./fixtures";
import { counter } from "./graph-fixtures";
import { seedLargePlan } from "./large-plan-seeding";
import { createProjectViaApi } from "./seeding";

const { app, signedInPage } = setupBrowserApp();

const TASKS = 5000;
/** At most this many elements in the page, whatever the plan's size. */
const MAX_ELEMENTS = 1500;
/** The grid the tasks are stored on: 100 columns 320 apart, rows 140 apart. */
const COLUMNS = 100;
const position = (index: number) => ({ x: (index % COLUMNS) * 320, y: Math.floor(index / COLUMNS) * 140 });

const elementsInPage = (page: Page) => page.evaluate(() => document.querySelectorAll("*").length);

/** The viewport's translate and scale, from xyflow's transform. */
async function viewport(page: Page) {
  const transform = await page
    .locator(".react-flow__viewport")
    .evaluate((element) => element.style.transform);
  const [x, y, zoom] = (transform.match(/-?[\d.]+(e-?\d+)?/g) ?? []).map(Number);
  const pane = await page.locator(".react-flow__pane").boundingBox();
  if (!pane) throw new Error("no pane");
  return { x, y, zoom, pane };
}

/** Where on the screen the middle of the `index`th task's card is drawn. */
async function screenPointOf(page: Page, index: number) {
  const { x, y, zoom, pane } = await viewport(page);
  const at = position(index);
  return { x: pane.x + x + (at.x + 110) * zoom, y: pane.y + y + (at.y + 40) * zoom };
}

describe("the graph and the list of a 5,000-task plan", () => {
  it("draws the fitted plan as shapes, selects one, names it and zooms in to its card", async () => {
    const { context, page } = await signedInPage();
    const project = await createProjectViaApi(context, "Programme");
    const { leaves } = await seedLargePlan(app, project.id, { tasks: TASKS });
    const { db } = app.database;
    // A grid of stored positions, and a chain along each row of the grid.
    await db.execute(sql`
      update ${tasks} set position_x = ((t.n - 1) % ${COLUMNS}) * 320, position_y = ((t.n - 1) / ${COLUMNS}) * 140
      from (select id, row_number() over (order by "order") as n from ${tasks} where project_id = ${project.id}) t
      where ${tasks.id} = t.id`);
    const links = leaves.flatMap((leaf, index) =>
      index % COLUMNS === COLUMNS - 1 || index + 1 >= leaves.length
        ? []
        : [{ projectId: project.id, sourceTaskId: leaf.id, targetTaskId: leaves[index + 1].id }],
    );
    for (let at = 0; at < links.length; at += 1000)
      await db.insert(dependencies).values(links.slice(at, at + 1000));

    await page.goto(`/projects/${project.slug}/graph`);
    const shapes = page.locator("canvas.graph-shapes");
    await shapes.waitFor();
    expect(await shapes.getAttribute("data-shapes")).toBe(String(TASKS));
    const zoom = Number((await page.getByLabel("Zoom level").textContent())?.replace("%", ""));
    expect(zoom).toBeLessThan(40);
    // No card is drawn as a card: the page is the canvas, its tools and the minimap.
    expect(await page.locator(".react-flow__node:visible").count()).toBe(0);
    expect(await elementsInPage(page)).toBeLessThanOrEqual(MAX_ELEMENTS);
    await screenshot(page, "graph-at-scale-shapes");

    // In the dark theme the canvas paints the same shapes in the theme's colours (plan-painter.ts
    // reads them from the page): the pixels under a shape change, and no card is drawn meanwhile.
    const shapePoint = await screenPointOf(page, 0);
    const pixelAt = (at: { x: number; y: number }) =>
      shapes.evaluate((canvas, point) => {
        const box = canvas.getBoundingClientRect();
        const scale = (canvas as HTMLCanvasElement).width / box.width;
        const context = (canvas as HTMLCanvasElement).getContext("2d");
        const x = Math.round((point.x - box.left) * scale);
        const y = Math.round((point.y - box.top) * scale);
        return [...(context?.getImageData(x, y, 1, 1).data ?? [])].join(",");
      }, at);
    const lightPixel = await pixelAt(shapePoint);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(true);
    await expect.poll(() => pixelAt(shapePoint)).not.toBe(lightPixel);
    await screenshot(page, "graph-at-scale-shapes-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => pixelAt(shapePoint)).toBe(lightPixel);

    // Hovering a shape names its task; a click selects it.
    const target = 2 * COLUMNS + 7; // Task 208
    const point = await screenPointOf(page, target);
    await page.mouse.move(point.x, point.y);
    await expect.poll(() => page.getByRole("tooltip").textContent()).toBe(`Task ${target + 1}`);
    await page.mouse.click(point.x, point.y);
    await expect.poll(() => counter(page)).toBe("1 task, 0 connections selected");

    // A double click zooms in to its card, selected, drawn as a card again.
    await page.mouse.dblclick(point.x, point.y);
    const card = page.locator(`[data-testid="rf__node-${leaves[target].id}"]`);
    await card.waitFor({ state: "visible" });
    await expect.poll(() => card.locator(".task-node").getAttribute("class")).toContain("is-selected");
    expect(await shapes.count()).toBe(0);
    expect(await page.getByLabel("Zoom level").textContent()).toBe("100%");
    expect(await elementsInPage(page)).toBeLessThanOrEqual(MAX_ELEMENTS);
    await screenshot(page, "graph-at-scale-card");

    // The list of the same plan draws the rows in view only.
    await page.goto(`/projects/${project.slug}/list`);
    await page.locator('ul[aria-label="Tasks"] > li').first().waitFor();
    expect(await elementsInPage(page)).toBeLessThanOrEqual(MAX_ELEMENTS);
  });
});
