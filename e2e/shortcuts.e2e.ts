// The project page's single keys in the browser (docs/spec/keyboard-and-palette.md): N, G then
// G/L/P/T/K, E and X on the task the user is on in each view, / and ?, keys left alone while typing,
// a viewer's refusals, and the shortcut list scanned by axe.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations, settle } from "./accessibility-fixtures";
import { screenshot, setupBrowserApp } from "./fixtures";
import { seedTimeline, storedTask } from "./gantt-kanban-fixtures";
import { expectNewToast, expectToast } from "./page-checks";

const { seededPage, sharedPage } = setupBrowserApp();

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const listRow = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const shown = (locator: { isVisible: () => Promise<boolean> }) => () => locator.isVisible();
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

/** What marks each view as open: its path's last part and something only it shows. */
const VIEW_MARKS = {
  graph: (page: Page) => page.getByRole("toolbar", { name: "Graph tools" }),
  list: (page: Page) => heading(page, "Tasks (3)"),
  phases: (page: Page) => heading(page, "Project Execution Phases"),
  gantt: (page: Page) => heading(page, "Project Timeline"),
  kanban: (page: Page) => page.getByRole("group", { name: "Kanban board" }),
} as const;

async function expectView(page: Page, view: keyof typeof VIEW_MARKS) {
  await expect.poll(() => new URL(page.url()).pathname.split("/").at(-1)).toBe(view);
  await expect.poll(shown(VIEW_MARKS[view](page))).toBe(true);
  // The switcher shows it as the page open.
  const tab = page.getByRole("navigation", { name: "Project views" }).locator('[aria-current="page"]');
  await expect.poll(() => tab.textContent()).toBe(view.charAt(0).toUpperCase() + view.slice(1));
}

/** The task dialog open on `name`: its Task Name field reads it. */
async function expectEditing(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await expect.poll(shown(dialog)).toBe(true);
  expect(await dialog.getByLabel("Task Name").inputValue()).toBe(name);
  // The dialog hears Escape once its effects have run, the same ones that move the focus into it:
  // on a busy machine a key pressed before then would go unheard.
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog.count()).toBe(0);
}

async function openList(page: Page, slug: string) {
  await page.goto(`/projects/${slug}/list`);
  await expect.poll(shown(heading(page, "Tasks (3)"))).toBe(true);
}

const completed = (context: BrowserContext, projectId: number, taskId: number) => async () =>
  (await storedTask(context, projectId, taskId)).completed;

