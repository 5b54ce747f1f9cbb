// Moves in the outline (docs/spec/outline.md): Tab indents the chosen row in the Gantt chart's task
// column as in the list, and a row dragged by its grip in the list lands into a summary or before
// another row (one PUT /api/tasks/{id} with parentId and order), by the pointer and by the keyboard,
// as it does in the Gantt chart's task column; the WBS numbers follow.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProjectDetailDto } from "../core/schemas/projects";
import { screenshot, setupBrowserApp } from "./fixtures";
import { seedLargePlan } from "./large-plan-seeding";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

const { app, signedInContext } = setupBrowserApp();

/** 1 Design (1.1 Sketch), 2 Review, 3 Build, 4 Launch. */
async function seedPlan(context: BrowserContext) {
  const project = await createProjectViaApi(context, "Outline moves");
  const dated = (start: string, due: string) => ({
    startDate: `${start}T09:00:00.000Z`,
    dueDate: `${due}T17:00:00.000Z`,
  });
  const design = await createTaskViaApi(context, project.id, "Design");
  await createTaskViaApi(context, project.id, "Sketch", {
    parentId: design.id,
    ...dated("2026-06-01", "2026-06-03"),
  });
  await createTaskViaApi(context, project.id, "Review", dated("2026-06-04", "2026-06-05"));
  await createTaskViaApi(context, project.id, "Build", dated("2026-06-08", "2026-06-12"));
  await createTaskViaApi(context, project.id, "Launch", dated("2026-06-15", "2026-06-16"));
  return project;
}

const storedWbs = async (context: BrowserContext, projectId: number) => {
  const detail = (await (await context.request.get(`/api/projects/${projectId}`)).json()) as ProjectDetailDto;
  return Object.fromEntries(detail.tasks.map((task) => [task.name, (task as { wbs?: string }).wbs]));
};

const listRow = (page: Page, name: string) =>
  page.locator("[data-task-row]").filter({ has: page.getByRole("button", { name, exact: true }) });
const listWbs = async (page: Page, name: string) =>
  (await listRow(page, name).locator("[data-wbs]").innerText()).replace("WBS", "").trim();
const ganttName = (page: Page, name: string) =>
  page.locator(`[data-gantt-row] [data-row-control="open"]`).filter({ hasText: name });
const ganttRow = (page: Page, name: string) =>
  page
    .locator("[data-gantt-row]")
    .filter({ has: page.locator('[data-row-control="open"]').filter({ hasText: name }) });
const ganttWbs = async (page: Page, name: string) =>
  (await ganttName(page, name).locator("[data-wbs]").innerText()).replace("WBS", "").trim();
const announced = (page: Page) => page.locator("[aria-live='polite']").filter({ hasText: /“/ });

