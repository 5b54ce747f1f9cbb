// The Gantt's grid columns in the browser (docs/spec/gantt-columns.md): columns picked in the
// Columns menu survive a reload; a Duration edited in place shows the preview, then moves the bar
// and the Finish; Predecessors typed as MS Project does ("1FS+2d") make the link and move the
// task; Ctrl+Z undoes each; a bad predecessors text is said beside the cell and saves nothing.
import { format, nextMonday } from "date-fns";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations, settle } from "./accessibility-fixtures";
import { screenshot, setupBrowserApp } from "./fixtures";
import { bar } from "./gantt-kanban-fixtures";
import { expectToast } from "./page-checks";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

type StoredPlan = {
  tasks: { id: number; duration: number | null; schedule: { start: string; finish: string } | null }[];
  dependencies: { sourceTaskId: number; targetTaskId: number; type: string; lag: number }[];
};

/** Design (ID 1, 3 days), Build (ID 2, 2 days) then Test (ID 3, 2 days), from next Monday. */
async function seedPlan(context: BrowserContext) {
  const project = await createProjectViaApi(context, "Office move");
  const startDate = format(nextMonday(new Date()), "yyyy-MM-dd");
  const calendar = await context.request.patch(`/api/projects/${project.id}`, { data: { startDate } });
  if (calendar.status() !== 200) throw new Error(`calendar: ${calendar.status()}`);
  const design = await createTaskViaApi(context, project.id, "Design", { duration: 3 });
  const build = await createTaskViaApi(context, project.id, "Build", { duration: 2 });
  const test = await createTaskViaApi(context, project.id, "Test", { duration: 2 });
  await createDependencyViaApi(context, build, test);
  return { project, design, build, test };
}

const stored = async (context: BrowserContext, projectId: number) =>
  (await (await context.request.get(`/api/projects/${projectId}`)).json()) as StoredPlan;

const row = (page: Page, taskId: number) => page.locator(`[data-gantt-row="${taskId}"]`);
const cell = (page: Page, taskId: number, column: string) =>
  row(page, taskId).locator(`[data-gantt-cell="${column}"]`);
const previewOf = (page: Page) => page.getByRole("alertdialog", { name: "Apply this schedule change?" });

async function pickColumns(page: Page, titles: string[]) {
  await page.getByRole("button", { name: "Columns" }).click();
  for (const title of titles) await page.getByRole("menuitemcheckbox", { name: title }).click();
  await page.keyboard.press("Escape");
  // The menu gives the keys back to its button when it has finished closing: an editor opened
  // before then would lose them.
  await expect.poll(() => page.getByRole("menu").count()).toBe(0);
}

/**
 * Ctrl+Z once the preview has finished closing (the keys are not taken while a dialog is on the
 * page, and a busy machine can still be closing it), then its toast.
 */
async function undoWithKeys(page: Page) {
  await expect.poll(() => page.locator('[role="dialog"], [role="alertdialog"]').count()).toBe(0);
  await page.keyboard.press("Control+z");
  await expectToast(page, "Undone");
}

