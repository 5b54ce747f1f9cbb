// One word for a task that waits for unfinished work, "Waiting", in every view; "Blocked" only for
// the status a person chose; and the same filter, with the same names, in the graph and the list
// (decision 034).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TASK_FILTER_NAMES } from "../core/testing/task-filter-names";
import { setupBrowserApp } from "./fixtures";
import { card, headerOf, openGraph } from "./graph-fixtures";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

const optionTexts = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((select) => [...(select as HTMLSelectElement).options].map((option) => option.textContent));
const listedNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('ul[aria-label="Tasks"] > li')].map(
      (row) => row.querySelector("button")?.textContent ?? "",
    ),
  );

describe("Waiting and Blocked", () => {
  it("says Waiting for unfinished prerequisites and Blocked for the chosen status, in every view, with one filter", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const project = await createProjectViaApi(context, "Office move");
    const at = (x: number, y = 0) => ({ positionX: x, positionY: y });
    const pack = await createTaskViaApi(context, project.id, "Pack boxes", at(0));
    const move = await createTaskViaApi(context, project.id, "Move boxes", at(380));
    await createTaskViaApi(context, project.id, "Order van", { status: "blocked", ...at(0, 200) });
    await createDependencyViaApi(context, pack, move);

    // The list: the badge, and the filter.
    await page.goto(`/projects/${project.slug}/list`);
    const row = (name: string) => page.locator('ul[aria-label="Tasks"] > li').filter({ hasText: name });
    await expect.poll(() => row("Move boxes").textContent()).toContain("Waiting");
    expect(await row("Order van").textContent()).toContain("Blocked");
    expect(await row("Pack boxes").textContent()).toContain("To Do");
    const listFilters = await optionTexts(page, "Filter tasks");
    expect(listFilters).toEqual(TASK_FILTER_NAMES);
    await page.getByLabel("Filter tasks", { exact: true }).selectOption({ label: "Waiting" });
    await expect.poll(() => listedNames(page)).toEqual(["Move boxes"]);
    await page.getByLabel("Filter tasks", { exact: true }).selectOption({ label: "Blocked" });
    await expect.poll(() => listedNames(page)).toEqual(["Order van"]);

    // The graph: the same words on the cards, the same filter under Show.
    await openGraph(page, project.slug, "Pack boxes");
    await expect.poll(headerOf(page, "Move boxes")).toBe("Waiting");
    expect(await headerOf(page, "Order van")()).toBe("Blocked");
    expect(await optionTexts(page, "Show")).toEqual(listFilters);
    await page.getByLabel("Show", { exact: true }).selectOption({ label: "Waiting" });
    await expect.poll(() => card(page, "Pack boxes").count()).toBe(0);
    expect(await card(page, "Move boxes").isVisible()).toBe(true);
    expect(await card(page, "Order van").count()).toBe(0);

    // The phases: the badge.
    await page.goto(`/projects/${project.slug}/phases`);
    await expect.poll(() => page.getByText("Waiting", { exact: true }).first().isVisible()).toBe(true);

    // The kanban: Blocked is the column of the status chosen; a waiting task stays in its column,
    // marked as waiting.
    await page.goto(`/projects/${project.slug}/kanban`);
    const column = (status: string) => page.locator(`[data-kanban-column="${status}"]`);
    await expect.poll(() => column("blocked").textContent()).toContain("Order van");
    expect(await column("not-started").textContent()).toContain("Move boxes");
    expect(await column("not-started").locator(`[data-kanban-card="${move.id}"]`).textContent()).toContain(
      "Waiting for 1",
    );
  });
});
