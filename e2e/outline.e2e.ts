// The outline in the browser (docs/spec/outline.md): a flat plan turned into three levels with the
// keyboard alone in the list (Shift+Space chooses a row, Tab indents, Shift+Tab outdents), its WBS
// numbers and indentation, a collapsed summary remembered; the Gantt chart's brackets over each
// summary's tasks; the board's leaves with their summary path; a summary deleted with the tasks under
// it and brought back whole with Ctrl+Z; and a viewer's read-only tree.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProjectDetailDto } from "../core/schemas/projects";
import { screenshot, setupBrowserApp } from "./fixtures";
import { expectNoSidewaysScroll, expectToast } from "./page-checks";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInContext, sharedPage } = setupBrowserApp();

/** Six tasks in a row, each with its dates, at the top level. */
async function seedFlatPlan(context: BrowserContext) {
  const project = await createProjectViaApi(context, "Product launch");
  const days: [string, string, string][] = [
    ["Design", "2026-06-01", "2026-06-02"],
    ["Sketch", "2026-06-01", "2026-06-03"],
    ["Review", "2026-06-04", "2026-06-05"],
    ["Notes", "2026-06-04", "2026-06-09"],
    ["Build", "2026-06-10", "2026-06-17"],
    ["Launch", "2026-06-18", "2026-06-19"],
  ];
  const tasks: Record<string, { id: number }> = {};
  for (const [name, start, due] of days)
    tasks[name] = await createTaskViaApi(context, project.id, name, {
      startDate: `${start}T09:00:00.000Z`,
      dueDate: `${due}T17:00:00.000Z`,
    });
  return { project, tasks };
}

const stored = async (context: BrowserContext, projectId: number) =>
  (await (await context.request.get(`/api/projects/${projectId}`)).json()) as ProjectDetailDto;

const nameButton = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const listRow = (page: Page, name: string) =>
  page.locator("[data-task-row]").filter({ has: nameButton(page, name) });
const wbsOf = async (page: Page, name: string) =>
  (await listRow(page, name).locator("[data-wbs]").innerText()).replace("WBS", "").trim();
const checkbox = (page: Page, name: string) =>
  page.getByRole("checkbox", { name: `Mark "${name}" as completed` });
const announced = (page: Page) => page.locator("[aria-live='polite']").filter({ hasText: /dented|elect/ });

/** Chooses the row whose checkbox has the focus alone (Shift+Space), then presses `key`. */
async function chooseAndPress(page: Page, key: "Tab" | "Shift+Tab") {
  await page.keyboard.press("Shift+Space");
  await page.keyboard.press(key);
}

