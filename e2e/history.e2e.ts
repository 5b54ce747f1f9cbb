// History in the browser (docs/decisions/030-history-activity-and-undo.md): a task deleted by mistake
// in the graph comes back with its
// arrows on Ctrl+Z, the toast offers Redo, and the Activity panel lists the deletion and the undo.
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { card, openGraph, project, seedChain } from "./graph-fixtures";
import { expectToast } from "./page-checks";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInContext, seededPage, sharedPage } = setupBrowserApp();

describe("history: undo, redo and the activity panel", () => {
  it("deletes a task with dependencies in the graph, brings it back with Ctrl+Z, and lists both in Activity", async () => {
    const { context, page, project: created, b } = await seededPage(seedChain);
    await openGraph(page, created.slug, b.name);
    const edges = page.locator(".react-flow__edge");
    await expect.poll(() => edges.count()).toBe(2);

    await card(page, b.name).getByText(b.name).click();
    await page.keyboard.press("Backspace");
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => card(page, b.name).count()).toBe(0);
    await expect.poll(() => edges.count()).toBe(0);
    // The keys wait for the confirmation to be gone (no undo behind an open dialog).
    await expect.poll(() => confirm.count()).toBe(0);

    // Undo from the canvas, not from a field.
    await page.keyboard.press("Control+z");
    await expectToast(page, "Undone");
    await expect.poll(() => card(page, b.name).count()).toBe(1);
    await expect.poll(() => edges.count()).toBe(2);
    const restored = await project(context, created.id);
    expect(restored.tasks.map((task) => task.id)).toContain(b.id);
    expect(restored.dependencies).toHaveLength(2);
    await screenshot(page, "history-undone");

    // The toast's Redo deletes it again; Ctrl+Z brings it back once more.
    const toast = page.locator("li[data-swipe-direction]").filter({ hasText: "Undone" }).first();
    await toast.getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => card(page, b.name).count()).toBe(0);
    await page.keyboard.press("Control+z");
    await expect.poll(() => card(page, b.name).count()).toBe(1);
    await expect.poll(() => edges.count()).toBe(2);

    await page.getByRole("button", { name: "Activity" }).click();
    const panel = page.getByRole("dialog", { name: "Activity" });
    const entries = panel.getByTestId("activity-entry");
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(4);
    const texts = await entries.allInnerTexts();
    // Newest first: the last undo, the redo's deletion, the first undo, the deletion.
    expect(texts[0]).toMatch(/Review/);
    expect(texts.slice(0, 4).join("\n")).toMatch(/deleted[^\n]*Review/i);
    expect(texts.slice(0, 4).some((text) => /undid|undone|restored/i.test(text))).toBe(true);
    await screenshot(page, "history-activity-panel");
    await context.close();
  });

  it("leaves Ctrl+Z to a field being typed in, undoes a saved rename from the list, and shows it in the task's history; a viewer gets no undo", async () => {
    const { context, account } = await signedInContext();
    const created = await createProjectViaApi(context, "Kitchen");
    await createTaskViaApi(context, created.id, "Order tiles");
    const page = await context.newPage();
    await page.goto(`/projects/${created.slug}/list`);
    await page.getByRole("button", { name: "Order tiles", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    const name = dialog.getByLabel("Task Name");
    await name.fill("Order blue tiles");
    // In the field, Ctrl+Z is the field's: nothing is undone on the server, no toast says so.
    await name.press("Control+z");
    await dialog.getByLabel("Task Name").fill("Order blue tiles");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const row = (text: string) => page.getByRole("button", { name: text, exact: true });
    await expect.poll(() => row("Order blue tiles").count()).toBe(1);
    expect(await page.locator("li[data-swipe-direction]").filter({ hasText: "Undone" }).count()).toBe(0);

    await page.keyboard.press("Control+z");
    await expectToast(page, "Undone");
    await expect.poll(() => row("Order tiles").count()).toBe(1);
    await page.keyboard.press("Control+Shift+z");
    await expectToast(page, "Redone");
    await expect.poll(() => row("Order blue tiles").count()).toBe(1);

    await row("Order blue tiles").click();
    await dialog.getByRole("button", { name: "History" }).click();
    const history = dialog.getByRole("list", { name: "Task history" }).getByTestId("activity-entry");
    await expect.poll(() => history.count()).toBe(4);
    const lines = await history.allInnerTexts();
    expect(lines[0]).toMatch(/redid/i);
    expect(lines[3]).toMatch(/created task “Order tiles”/);
    await screenshot(page, "history-task-dialog");
    await page.keyboard.press("Escape");

    // A viewer reads the activity but has no Undo, and the keys do nothing.
    const { context: viewerContext, page: viewerPage } = await sharedPage(created, "viewer");
    await viewerPage.goto(`/projects/${created.slug}/list`);
    await expect
      .poll(() => viewerPage.getByRole("button", { name: "Order blue tiles", exact: true }).count())
      .toBe(1);
    await viewerPage.keyboard.press("Control+z");
    await viewerPage.getByRole("button", { name: "Activity" }).click();
    const panel = viewerPage.getByRole("dialog", { name: "Activity" });
    await expect.poll(() => panel.getByTestId("activity-entry").count()).toBe(5);
    expect(await panel.getByRole("button", { name: /^(Undo|Redo)$/ }).count()).toBe(0);
    expect((await panel.getByTestId("activity-entry").first().innerText()).includes(account.firstName)).toBe(
      true,
    );
    await viewerContext.close();
    await context.close();
  });
});
