// The kanban board at 5,000 tasks, 1,250 a column: each column draws only the cards in its view
// (the page holds at most 1,500 elements, at 1440 and at 375 px), the headers count every card, axe
// finds nothing serious, and cards still move by mouse and by keyboard into columns whose cards are
// mostly not drawn, a carried card scrolling the column it nears the bottom of.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./accessibility-fixtures";
import { setupBrowserApp } from "./fixtures";
import { card, carryRightByKeyboard, column, dragBy, dragOnto, storedTask } from "./gantt-kanban-fixtures";
import { type LargePlan, seedLargePlan } from "./large-plan-seeding";
import { expectNoSidewaysScroll, expectToast } from "./page-checks";
import { createProjectViaApi } from "./seeding";

const { app, signedInPage } = setupBrowserApp();

const TASKS = 5000;
const COLUMNS = ["not-started", "in-progress", "blocked", "completed"] as const;
/** The whole page: the app's header and toolbars, and four columns of the cards in view. */
const MAX_ELEMENTS = 1500;

const countOf = (page: Page, status: string) =>
  column(page, status).locator("header [aria-label$='tasks']").getAttribute("aria-label");
const scrollBox = (page: Page, status: string) => column(page, status).locator("[data-kanban-scroll]");
const topCard = (page: Page, status: string) => column(page, status).locator("[data-kanban-card]").first();

/** A column's cards as the board lists them: by category (the app lists them by name), then order. */
function cardsOf({ categories, leaves }: LargePlan, status: string) {
  const rank = new Map(
    [...categories]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((category, index) => [category.id, index]),
  );
  const rankOf = (categoryId: number | null) =>
    categoryId === null ? rank.size : (rank.get(categoryId) ?? 0);
  return leaves
    .filter((leaf) => leaf.status === status)
    .sort((a, b) => rankOf(a.categoryId) - rankOf(b.categoryId) || a.order - b.order);
}