describe("the outline", () => {
  it("builds three levels with the keyboard in the list, shows brackets in the Gantt, and undoes a summary's deletion", async () => {
    const { context } = await signedInContext();
    const { project, tasks } = await seedFlatPlan(context);
    const page = await context.newPage();
    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => checkbox(page, "Sketch").isVisible()).toBe(true);
    // A flat plan: no WBS numbers, no chevrons.
    expect(await page.locator("[data-wbs]").count()).toBe(0);

    // Sketch under Design; Review after it; Notes under Design, then under Review.
    await checkbox(page, "Sketch").focus();
    await chooseAndPress(page, "Tab");
    await expect.poll(() => announced(page).innerText()).toBe("Indented “Sketch”");
    await expect.poll(() => wbsOf(page, "Sketch")).toBe("1.1");
    // The keys stay on the moved row; its box was not ticked by Shift+Space.
    expect(await checkbox(page, "Sketch").evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    expect(await checkbox(page, "Sketch").isChecked()).toBe(false);
    await page.keyboard.press("ArrowDown");
    await chooseAndPress(page, "Tab");
    await expect.poll(() => wbsOf(page, "Review")).toBe("1.2");
    await page.keyboard.press("ArrowDown");
    await chooseAndPress(page, "Tab");
    await expect.poll(() => wbsOf(page, "Notes")).toBe("1.3");
    await page.keyboard.press("Tab");
    await expect.poll(() => wbsOf(page, "Notes")).toBe("1.2.1");
    // Launch under Build, and back out with Shift+Tab.
    await checkbox(page, "Launch").focus();
    await chooseAndPress(page, "Tab");
    await expect.poll(() => wbsOf(page, "Launch")).toBe("2.1");
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => announced(page).innerText()).toBe("Outdented “Launch”");
    await expect.poll(() => wbsOf(page, "Launch")).toBe("3");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByText("1 task selected").count()).toBe(0);

    // As the server has it, and as the list shows it: deeper rows sit further right.
    const saved = await stored(context, project.id);
    const parentOf = (name: string) => saved.tasks.find((task) => task.id === tasks[name].id)?.parentId;
    expect([parentOf("Sketch"), parentOf("Review"), parentOf("Notes"), parentOf("Launch")]).toEqual([
      tasks.Design.id,
      tasks.Design.id,
      tasks.Review.id,
      null,
    ]);
    const left = async (name: string) => (await nameButton(page, name).boundingBox())?.x ?? 0;
    expect(await left("Review")).toBeGreaterThan(await left("Design"));
    expect(await left("Notes")).toBeGreaterThan(await left("Review"));
    expect(await left("Build")).toBe(await left("Design"));
    // Leaves are the work: no box on a summary, four tasks counted.
    expect(await checkbox(page, "Design").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Tasks (4)" }).isVisible()).toBe(true);
    await screenshot(page, "outline-list");

    // Collapsing Review hides Notes, here and in the Gantt chart, and is remembered.
    await page.getByRole("button", { name: /^Collapse "Review"/ }).click();
    await expect.poll(() => nameButton(page, "Notes").count()).toBe(0);
    await page.reload();
    await expect.poll(() => nameButton(page, "Sketch").isVisible()).toBe(true);
    expect(await nameButton(page, "Notes").count()).toBe(0);

    await page.goto(`/projects/${project.slug}/gantt`);
    const summaryBars = page.locator('[data-bar-kind="summary"]');
    await expect.poll(() => summaryBars.count()).toBe(2);
    expect(
      await page.locator('[data-gantt-row] [data-bar-kind]:not([data-bar-kind="summary"])').count(),
    ).toBe(3);
    await page.getByRole("button", { name: 'Expand "Review"' }).click();
    await expect.poll(() => page.locator(`[data-gantt-bar="${tasks.Notes.id}"]`).count()).toBe(1);
    // Design's bracket runs from Sketch's start to Notes' end, with a tick at each end.
    const box = async (id: number) =>
      (await page.locator(`[data-gantt-bar="${id}"]`).boundingBox()) ?? { x: 0, y: 0, width: 0 };
    const design = await box(tasks.Design.id);
    const sketch = await box(tasks.Sketch.id);
    const notes = await box(tasks.Notes.id);
    expect(Math.abs(design.x - sketch.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(design.x + design.width - (notes.x + notes.width))).toBeLessThanOrEqual(1);
    expect(await page.locator(`[data-gantt-bar="${tasks.Design.id}"] [data-bracket-tick]`).count()).toBe(2);
    // The bracket is not dragged: its dates roll up.
    await page.locator(`[data-gantt-bar="${tasks.Design.id}"]`).hover();
    await page.mouse.down();
    await page.mouse.move(design.x + 200, design.y + 5, { steps: 5 });
    await page.mouse.up();
    expect((await box(tasks.Design.id)).x).toBe(design.x);
    await page.keyboard.press("Escape");
    await screenshot(page, "outline-gantt");

    // The board shows the leaves, each under its summary path.
    await page.goto(`/projects/${project.slug}/kanban`);
    const noteCard = page.locator(`[data-kanban-card="${tasks.Notes.id}"]`);
    await expect.poll(() => noteCard.isVisible()).toBe(true);
    expect(await noteCard.locator("[data-summary-path]").textContent()).toBe("Under Design › Review");
    expect(await page.locator(`[data-kanban-card="${tasks.Design.id}"]`).count()).toBe(0);
    await screenshot(page, "outline-kanban");

    // Review goes with Notes; Ctrl+Z brings both back where they were.
    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => nameButton(page, "Review").isVisible()).toBe(true);
    await page.getByRole("button", { name: 'Actions for "Review"' }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect
      .poll(() => confirm.getByText('Delete "Review" and the task under it?').isVisible())
      .toBe(true);
    await screenshot(page, "outline-delete-summary");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => nameButton(page, "Notes").count()).toBe(0);
    expect(await nameButton(page, "Review").count()).toBe(0);
    await page.keyboard.press("Control+z");
    await expectToast(page, "Undone");
    await expect.poll(() => nameButton(page, "Notes").count()).toBe(1);
    await expect.poll(() => wbsOf(page, "Review")).toBe("1.2");
    expect(await wbsOf(page, "Notes")).toBe("1.2.1");
    const restored = await stored(context, project.id);
    expect(restored.tasks.find((task) => task.id === tasks.Notes.id)?.parentId).toBe(tasks.Review.id);
    await screenshot(page, "outline-undone");
    // At phone width the tree keeps its numbers and levels, and nothing sticks out sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => nameButton(page, "Notes").isVisible()).toBe(true);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "outline-list-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    // A viewer sees the same tree, collapses it for themself, and moves nothing.
    const viewer = await sharedPage(project, "viewer");
    await viewer.page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => nameButton(viewer.page, "Notes").isVisible()).toBe(true);
    expect(await wbsOf(viewer.page, "Notes")).toBe("1.2.1");
    // No rows to choose: a click on a row chooses nothing, and Tab only moves on.
    await listRow(viewer.page, "Build").click({ position: { x: 600, y: 10 } });
    await nameButton(viewer.page, "Build").focus();
    await viewer.page.keyboard.press("Tab");
    expect(await viewer.page.getByText("1 task selected").count()).toBe(0);
    expect(await listRow(viewer.page, "Build").getAttribute("data-selected")).toBeNull();
    await viewer.page.getByRole("button", { name: /^Collapse "Design"/ }).click();
    await expect.poll(() => nameButton(viewer.page, "Sketch").count()).toBe(0);
    expect(
      (await stored(context, project.id)).tasks.find((task) => task.id === tasks.Build.id)?.parentId,
    ).toBeNull();
    await screenshot(viewer.page, "outline-viewer");
    await viewer.context.close();
    await context.close();
  });
});