describe("single-key shortcuts on the project page", () => {
  it("N opens the new-task dialog, and keys typed in a field stay in the field", async () => {
    const { context, page, project } = await seededPage(seedTimeline);
    await openList(page, project.slug);
    await page.keyboard.press("n");
    const dialog = page.getByRole("dialog", { name: "Add New Task" });
    await expect.poll(shown(dialog)).toBe(true);
    // Inside the dialog's fields the letters are text, not shortcuts.
    await dialog.getByLabel("Task Name").pressSequentially("gtnex?");
    expect(await dialog.getByLabel("Task Name").inputValue()).toBe("gtnex?");
    expect(new URL(page.url()).pathname).toBe(`/projects/${project.slug}/list`);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it("G then L, G, P, T and K switch the view", async () => {
    const { context, page, project } = await seededPage(seedTimeline);
    await openList(page, project.slug);
    for (const [letter, view] of [
      ["t", "gantt"],
      ["k", "kanban"],
      ["p", "phases"],
      ["g", "graph"],
      ["l", "list"],
    ] as const) {
      await page.keyboard.press("g");
      await page.keyboard.press(letter);
      await expectView(page, view);
    }
    // The view is remembered as the preferred one, as the switcher does.
    await expect
      .poll(async () => {
        const answer = await context.request.get(`/api/projects/${project.id}`);
        return ((await answer.json()) as { project: { preferredView: string } }).project.preferredView;
      })
      .toBe("list");
    // G then a key that ends no sequence does nothing, not even that key's own shortcut.
    await page.keyboard.press("g");
    await page.keyboard.press("n");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("E edits and X completes the task the user is on, in the list, the Gantt chart, the board and the graph", async () => {
    const { context, page, project, sketch, build, launch } = await seededPage(seedTimeline);
    await openList(page, project.slug);

    // Nothing chosen: a short word, no dialog.
    await page.keyboard.press("e");
    await expectToast(page, "Select a task first");
    expect(await page.getByRole("dialog").count()).toBe(0);

    await listRow(page, sketch.name).focus();
    await page.keyboard.press("e");
    await expectEditing(page, sketch.name);
    // The arrow keys move to the next row (project order: by each task's place, so "Launch", first
    // of its own category, sits beside "Sketch the pages"); E follows.
    const listNames = await page.locator('[data-task-row] [data-row-control="open"]').allTextContents();
    const nextName = listNames[listNames.indexOf(sketch.name) + 1];
    expect(nextName).toBeDefined();
    await listRow(page, sketch.name).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("e");
    await expectEditing(page, nextName);

    await listRow(page, sketch.name).focus();
    await page.keyboard.press("x");
    await expect.poll(completed(context, project.id, sketch.id)).toBe(true);
    await expectToast(page, "Task updated");
    // X again reopens it, as the checkbox does.
    await listRow(page, sketch.name).focus();
    await page.keyboard.press("x");
    await expect.poll(completed(context, project.id, sketch.id)).toBe(false);
    // The page too: it judges whether the next task still waits by what it shows.
    await expect
      .poll(() => page.getByRole("checkbox", { name: `Mark "${sketch.name}" as completed` }).isChecked())
      .toBe(false);

    // A task still waiting for an unfinished one asks first, as every view does.
    await listRow(page, build.name).focus();
    await page.keyboard.press("x");
    const confirm = page.getByRole("alertdialog", { name: "Complete a waiting task?" });
    await expect.poll(shown(confirm)).toBe(true);
    await confirm.getByRole("button", { name: "Complete Anyway" }).click();
    await expect.poll(completed(context, project.id, build.id)).toBe(true);
    // The keys wait for the confirmation to finish closing: an open dialog keeps them.
    await expect.poll(() => confirm.count()).toBe(0);

    // The Gantt chart: the row's name has the focus.
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await expectView(page, "gantt");
    const ganttName = page.locator(`[data-gantt-row="${launch.id}"] [data-row-control="open"]`);
    await ganttName.focus();
    await page.keyboard.press("e");
    await expectEditing(page, launch.name);
    // The arrow keys move to the next row's name, as in the list; E follows.
    const rowIds = await page
      .locator("[data-gantt-row]")
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-gantt-row"))));
    await page.locator(`[data-gantt-row="${rowIds[0]}"] [data-row-control="open"]`).focus();
    await page.keyboard.press("ArrowDown");
    const second = [sketch, build, launch].find((task) => task.id === rowIds[1]);
    await page.keyboard.press("e");
    await expectEditing(page, second?.name ?? "");

    // The board: the card has the focus.
    await page.keyboard.press("g");
    await page.keyboard.press("k");
    await expectView(page, "kanban");
    await page.locator(`[data-kanban-card="${launch.id}"]`).focus();
    await page.keyboard.press("e");
    await expectEditing(page, launch.name);

    // The graph: the card clicked is selected.
    await page.keyboard.press("g");
    await page.keyboard.press("g");
    await expectView(page, "graph");
    const card = page.locator(`.react-flow__node[data-id="${sketch.id}"]`);
    await expect.poll(shown(card)).toBe(true);
    await card.getByText(sketch.name, { exact: true }).click();
    await expect.poll(() => card.getAttribute("class")).toMatch(/\bselected\b/);
    // The toast first, this X's own (an earlier one may still show): one arriving over the dialog
    // would take its Escape (the newest layer hears it).
    await expectNewToast(page, "Task updated", () => page.keyboard.press("x"));
    await expect.poll(completed(context, project.id, sketch.id)).toBe(true);
    await page.keyboard.press("e");
    await expectEditing(page, sketch.name);
    await context.close();
  });

  it("/ focuses the list's search, and letters typed there filter instead of running shortcuts", async () => {
    const { context, page, project, sketch } = await seededPage(seedTimeline);
    await openList(page, project.slug);
    await listRow(page, sketch.name).focus();
    await page.keyboard.press("/");
    await expect.poll(() => focusedLabel(page)).toBe("Search tasks");
    await page.keyboard.type("xgk");
    expect(await page.getByLabel("Search tasks").inputValue()).toBe("xgk");
    expect(new URL(page.url()).pathname).toBe(`/projects/${project.slug}/list`);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await completed(context, project.id, sketch.id)()).toBe(false);
    await page.getByLabel("Search tasks").fill("Sketch");
    await expect.poll(shown(heading(page, "Tasks (1)"))).toBe(true);
    await context.close();
  });

  it("/ opens the command palette in a view without a search box", async () => {
    const { context, page, project } = await seededPage(seedTimeline);
    await page.goto(`/projects/${project.slug}/phases`);
    await expectView(page, "phases");
    await page.keyboard.press("/");
    await expect
      .poll(shown(page.getByRole("combobox", { name: "Search projects, tasks and commands" })))
      .toBe(true);
    await context.close();
  });

  it("? lists every shortcut, and the list passes axe", async () => {
    const { context, page, project } = await seededPage(seedTimeline);
    await openList(page, project.slug);
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect.poll(shown(dialog)).toBe(true);
    const labels = await dialog.locator("dt").allInnerTexts();
    for (const label of [
      "New task",
      "Edit selected task",
      "Complete selected task",
      "Graph view",
      "List view",
      "Phases view",
      "Gantt view",
      "Kanban view",
      "Search",
      "Keyboard shortcuts",
      "Undo",
      "Redo",
      "Open the command palette",
      "Move to the row above or below",
      "Indent or outdent the chosen rows",
      "Close, or clear the chosen rows",
    ]) {
      expect(labels).toContain(label);
    }
    expect(await dialog.locator("kbd").count()).toBeGreaterThan(20);
    // While it is open the single keys wait.
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    expect(new URL(page.url()).pathname).toBe(`/projects/${project.slug}/list`);
    await settle(page);
    expect(await seriousViolations(page, "shortcuts-dialog")).toEqual([]);
    await screenshot(page, "shortcuts-dialog");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it("a viewer is told N and X are not theirs, and E shows the task read-only", async () => {
    const { context, project, sketch } = await seededPage(seedTimeline);
    const { context: viewerContext, page } = await sharedPage(project, "viewer");
    await openList(page, project.slug);
    await page.keyboard.press("n");
    await expectToast(page, "You don't have permission to create tasks");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await listRow(page, sketch.name).focus();
    await page.keyboard.press("x");
    await expectToast(page, "You don't have permission to edit this task");
    expect(await completed(context, project.id, sketch.id)()).toBe(false);
    await listRow(page, sketch.name).focus();
    await page.keyboard.press("e");
    await expect.poll(shown(page.getByRole("dialog", { name: "Task Details" }))).toBe(true);
    await viewerContext.close();
    await context.close();
  });
});
