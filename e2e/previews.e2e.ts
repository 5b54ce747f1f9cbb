// Every write that moves scheduled tasks shows its preview first (decisions section 8's dry run):
// a link drawn in the graph, a task added to or removed from "Waits for" in the task dialog, and
// the deletion of a task others wait on, whose question says what it moves.
import { format, nextMonday } from "date-fns";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations, settle } from "./accessibility-fixtures";
import { screenshot, setupBrowserApp } from "./fixtures";
import { card, drag, openGraph, tool } from "./graph-fixtures";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInPage } = setupBrowserApp();

/** Design (3 days), Build (2) then Test (2), Build before Test, in a project starting next Monday. */
async function seedPlan(context: BrowserContext) {
  const project = await createProjectViaApi(context, "Office move");
  const startDate = format(nextMonday(new Date()), "yyyy-MM-dd");
  const calendar = await context.request.patch(`/api/projects/${project.id}`, { data: { startDate } });
  if (calendar.status() !== 200) throw new Error(`calendar: ${calendar.status()}`);
  const at = (x: number) => ({ positionX: x, positionY: 0 });
  const design = await createTaskViaApi(context, project.id, "Design", { duration: 3, ...at(0) });
  const build = await createTaskViaApi(context, project.id, "Build", { duration: 2, ...at(380) });
  const test = await createTaskViaApi(context, project.id, "Test", { duration: 2, ...at(760) });
  await createDependencyViaApi(context, build, test);
  return { project, design, build, test };
}

const links = async (context: BrowserContext, projectId: number) =>
  ((await (await context.request.get(`/api/projects/${projectId}`)).json()).dependencies as unknown[]).length;

const previewOf = (page: Page) => page.getByRole("alertdialog", { name: "Apply this schedule change?" });

describe("previews before a change moves tasks", () => {
  it("asks before a link drawn in the graph moves tasks; Cancel makes nothing, Apply makes it", async () => {
    const { context, page } = await signedInPage({ width: 1440, height: 900 });
    const { project } = await seedPlan(context);
    await openGraph(page, project.slug, "Design");
    await tool(page, "Add connection").click();

    await drag(page, card(page, "Design"), card(page, "Build"));
    const preview = previewOf(page);
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await preview.getByTestId("schedule-preview").textContent()).toMatch(
      /^This moves 2 tasks; the project now finishes .+ \(was .+\)\.$/,
    );
    // Each with the chain that moved it: the new link's prerequisite, then the task it moved.
    expect(await preview.getByTestId("schedule-preview-moves").locator("span").allTextContents()).toEqual([
      "Build, after Design",
      "Test, after Design → Build",
    ]);
    await screenshot(page, "preview-graph-link");
    await preview.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await links(context, project.id)).toBe(1);
    expect(await page.locator(".react-flow__edge").count()).toBe(1);

    await drag(page, card(page, "Design"), card(page, "Build"));
    await expect.poll(() => preview.isVisible()).toBe(true);
    await preview.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => links(context, project.id)).toBe(2);
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(2);

    // Deleting Design from the graph says what it moves, in the question before it.
    await tool(page, "Select and move").click();
    await card(page, "Design").click();
    await tool(page, "Delete selected").click();
    const question = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect
      .poll(() => question.getByTestId("deletion-preview").textContent())
      .toMatch(/^This moves 2 tasks; the project now finishes .+ \(was .+\)\.$/);
    await settle(page);
    expect(await seriousViolations(page, "graph deletion question")).toEqual([]);
    await question.getByRole("button", { name: "Cancel" }).click();
    expect(await links(context, project.id)).toBe(2);
  });

  it("asks before Waits for adds or removes a link that moves tasks, and shows each link's type", async () => {
    const { context, page } = await signedInPage({ width: 1280, height: 900 });
    const { project, design, build } = await seedPlan(context);
    await createDependencyViaApi(context, design, build);
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: "Build", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    const waitsFor = dialog.getByRole("list", { name: "Waits for" });
    await expect.poll(() => waitsFor.textContent()).toContain("Design");
    await settle(page);
    expect(await seriousViolations(page, "task dialog with its links")).toEqual([]);
    // The link says its type, and where its type and lag are set.
    expect(await waitsFor.locator("[data-link-type]").textContent()).toBe("FS");
    expect(await dialog.textContent()).toContain(
      "double-click it in the graph, or click its arrow in the Gantt",
    );

    // Removing Design lets Build and Test start earlier: asked first; Cancel keeps the link.
    await dialog.getByRole("button", { name: 'Remove "Design" from Waits for' }).click();
    const preview = previewOf(page);
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await preview.getByTestId("schedule-preview").textContent()).toMatch(/^This moves 2 tasks;/);
    await settle(page);
    expect(await seriousViolations(page, "schedule preview")).toEqual([]);
    await preview.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await links(context, project.id)).toBe(2);
    await dialog.getByRole("button", { name: 'Remove "Design" from Waits for' }).click();
    await preview.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => links(context, project.id)).toBe(1);

    // Adding it back moves them again: asked first, and Cancel adds nothing.
    await dialog.getByLabel("Add a task it waits for").selectOption({ label: "Design" });
    await dialog.getByRole("button", { name: "Add to Waits for" }).click();
    await expect.poll(() => preview.isVisible()).toBe(true);
    await preview.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await links(context, project.id)).toBe(1);
    await dialog.getByLabel("Add a task it waits for").selectOption({ label: "Design" });
    await dialog.getByRole("button", { name: "Add to Waits for" }).click();
    await preview.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => links(context, project.id)).toBe(2);

    // Clicking the link opens its type and lag.
    await waitsFor.getByRole("button", { name: /Design.*set its type and lag/ }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Dependency" }).isVisible()).toBe(true);
    await settle(page);
    expect(await seriousViolations(page, "dependency dialog")).toEqual([]);
  });

  it("says what deleting a task others wait on moves, in the question before it", async () => {
    const { context, page } = await signedInPage({ width: 1280, height: 900 });
    const { project, design, build } = await seedPlan(context);
    await createDependencyViaApi(context, design, build);
    await createTaskViaApi(context, project.id, "Notes");
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: "Design", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    const question = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect
      .poll(() => question.getByTestId("deletion-preview").textContent())
      .toMatch(/^This moves 2 tasks; the project now finishes .+ \(was .+\)\.$/);
    await screenshot(page, "preview-delete-task");
    await settle(page);
    expect(await seriousViolations(page, "schedule preview")).toEqual([]);
    await question.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => question.isVisible()).toBe(false);

    // A task off the schedule moves nothing, and its question says nothing of moves.
    await page.getByRole("button", { name: "Notes", exact: true }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => question.isVisible()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await question.getByTestId("deletion-preview").count()).toBe(0);
  });
});
