// The phases view and the Gantt at 5,000 tasks, seeded straight into the database: each draws only
// what is in view (the page holds at most 1,500 elements). The phases count every task, a card of
// the last phase, far down, opens its task, and Tab walks on past the cards first drawn; the Gantt
// draws the arrows of the rows in view and an arrow crossing them, wherever it is scrolled to.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dependencies } from "../server/db/schema";
import { screenshot, setupBrowserApp } from "./fixtures";
import { type LargeLeaf, seedLargePlan } from "./large-plan-seeding";
import { createProjectViaApi } from "./seeding";

const { app, signedInPage } = setupBrowserApp();

const TASKS = 5000;
/** The whole page: the app's header, sidebar and toolbars, and the view's cards or rows in view. */
const MAX_ELEMENTS = 1500;

/** A card's text or name: the task's name first ("Task 5" and not "Task 50"), its badge after. */
const named = (leaf: LargeLeaf) => new RegExp(`^${leaf.name}(?!\\d)`);

const elementsInPage = (page: Page) => page.evaluate(() => document.querySelectorAll("*").length);

/** Writes the dependencies, prerequisite then dependent, straight into the database. */
async function link(projectId: number, pairs: [LargeLeaf, LargeLeaf][]) {
  const { db } = app.database;
  const rows = pairs.map(([prerequisite, dependent]) => ({
    projectId,
    sourceTaskId: prerequisite.id,
    targetTaskId: dependent.id,
  }));
  const written: { id: number; sourceTaskId: number; targetTaskId: number }[] = [];
  for (let at = 0; at < rows.length; at += 1000) {
    written.push(
      ...(await db
        .insert(dependencies)
        .values(rows.slice(at, at + 1000))
        .returning({
          id: dependencies.id,
          sourceTaskId: dependencies.sourceTaskId,
          targetTaskId: dependencies.targetTaskId,
        })),
    );
  }
  return written;
}

describe("the phases view at 5,000 tasks", () => {
  const PHASES = 10;
  const PER_PHASE = TASKS / PHASES;

  it("draws the cards in view, counts every phase in full and opens a task of the last phase", async () => {
    const { context, page } = await signedInPage();
    const project = await createProjectViaApi(context, "Big phases");
    const { leaves } = await seedLargePlan(app, project.id, { tasks: TASKS });
    // Each task after the first 500 waits on the one 500 before it: ten phases of 500.
    await link(
      project.id,
      leaves.slice(PER_PHASE).map((leaf, index) => [leaves[index], leaf]),
    );

    await page.goto(`/projects/${project.slug}/phases`);
    const heading = (n: number) => page.getByRole("heading", { name: `Phase ${n}`, exact: true });
    const phase = (n: number) => page.getByRole("listitem").filter({ has: heading(n) });
    await expect.poll(() => heading(1).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await phase(1).locator("[data-phase-count]").textContent()).toBe(`${PER_PHASE} tasks`);
    const cards = page.locator('[aria-labelledby="phases-title"] ol > li li');
    const atTop = { elements: await elementsInPage(page), cards: await cards.count() };
    console.log(`phases at ${TASKS} tasks, top: ${atTop.elements} elements, ${atTop.cards} cards drawn`);
    expect(atTop.elements).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(atTop.cards).toBeLessThan(150);

    // Tab goes on from card to card past those first drawn, each brought into view.
    const card = (leaf: LargeLeaf) => page.getByRole("button", { name: named(leaf) });
    await card(leaves[0]).focus();
    const steps = atTop.cards + 10;
    for (let step = 0; step < steps; step++) await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    expect(focused).toMatch(named(leaves[steps]));

    // Far down, the last phase: counted in full, and its last card opens its task.
    await page.locator("main#main").evaluate((main) => {
      main.scrollTop = main.scrollHeight;
    });
    await expect.poll(() => heading(PHASES).isVisible()).toBe(true);
    expect(
      await phase(PHASES)
        .getByText(`${PHASES - 1} dependency levels`)
        .isVisible(),
    ).toBe(true);
    expect(await phase(PHASES).locator("[data-phase-count]").textContent()).toBe(`${PER_PHASE} tasks`);
    expect(await heading(1).count()).toBe(0);
    const atEnd = await elementsInPage(page);
    console.log(`phases at ${TASKS} tasks, end: ${atEnd} elements, ${await cards.count()} cards drawn`);
    expect(atEnd).toBeLessThanOrEqual(MAX_ELEMENTS);
    await screenshot(page, "phases-at-scale-end");
    const last = leaves[TASKS - 1];
    await expect.poll(() => phase(PHASES).getByRole("button").last().textContent()).toMatch(named(last));
    await card(last).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Task Name").inputValue()).toBe(last.name);
    await context.close();
  });
});

