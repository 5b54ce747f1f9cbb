// Importing and exporting as a person does it: MS Project's own file dropped into the Import dialog
// from All Projects, the preview of what it creates, the imported plan in the Gantt with MS
// Project's dates, and the project exported as CSV from its menu. The sample stays in
// ../shared/plan-samples (its licence forbids copying it in).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { expectToast } from "./page-checks";

const { app, signedInPage } = setupBrowserApp();

const SAMPLE = fileURLToPath(
  new URL("../../shared/plan-samples/mspdi/mpxj-task-links-project2003-mspdi.xml", import.meta.url),
);

describe("import and export", () => {
  it("imports an MS Project file through the dialog, shows its preview, opens its Gantt, and exports CSV", async () => {
    const { page } = await signedInPage({ width: 1280, height: 900 });
    await page.goto("/projects");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import a Plan" });
    await dialog.getByLabel("Plan file").setInputFiles(SAMPLE);

    // The dry run's preview: 16 tasks and their 8 links, before anything is created.
    const preview = dialog.getByTestId("import-preview");
    await expect.poll(() => preview.textContent(), { timeout: 15_000 }).toContain("16 tasks, 8 dependencies");
    expect(await dialog.getByLabel("Format").inputValue()).toBe("mspdi");
    await dialog.getByLabel("Project name").fill("Task links");
    await screenshot(page, "import-preview");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await expectToast(page, "Project imported");
    await expect.poll(() => page.url()).toMatch(/\/projects\/task-links-[a-z0-9]+\/graph$/);

    // The Gantt draws the imported plan on MS Project's dates (the first pair starts Fri Oct 17, 2014).
    await page.goto(page.url().replace(/\/graph$/, "/gantt"));
    await expect.poll(() => page.locator("[data-gantt-bar]").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByText("Oct 17, 2014").first().isVisible()).toBe(true);
    // A plan wholly in the past opens at its start, not at today where no bar is.
    const scroller = await page.locator("[data-gantt-scroll]").boundingBox();
    const firstBar = await page.locator("[data-gantt-bar]").first().boundingBox();
    expect(firstBar && scroller && firstBar.x > scroller.x && firstBar.x < scroller.x + scroller.width).toBe(
      true,
    );
    expect(await page.locator("[data-dependency-type]").count()).toBeGreaterThan(0);
    await screenshot(page, "import-gantt");

    // Export CSV from the project menu: the file downloads with MS Project's predecessors.
    await page.getByRole("button", { name: "Project menu" }).click();
    await page.getByRole("menuitem", { name: "Export" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^task-links-[a-z0-9]+\.csv$/);
    const csv = readFileSync((await download.path()) as string, "utf8");
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    // The outline's two columns, the constraint's, the deadline, then the progress (docs/spec/import-export.md).
    expect(header).toBe(
      "ID,Name,Description,Status,Completed,Start,Finish,Duration,Category,Assignee,Predecessors,Outline Level,WBS,Constraint Type,Constraint Date,Deadline,% Complete,Actual Start,Actual Finish",
    );
    expect(rows).toHaveLength(16);
    expect(rows.some((row) => /SS\+2d/.test(row))).toBe(true);
  });

  it("says in words when the server is busy with other imports, and tries again by itself", async () => {
    const { page } = await signedInPage({ width: 1280, height: 900 });
    // Two other people's imports fill the instance's places
    // (docs/decisions/031-imports-off-the-request-thread.md).
    const holdings = [await app.app.importSlots.acquire(-1), await app.app.importSlots.acquire(-2)];
    try {
      await page.goto("/projects");
      await page.getByRole("button", { name: "Import", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Import a Plan" });
      await dialog.getByLabel("Plan file").setInputFiles(SAMPLE);
      // The dry run waits its turn briefly, then the server's words and a countdown show.
      const notice = dialog.getByTestId("import-busy");
      await expect
        .poll(() => notice.textContent(), { timeout: 15_000 })
        .toContain("The server is busy with other people's imports; try again in 5 seconds.");
      expect(await notice.textContent()).toMatch(/Reading the file again in \d s\./);
      expect(await dialog.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
      await screenshot(page, "import-busy");
    } finally {
      for (const release of holdings) release();
    }
    // Once a place is free, the dialog's own retry reads the file: the preview replaces the notice.
    const dialog = page.getByRole("dialog", { name: "Import a Plan" });
    await expect
      .poll(() => dialog.getByTestId("import-preview").textContent(), { timeout: 20_000 })
      .toContain("16 tasks, 8 dependencies");
    expect(await dialog.getByTestId("import-busy").count()).toBe(0);
  });
});