describe("the Gantt's grid columns", () => {
  it("keeps the columns picked across a reload, and reads them to a screen reader", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const { project, design, test } = await seedPlan(context);
    await page.goto(`/projects/${project.slug}/gantt`);
    await expect.poll(() => bar(page, design.id).isVisible()).toBe(true);

    await pickColumns(page, [
      "ID",
      "Duration",
      "Start",
      "Finish",
      "Predecessors",
      "% Complete",
      "Constraint",
    ]);
    await expect.poll(() => cell(page, test.id, "predecessors").textContent()).toContain("2");
    expect(await cell(page, design.id, "id").textContent()).toContain("1");
    expect(await cell(page, design.id, "duration").textContent()).toContain("3 days");
    await screenshot(page, "gantt-columns");
    await settle(page);
    expect(await seriousViolations(page, "Gantt with its grid columns")).toEqual([]);

    await page.reload();
    await expect.poll(() => cell(page, test.id, "predecessors").textContent()).toContain("2");
    expect(await page.locator("[data-gantt-grid-titles]").textContent()).toBe(
      "IDDurationStartFinishPredecessors% CompleteConstraint",
    );
  });

  it("edits a Duration in place: the preview first, then the bar and the Finish move; Ctrl+Z undoes it", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const { project, design } = await seedPlan(context);
    await page.goto(`/projects/${project.slug}/gantt`);
    await pickColumns(page, ["Duration", "Finish"]);
    const finish = cell(page, design.id, "finish");
    await expect.poll(() => finish.textContent()).toMatch(/\d{4}/);
    const finishBefore = await finish.textContent();
    const widthBefore = (await bar(page, design.id).boundingBox())?.width ?? 0;

    await cell(page, design.id, "duration").dblclick();
    const input = row(page, design.id).getByRole("textbox", { name: "Duration of “Design”" });
    await input.fill("5d");
    await input.press("Enter");
    // Design now ends after Test: the project's finish moves, asked before anything is saved.
    const preview = previewOf(page);
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await preview.getByTestId("schedule-preview").textContent()).toMatch(/the project now finishes/);
    expect((await stored(context, project.id)).tasks.find((task) => task.id === design.id)?.duration).toBe(3);
    await screenshot(page, "gantt-columns-preview");
    await preview.getByRole("button", { name: "Apply" }).click();

    await expect.poll(() => finish.textContent()).not.toBe(finishBefore);
    await expect
      .poll(async () => (await bar(page, design.id).boundingBox())?.width ?? 0)
      .toBeGreaterThan(widthBefore);
    expect((await stored(context, project.id)).tasks.find((task) => task.id === design.id)?.duration).toBe(5);

    // The keys are back on the cell, not in a field: Ctrl+Z undoes the edit.
    await expect.poll(() => row(page, design.id).locator("[data-gantt-editor]").count()).toBe(0);
    await undoWithKeys(page);
    await expect
      .poll(
        async () => (await stored(context, project.id)).tasks.find((task) => task.id === design.id)?.duration,
      )
      .toBe(3);
    await expect.poll(() => finish.textContent()).toBe(finishBefore);
  });

  it("makes a link from Predecessors typed as 1FS+2d after the preview, and Ctrl+Z removes it", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const { project, design, build } = await seedPlan(context);
    await page.goto(`/projects/${project.slug}/gantt`);
    await pickColumns(page, ["ID", "Predecessors", "Start"]);
    await expect.poll(() => cell(page, build.id, "id").textContent()).toContain("2");
    const startBefore = (await stored(context, project.id)).tasks.find((task) => task.id === build.id)
      ?.schedule?.start;

    await cell(page, build.id, "predecessors").focus();
    await page.keyboard.press("F2");
    const input = row(page, build.id).getByRole("textbox", { name: "Predecessors of “Build”" });
    await input.fill("1FS+2d");
    await input.press("Enter");
    const preview = previewOf(page);
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await preview.getByTestId("schedule-preview").textContent()).toMatch(/^This moves 2 tasks/);
    expect((await stored(context, project.id)).dependencies).toHaveLength(1);
    await preview.getByRole("button", { name: "Apply" }).click();

    await expect
      .poll(async () => (await stored(context, project.id)).dependencies)
      .toContainEqual(
        expect.objectContaining({ sourceTaskId: design.id, targetTaskId: build.id, type: "FS", lag: 2 }),
      );
    await expect.poll(() => cell(page, build.id, "predecessors").textContent()).toContain("1FS+2d");
    const moved = (await stored(context, project.id)).tasks.find((task) => task.id === build.id)?.schedule
      ?.start;
    expect(moved).not.toBe(startBefore);
    await screenshot(page, "gantt-columns-predecessors");

    await expect.poll(() => row(page, build.id).locator("[data-gantt-editor]").count()).toBe(0);
    await undoWithKeys(page);
    await expect.poll(async () => (await stored(context, project.id)).dependencies).toHaveLength(1);
    await expect.poll(() => cell(page, build.id, "predecessors").textContent()).not.toContain("1FS+2d");
  });

  it("says what is wrong with a bad Predecessors text beside the cell, and saves nothing", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const { project, test } = await seedPlan(context);
    await page.goto(`/projects/${project.slug}/gantt`);
    await pickColumns(page, ["Predecessors"]);

    await cell(page, test.id, "predecessors").dblclick();
    const input = row(page, test.id).getByRole("textbox", { name: "Predecessors of “Test”" });
    await input.fill("2;5XX");
    await input.press("Enter");
    const alert = row(page, test.id).getByRole("alert");
    await expect
      .poll(() => alert.textContent())
      .toBe("“5XX” is not a link: write a task ID followed by FS, SS, FF or SF, e.g. 5SS+2d.");
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await previewOf(page).count()).toBe(0);
    await screenshot(page, "gantt-columns-error");
    await settle(page);
    expect(await seriousViolations(page, "Gantt cell with an error")).toEqual([]);

    await input.press("Escape");
    await expect.poll(() => row(page, test.id).locator("[data-gantt-editor]").count()).toBe(0);
    expect((await stored(context, project.id)).dependencies).toHaveLength(1);
  });
});