describe("moves in the outline", () => {
  it("indents with Tab in the Gantt chart, and drags rows in the list and the chart", async () => {
    const { context } = await signedInContext();
    const project = await seedPlan(context);
    const page = await context.newPage();

    // The Gantt chart: Shift+Space chooses Review, Tab puts it under Design.
    await page.goto(`/projects/${project.slug}/gantt`);
    await expect.poll(() => ganttName(page, "Review").isVisible()).toBe(true);
    expect(await ganttWbs(page, "Review")).toBe("2");
    await ganttName(page, "Review").focus();
    await page.keyboard.press("Shift+Space");
    await expect.poll(() => announced(page).first().innerText()).toBe("Selected “Review”");
    await page.keyboard.press("Tab");
    await expect.poll(() => announced(page).first().innerText()).toBe("Indented “Review”");
    await expect.poll(() => ganttWbs(page, "Review")).toBe("1.2");
    await expect.poll(() => ganttWbs(page, "Build")).toBe("2");
    // The keys stay on Review's name.
    expect(await ganttName(page, "Review").evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    await screenshot(page, "outline-moves-gantt-indent");

    // The list: Launch dragged by its grip onto Design's middle goes under it, last.
    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => listRow(page, "Launch").isVisible()).toBe(true);
    const grip = page.getByRole("button", { name: 'Move "Launch" in the outline' });
    const from = await grip.boundingBox();
    const onto = await listRow(page, "Design").boundingBox();
    if (!from || !onto) throw new Error("no boxes");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 3 });
    await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 8 });
    await expect.poll(() => listRow(page, "Design").getAttribute("data-drop")).toBe("inside");
    await screenshot(page, "outline-moves-list-drag");
    await page.mouse.up();
    await expect.poll(() => listWbs(page, "Launch")).toBe("1.3");
    await expect
      .poll(() => storedWbs(context, project.id))
      .toMatchObject({
        Design: "1",
        Sketch: "1.1",
        Review: "1.2",
        Launch: "1.3",
        Build: "2",
      });

    // The keyboard: Build picked up with Space, carried to the first place offered (before
    // Design), dropped with Space.
    await page.getByRole("button", { name: 'Move "Build" in the outline' }).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => announced(page).first().innerText()).toMatch(/^Picked up task “Build”/);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => announced(page).first().innerText()).toBe("Task “Build” goes before “Design”.");
    await page.keyboard.press("Space");
    await expect
      .poll(() => announced(page).first().innerText())
      .toBe("Task “Build” was moved before “Design”.");
    await expect.poll(() => listWbs(page, "Build")).toBe("1");
    await expect.poll(() => listWbs(page, "Launch")).toBe("2.3");
    await screenshot(page, "outline-moves-list-after");

    // The Gantt chart's task column: Launch dragged by its grip onto the lower half of Build's row
    // goes after it, out of Design.
    await page.goto(`/projects/${project.slug}/gantt`);
    await expect.poll(() => ganttName(page, "Launch").isVisible()).toBe(true);
    expect(await ganttWbs(page, "Launch")).toBe("2.3");
    const ganttGrip = page.getByRole("button", { name: 'Move "Launch" in the outline' });
    const gripBox = await ganttGrip.boundingBox();
    const buildName = await ganttName(page, "Build").boundingBox();
    const buildRow = await ganttRow(page, "Build").boundingBox();
    if (!gripBox || !buildName || !buildRow) throw new Error("no boxes");
    await page.mouse.move(gripBox.x + gripBox.width / 2, gripBox.y + gripBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(gripBox.x + gripBox.width / 2, gripBox.y - 10, { steps: 3 });
    await page.mouse.move(buildName.x + buildName.width / 2, buildRow.y + buildRow.height * 0.8, {
      steps: 8,
    });
    await expect.poll(() => ganttRow(page, "Build").getAttribute("data-drop")).toBe("after");
    await screenshot(page, "outline-moves-gantt-drag");
    await page.mouse.up();
    await expect
      .poll(() => announced(page).first().innerText())
      .toBe("Task “Launch” was moved after “Build”.");
    await expect.poll(() => ganttWbs(page, "Launch")).toBe("2");
    expect(await ganttWbs(page, "Design")).toBe("3");
    await expect
      .poll(() => storedWbs(context, project.id))
      .toMatchObject({
        Build: "1",
        Launch: "2",
        Design: "3",
        Sketch: "3.1",
        Review: "3.2",
      });
    await screenshot(page, "outline-moves-gantt-after");
  });

  it("scrolls the list while a row is held by its grip near the list's bottom edge, and back near its top", async () => {
    const { context } = await signedInContext();
    const project = await createProjectViaApi(context, "Long outline");
    await seedLargePlan(app, project.id, { tasks: 300, summaryEvery: 12.5 });
    const page = await context.newPage();
    await page.goto(`/projects/${project.slug}/list`);
    const list = page.locator('[data-virtualised="true"]');
    const grip = page.getByRole("button", { name: 'Move "Phase 1" in the outline' });
    await grip.waitFor();
    const from = (await grip.boundingBox())!;
    const box = (await list.boundingBox())!;
    const scrolled = () => list.evaluate((element) => element.scrollTop);
    expect(await scrolled()).toBe(0);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 30, { steps: 3 });
    // Held still near the bottom edge: the list keeps scrolling under it, far past the held row,
    // which stays drawn (its grip holds the pointer).
    await page.mouse.move(from.x + from.width / 2, box.y + box.height - 8, { steps: 4 });
    await expect.poll(scrolled, { timeout: 15_000 }).toBeGreaterThan(2000);
    expect(await grip.count()).toBe(1);
    // Near the top edge it scrolls back.
    const down = await scrolled();
    await page.mouse.move(from.x + from.width / 2, box.y + 8, { steps: 4 });
    await expect.poll(scrolled, { timeout: 15_000 }).toBeLessThan(down - 200);
    await page.keyboard.press("Escape");
    await page.mouse.up();
    await context.close();
  });
});
