// History in the browser (issue 22): a task deleted by mistake in the graph comes back with its
// arrows on Ctrl+Z, the toast offers Redo, and the Activity panel lists the deletion and the undo.
import { describe, expect, it } from "vitest";
import { expectToast, screenshot, setupBrowserApp } from "./fixtures";
import { card, openGraph, project, seedChain } from "./graph-fixtures";

const { newContext } = setupBrowserApp();

describe("history: undo, redo and the activity panel", () => {
  it("deletes a task with dependencies in the graph, brings it back with Ctrl+Z, and lists both in Activity", async () => {
    const context = await newContext();
    const { project: created, b } = await seedChain(context);
    const page = await context.newPage();
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
});
