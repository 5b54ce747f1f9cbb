// The command palette in the browser (docs/spec/keyboard-and-palette.md): Ctrl+K finds a task of
// another project by name and Enter opens that project with the task's dialog open; a project
// opened by name; "Go to My Tasks" run from it; the theme switched from it; and the open palette
// scanned by axe in the light and the dark theme at every width.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations, settle, WIDTHS } from "./accessibility-fixtures";
import { screenshot, setupBrowserApp } from "./fixtures";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

const shown = (locator: { isVisible: () => Promise<boolean> }) => () => locator.isVisible();
const path = (page: Page) => new URL(page.url()).pathname;
const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const paletteInput = (page: Page) =>
  palette(page).getByRole("combobox", { name: "Search projects, tasks and commands" });
const option = (page: Page, name: string | RegExp) =>
  palette(page).getByRole("option", { name, exact: typeof name === "string" });
const isSelected = (page: Page, name: string | RegExp) => () =>
  option(page, name).getAttribute("aria-selected");

/** Two projects of one owner: the task searched for lives in the one not open. */
async function seedTwoProjects(context: BrowserContext) {
  const harbour = await createProjectViaApi(context, "Harbour Refit");
  const sand = await createTaskViaApi(context, harbour.id, "Sand the hull");
  await createTaskViaApi(context, harbour.id, "Replace the rigging", { status: "in-progress" });
  const garden = await createProjectViaApi(context, "Garden shed");
  await createTaskViaApi(context, garden.id, "Dig footings");
  return { harbour, sand, garden };
}

/** Ctrl+K, and the palette is open with the focus in its input. */
async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  await expect.poll(shown(paletteInput(page))).toBe(true);
  await expect
    .poll(() => paletteInput(page).evaluate((input) => input === document.activeElement))
    .toBe(true);
}

describe("the command palette", () => {
  it("finds a task of another project by name, and Enter opens that project with the task's dialog", async () => {
    const { context, page } = await signedInPage();
    const { harbour, garden } = await seedTwoProjects(context);
    await page.goto(`/projects/${garden.slug}/list`);
    await expect.poll(shown(page.getByRole("heading", { name: "Tasks (1)" }))).toBe(true);

    await openPalette(page);
    await paletteInput(page).pressSequentially("sand the h");
    const task = option(page, /^Sand the hull/);
    await expect.poll(shown(task)).toBe(true);
    // The project beside it, and its status.
    expect(await task.textContent()).toContain("Harbour Refit");
    expect(await task.textContent()).toContain("To Do");
    await expect.poll(isSelected(page, /^Sand the hull/)).toBe("true");
    await screenshot(page, "command-palette-task-found");

    await page.keyboard.press("Enter");
    // The project opens in the view the user was on, the task's dialog over it.
    await expect.poll(() => path(page)).toBe(`/projects/${harbour.slug}/list`);
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(shown(dialog), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByLabel("Task Name").inputValue()).toBe("Sand the hull");
    expect(page.url()).not.toContain("task=");
    expect(await palette(page).count()).toBe(0);
    await context.close();
  });

  it("opens a project by name from the header's Search button", async () => {
    const { context, page } = await signedInPage();
    const { harbour } = await seedTwoProjects(context);
    await page.goto("/my-tasks");
    const searchButton = page.getByRole("button", { name: "Search…" });
    await expect.poll(shown(searchButton)).toBe(true);
    expect(await searchButton.getAttribute("aria-keyshortcuts")).toBe("Control+K");
    await searchButton.click();
    await expect.poll(shown(paletteInput(page))).toBe(true);

    await paletteInput(page).pressSequentially("harbour");
    await expect.poll(shown(option(page, "Harbour Refit"))).toBe(true);
    await expect.poll(isSelected(page, "Harbour Refit")).toBe("true");
    await page.keyboard.press("Enter");
    await expect.poll(() => path(page)).toBe(`/projects/${harbour.slug}/graph`);
    await context.close();
  });

  it("runs Go to My Tasks, and Ctrl+K or Escape closes it with the focus back where it was", async () => {
    const { context, page } = await signedInPage();
    await seedTwoProjects(context);
    await page.goto("/projects");
    const searchButton = page.getByRole("button", { name: "Search…" });
    await expect.poll(shown(searchButton)).toBe(true);

    await searchButton.focus();
    await openPalette(page);
    await page.keyboard.press("Control+k");
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(() => searchButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await openPalette(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(() => searchButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await openPalette(page);
    await paletteInput(page).pressSequentially("my tasks");
    await expect.poll(isSelected(page, "Go to My Tasks")).toBe("true");
    await page.keyboard.press("Enter");
    await expect.poll(() => path(page)).toBe("/my-tasks");
    await expect.poll(shown(page.getByText("Sand the hull"))).toBe(true);
    await context.close();
  });

  it("switches the theme, and axe finds nothing serious in the open palette in either theme", async () => {
    const { context, page } = await signedInPage();
    const { harbour } = await seedTwoProjects(context);
    await page.goto(`/projects/${harbour.slug}/list`);
    await expect.poll(shown(page.getByRole("heading", { name: "Tasks (2)" }))).toBe(true);
    const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await dark()).toBe(false);

    const findings: string[] = [];
    /** The palette open on results and on commands, scanned and pictured at every width. */
    const scan = async (theme: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await openPalette(page);
        await paletteInput(page).pressSequentially("the");
        await expect.poll(shown(option(page, /^Sand the hull/))).toBe(true);
        await settle(page);
        findings.push(...(await seriousViolations(page, `palette-results-${theme}-${width}`)));
        await screenshot(page, `command-palette-${theme}-${width}`);
        await paletteInput(page).fill("");
        await expect.poll(shown(option(page, "Go to My Tasks"))).toBe(true);
        findings.push(...(await seriousViolations(page, `palette-commands-${theme}-${width}`)));
        await page.keyboard.press("Escape");
        await expect.poll(() => palette(page).count()).toBe(0);
      }
    };
    await scan("light");

    await openPalette(page);
    await paletteInput(page).pressSequentially("dark theme");
    await expect.poll(isSelected(page, "Switch to dark theme")).toBe("true");
    await page.keyboard.press("Enter");
    await expect.poll(dark).toBe(true);
    // Saved for the user, for every device.
    await expect
      .poll(
        async () => ((await (await context.request.get("/api/auth/user")).json()) as { theme: string }).theme,
      )
      .toBe("dark");
    await scan("dark");

    // And back, from the same command now named for the other theme.
    await openPalette(page);
    await paletteInput(page).pressSequentially("light theme");
    await expect.poll(isSelected(page, "Switch to light theme")).toBe("true");
    await page.keyboard.press("Enter");
    await expect.poll(dark).toBe(false);

    expect(findings).toEqual([]);
    await context.close();
  });
});