describe("kanban board at 5,000 tasks", () => {
  it("draws the cards in view, counts them all and moves cards into long columns", async () => {
    const { context, page } = await signedInPage();
    const project = await createProjectViaApi(context, "Big board");
    // Task n+1 is in column n % 4 and category n % 3.
    const plan = await seedLargePlan(app, project.id, {
      tasks: TASKS,
      statusOf: (index) => COLUMNS[index % COLUMNS.length],
    });
    const [moved, carried] = cardsOf(plan, "not-started");
    const [lifted] = cardsOf(plan, "blocked");

    await page.goto(`/projects/${project.slug}/kanban`);
    // The top card once the categories have loaded (the cards follow them).
    await expect
      .poll(() => topCard(page, "not-started").getAttribute("data-kanban-card"), { timeout: 60_000 })
      .toBe(String(moved.id));
    for (const status of COLUMNS) expect(await countOf(page, status)).toBe("1250 tasks");
    const elements = await page.evaluate(() => document.querySelectorAll("*").length);
    const drawn = await page.locator("[data-kanban-card]").count();
    console.log(`kanban at ${TASKS} tasks: ${elements} elements in the page, ${drawn} cards drawn`);
    expect(elements).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(await seriousViolations(page, "kanban at 5,000 tasks")).toEqual([]);

    // With the mouse, into In Progress: written, counted, and drawn in its new column, near the top
    // (its category leads every column, and few of that category's cards come before it).
    await dragOnto(page, card(page, moved.id), column(page, "in-progress"));
    await expectToast(page, "Task moved to In Progress");
    await expect
      .poll(async () => (await storedTask(context, project.id, moved.id)).status)
      .toBe("in-progress");
    await expect
      .poll(() => column(page, "in-progress").locator(`[data-kanban-card="${moved.id}"]`).isVisible())
      .toBe(true);
    expect(await countOf(page, "in-progress")).toBe("1251 tasks");
    expect(await countOf(page, "not-started")).toBe("1249 tasks");

    // Near the bottom of Blocked, held: Blocked scrolls under it. Meanwhile Not Started, scrolled
    // far from the carried card, keeps it drawn, and the drag overlay shows.
    const from = await card(page, carried.id).boundingBox();
    const target = await scrollBox(page, "blocked").boundingBox();
    if (!from || !target) throw new Error("no card or column to drag between");
    await dragBy(
      page,
      card(page, carried.id),
      target.x + target.width / 2 - (from.x + from.width / 2),
      target.y + target.height * 0.97 - (from.y + from.height / 2),
      async () => {
        await expect
          .poll(() => scrollBox(page, "blocked").evaluate((box) => box.scrollTop))
          .toBeGreaterThan(200);
        await scrollBox(page, "not-started").evaluate((box) => {
          box.scrollTop = box.scrollHeight;
        });
        await expect
          .poll(async () =>
            Number(
              await scrollBox(page, "not-started")
                .locator("li[data-index]")
                .last()
                .getAttribute("data-index"),
            ),
          )
          .toBeGreaterThan(1000);
        expect(await card(page, carried.id).count()).toBe(1);
        expect(await page.locator(`[data-kanban-overlay="${carried.id}"]`).isVisible()).toBe(true);
        // Still over Blocked, whichever column scrolled: the drop goes there.
        await expect.poll(() => column(page, "blocked").getAttribute("data-over")).toBe("true");
      },
    );
    await expectToast(page, "Task moved to Blocked");
    await expect.poll(async () => (await storedTask(context, project.id, carried.id)).status).toBe("blocked");
    await expect.poll(() => countOf(page, "blocked")).toBe("1251 tasks");
    expect(await countOf(page, "not-started")).toBe("1248 tasks");

    // By keyboard: Space lifts a card of Blocked, ArrowRight carries it to Completed, Space drops it.
    await scrollBox(page, "blocked").evaluate((box) => {
      box.scrollTop = 0;
    });
    await expect.poll(() => card(page, lifted.id).isVisible()).toBe(true);
    await carryRightByKeyboard(page, card(page, lifted.id), `Task ${lifted.name} is over Completed`);
    await page.keyboard.press("Space");
    await expectToast(page, "Task moved to Completed");
    await expect.poll(async () => (await storedTask(context, project.id, lifted.id)).completed).toBe(true);
    await expect.poll(() => countOf(page, "completed")).toBe("1251 tasks");
    await context.close();
  });

  it("draws a window of each column on a phone, where a long column scrolls in a box of its own", async () => {
    const { context, page } = await signedInPage({ width: 375, height: 812 });
    const project = await createProjectViaApi(context, "Big board on a phone");
    const plan = await seedLargePlan(app, project.id, {
      tasks: TASKS,
      summaryEvery: 12.5,
      statusOf: (index) => COLUMNS[index % COLUMNS.length],
    });
    await page.goto(`/projects/${project.slug}/kanban`);
    await expect.poll(() => topCard(page, "not-started").isVisible(), { timeout: 60_000 }).toBe(true);
    // In a plan with summaries the cards are the leaves, each under its breadcrumb.
    expect(await topCard(page, "not-started").locator("[data-summary-path]").textContent()).toMatch(
      /^Under Phase \d+ › Package \d+$/,
    );
    expect(await page.locator(`[data-kanban-card="${plan.summaryIds[0]}"]`).count()).toBe(0);
    const leavesNotStarted = plan.leaves.filter((leaf) => leaf.status === "not-started").length;
    expect(await countOf(page, "not-started")).toBe(`${leavesNotStarted} tasks`);
    expect(await page.evaluate(() => document.querySelectorAll("*").length)).toBeLessThanOrEqual(
      MAX_ELEMENTS,
    );
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, "kanban at 5,000 tasks, 375 px")).toEqual([]);
    await context.close();
  });
});