describe("the Gantt at 5,000 tasks", () => {
  it("draws the rows in view with their arrows, and an arrow crossing them, wherever it is scrolled", async () => {
    const { context, page } = await signedInPage();
    const project = await createProjectViaApi(context, "Big timeline");
    const plan = await seedLargePlan(app, project.id, { tasks: TASKS });
    const { leaves } = plan;
    // A chain through each category (the leaves take the three in turn, so each link joins two
    // neighbouring rows), and one arrow from the first row to the last, across every row: the rows
    // are grouped by category, the categories in the order of their names.
    const groups = [...plan.categories].sort((a, b) => a.name.localeCompare(b.name));
    const firstRow = leaves.find((leaf) => leaf.categoryId === groups[0].id);
    const lastRow = leaves.findLast((leaf) => leaf.categoryId === groups[groups.length - 1].id);
    if (!firstRow || !lastRow) throw new Error("no first or last row");
    const chained = leaves.slice(3).map((leaf, index): [LargeLeaf, LargeLeaf] => [leaves[index], leaf]);
    const links = await link(project.id, [...chained, [firstRow, lastRow]]);
    const across = links.find(
      (each) => each.sourceTaskId === firstRow.id && each.targetTaskId === lastRow.id,
    );
    if (!across) throw new Error("the long link was not written");

    await page.goto(`/projects/${project.slug}/gantt`);
    const scroller = page.locator("[data-gantt-scroll]");
    await expect.poll(() => page.locator("[data-gantt-bar]").count(), { timeout: 60_000 }).toBeGreaterThan(0);

    /**
     * The arrows drawn, and those that should be: each link with a row drawn (`wrong` lists the
     * differences), among them those with both rows drawn; and how many arrows' runs cross the rows.
     */
    const arrowsOfDrawnRows = () =>
      page.evaluate((pairs) => {
        const rows = new Set(
          [...document.querySelectorAll<HTMLElement>("[data-gantt-row]")].map((row) =>
            Number(row.dataset.ganttRow),
          ),
        );
        const drawn = new Set(
          [...document.querySelectorAll<SVGElement>("[data-gantt-arrow]")].map((arrow) =>
            Number(arrow.dataset.ganttArrow),
          ),
        );
        const expected = pairs.filter((pair) => rows.has(pair.sourceTaskId) && rows.has(pair.targetTaskId));
        const touching = pairs.filter((pair) => rows.has(pair.sourceTaskId) || rows.has(pair.targetTaskId));
        const crossing = [...document.querySelectorAll<SVGElement>("[data-gantt-crossing]")];
        return {
          expected: expected.length,
          missing: expected.filter((pair) => !drawn.has(pair.id)).map((pair) => pair.id),
          drawn: [...drawn],
          /** Drawn and not touching a row drawn, or touching one and not drawn. */
          wrong: [
            ...[...drawn].filter((id) => !touching.some((pair) => pair.id === id)),
            ...touching.filter((pair) => !drawn.has(pair.id)).map((pair) => pair.id),
          ],
          crossing: crossing.reduce((sum, run) => sum + Number(run.dataset.arrows), 0),
        };
      }, links);

    const atTop = await arrowsOfDrawnRows();
    const elementsAtTop = await elementsInPage(page);
    console.log(
      `gantt at ${TASKS} tasks, top: ${elementsAtTop} elements, ${atTop.drawn.length} arrows drawn`,
    );
    expect(elementsAtTop).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(atTop.expected).toBeGreaterThan(5);
    expect(atTop.missing).toEqual([]);
    expect(atTop.wrong).toEqual([]);
    expect(atTop.drawn).toContain(across.id);
    expect(atTop.crossing).toBe(0);

    // Halfway down, in the second category: neither end of the long arrow is drawn, but it crosses the rows.
    await scroller.evaluate((box) => {
      box.scrollTop = box.scrollHeight / 2;
    });
    await expect
      .poll(async () => {
        const rows = await page
          .locator("[data-gantt-row]")
          .evaluateAll((found) => found.map((row) => Number((row as HTMLElement).dataset.ganttRow)));
        return rows.includes(firstRow.id) || rows.includes(lastRow.id) ? "ends drawn" : "middle";
      })
      .toBe("middle");
    await screenshot(page, "gantt-at-scale-middle");
    const inMiddle = await arrowsOfDrawnRows();
    const elementsInMiddle = await elementsInPage(page);
    console.log(
      `gantt at ${TASKS} tasks, middle: ${elementsInMiddle} elements, ${inMiddle.drawn.length} arrows drawn`,
    );
    expect(elementsInMiddle).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(inMiddle.expected).toBeGreaterThan(5);
    expect(inMiddle.missing).toEqual([]);
    // The long arrow crosses the rows drawn: its run down between them is drawn, and nothing else.
    expect(inMiddle.drawn).not.toContain(across.id);
    expect(inMiddle.crossing).toBe(1);
    expect(inMiddle.wrong).toEqual([]);
    await context.close();
  });
});
