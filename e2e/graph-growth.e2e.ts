// The graph as a plan grows: fitted again when new cards fall outside the view (unless the user
// has zoomed or panned), and scheduled cards show their dates.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { card, openGraph } from "./graph-fixtures";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

const zoomPercent = async (page: Page) =>
  Number((await page.getByLabel("Zoom level").textContent())?.replace("%", ""));

/** Whether every card lies inside the canvas. */
const allCardsInView = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector(".react-flow")?.getBoundingClientRect();
    if (!canvas) return false;
    return [...document.querySelectorAll(".react-flow__node")].every((node) => {
      const box = node.getBoundingClientRect();
      return box.left >= canvas.left - 1 && box.right <= canvas.right + 1;
    });
  });

describe("the graph as the plan grows", () => {
  it("fits the plan again when 14 tasks are added past the view, and shows a scheduled card's dates", async () => {
    const { context, page } = await signedInPage({ width: 1280, height: 800 });
    const project = await createProjectViaApi(context, "Office move");
    await context.request.patch(`/api/projects/${project.id}`, { data: { startDate: "2026-03-02" } });
    await createTaskViaApi(context, project.id, "Pack boxes", { duration: 3, positionX: 0, positionY: 0 });
    await openGraph(page, project.slug, "Pack boxes");
    // Scheduled: Monday March 2 to Wednesday March 4.
    expect(await card(page, "Pack boxes").locator("[data-card-dates]").textContent()).toMatch(
      /^Mar 2(, 2026)? – Mar 4(, 2026)?$/,
    );
    await expect.poll(() => zoomPercent(page)).toBe(200);

    // Someone adds 14 tasks in a row: the view follows, zoomed out to show them all.
    for (let index = 1; index <= 14; index += 1) {
      await createTaskViaApi(context, project.id, `Step ${index}`, { positionX: index * 380, positionY: 0 });
    }
    await expect.poll(() => card(page, "Step 14").count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => zoomPercent(page), { timeout: 5000 }).toBeLessThan(100);
    await expect.poll(() => allCardsInView(page), { timeout: 5000 }).toBe(true);
    await screenshot(page, "graph-grown-fitted");

    // Once the user zooms, the view is theirs: more tasks do not move it.
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.waitForTimeout(400);
    const chosen = await zoomPercent(page);
    await createTaskViaApi(context, project.id, "Far away", { positionX: 40 * 380, positionY: 0 });
    // The new card reaches the canvas (drawn off-screen: so few cards are all drawn), and the zoom stays.
    await expect.poll(() => card(page, "Far away").count(), { timeout: 5000 }).toBe(1);
    await page.waitForTimeout(800);
    expect(await zoomPercent(page)).toBe(chosen);
  });
});
