// What a new user ran into with edits (docs/decisions/023-edits-that-meet-and-reaching-tasks.md): two
// people editing one task lose nothing; a task
// still waiting for others asks before it is completed, in every view; kanban shows who waits; My
// Tasks says what a tick did and where snoozed tasks went.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { column, dragOnto, card as kanbanCard, storedTask } from "./gantt-kanban-fixtures";
import { card as graphCard } from "./graph-fixtures";
import { expectToast } from "./page-checks";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInContext, sharedContext } = setupBrowserApp();

const shown = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const CONFIRM_QUESTION = /This task is waiting for 1 unfinished task\. Complete it anyway\?/;
const confirmation = (page: Page) => page.getByRole("alertdialog", { name: "Complete a waiting task?" });

/** Opens a task's dialog from the list by its name. */
async function openFromList(page: Page, slug: string, name: string) {
  await page.goto(`/projects/${slug}/list`);
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

/** A project with "Site survey" -> "Demolition", both open. */
async function seedWaiting(context: BrowserContext, name: string) {
  const project = await createProjectViaApi(context, name);
  const survey = await createTaskViaApi(context, project.id, "Site survey", { positionX: 0, positionY: 0 });
  const demolition = await createTaskViaApi(context, project.id, "Demolition", {
    positionX: 380,
    positionY: 0,
  });
  await createDependencyViaApi(context, survey, demolition);
  return { project, survey, demolition };
}

/** An owner and an editor of one project holding "Paint the kitchen" (description "White"). */
async function seedShared(name: string) {
  const { context: owner } = await signedInContext();
  const project = await createProjectViaApi(owner, name);
  const task = await createTaskViaApi(owner, project.id, "Paint the kitchen", { description: "White" });
  const { context: editor } = await sharedContext(project, "editor");
  return { owner, editor, project, task };
}

const storedFields = async (context: BrowserContext, projectId: number) =>
  (await (await context.request.get(`/api/projects/${projectId}`)).json()).tasks[0];

describe("two people editing one task", () => {
  it("follows the other's change live: their value shows where both changed a field, and nothing is lost", async () => {
    const { owner, editor, project } = await seedShared("House renovation");
    const ownerPage = await owner.newPage();
    const editorPage = await editor.newPage();
    const ownerDialog = await openFromList(ownerPage, project.slug, "Paint the kitchen");
    const editorDialog = await openFromList(editorPage, project.slug, "Paint the kitchen");

    // The editor starts renaming; meanwhile the owner renames and rewrites the description.
    await editorDialog.getByLabel("Task Name").fill("Paint the kitchen blue");
    await ownerDialog.getByLabel("Task Name").fill("Paint the kitchen green");
    await ownerDialog.getByLabel("Description").fill("Two coats, eggshell");
    await ownerDialog.getByRole("button", { name: "Update" }).click();
    await expectToast(ownerPage, '"Paint the kitchen green" has been updated successfully');

    // The owner's change arrives in the editor's open dialog.
    const notice = editorDialog.getByRole("alert");
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain("Someone else changed this task while it was open");
    expect(await notice.textContent()).toContain("Paint the kitchen green");
    expect(await editorDialog.getByLabel("Description").inputValue()).toBe("Two coats, eggshell");
    expect(await editorDialog.getByLabel("Task Name").inputValue()).toBe("Paint the kitchen blue");
    await screenshot(editorPage, "edits-conflict-notice");

    // Update applies the editor's name over the version they have now seen.
    await editorDialog.getByRole("button", { name: "Update" }).click();
    await expectToast(editorPage, '"Paint the kitchen blue" has been updated successfully');
    expect(await storedFields(owner, project.id)).toMatchObject({
      name: "Paint the kitchen blue",
      description: "Two coats, eggshell",
    });
    await Promise.all([owner.close(), editor.close()]);
  });

  it("says so when the other deletes the task, keeps what was typed, and adds it again on request", async () => {
    const { owner, editor, project, task } = await seedShared("Kitchen");
    const editorPage = await editor.newPage();
    const editorDialog = await openFromList(editorPage, project.slug, "Paint the kitchen");
    await editorDialog.getByLabel("Description").fill("White, two coats, then the doors");

    // The owner deletes the task meanwhile.
    expect((await owner.request.delete(`/api/tasks/${task.id}`)).status()).toBe(204);
    const notice = editorDialog.getByRole("alert");
    await expect
      .poll(() => notice.textContent())
      .toContain("Someone else deleted this task while it was open");
    expect(await editorDialog.getByLabel("Description").inputValue()).toBe(
      "White, two coats, then the doors",
    );
    expect(await editorDialog.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await screenshot(editorPage, "edits-deleted-notice");

    // "Add as new task" makes it again from the form.
    await editorDialog.getByRole("button", { name: "Add as new task" }).click();
    await expect.poll(() => editorDialog.isVisible()).toBe(false);
    const stored = (await (await owner.request.get(`/api/projects/${project.id}`)).json()) as {
      tasks: { id: number; name: string; description: string }[];
    };
    expect(stored.tasks).toHaveLength(1);
    expect(stored.tasks[0]).toMatchObject({
      name: "Paint the kitchen",
      description: "White, two coats, then the doors",
    });
    expect(stored.tasks[0].id).not.toBe(task.id);
    await Promise.all([owner.close(), editor.close()]);
  });

  it("refuses a save made on an older version with the other's values, then applies it again on request", async () => {
    const { owner, editor, project, task } = await seedShared("Bathroom refit");
    // My Tasks takes no live updates: the editor's save is what meets the owner's change.
    const editorPage = await editor.newPage();
    await editorPage.goto("/my-tasks");
    await editorPage
      .getByRole("button", { name: /Paint the kitchen/ })
      .first()
      .click();
    const dialog = editorPage.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Task Name").fill("Paint the kitchen blue");
    const ownerSave = await owner.request.put(`/api/tasks/${task.id}`, {
      data: { name: "Paint the kitchen green", description: "Two coats, eggshell" },
    });
    expect(ownerSave.status()).toBe(200);

    await dialog.getByRole("button", { name: "Update" }).click();
    const notice = dialog.getByRole("alert");
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain("Paint the kitchen green");
    expect(await dialog.getByLabel("Description").inputValue()).toBe("Two coats, eggshell");
    expect(await storedFields(owner, project.id)).toMatchObject({ name: "Paint the kitchen green" });

    await dialog.getByRole("button", { name: "Update" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await storedFields(owner, project.id)).toMatchObject({
      name: "Paint the kitchen blue",
      description: "Two coats, eggshell",
    });
    await Promise.all([owner.close(), editor.close()]);
  });
});

describe("completing a task that still waits", () => {
  it("asks in the list, and Cancel leaves it open while Complete Anyway completes it", async () => {
    const { context } = await signedInContext();
    const { project, demolition } = await seedWaiting(context, "Kitchen");
    const page = await context.newPage();
    await page.goto(`/projects/${project.slug}/list`);
    const tick = page.getByRole("checkbox", { name: 'Mark "Demolition" as completed' });
    await tick.click();
    await expect.poll(shown(page, CONFIRM_QUESTION)).toBe(true);
    await screenshot(page, "edits-confirm-completion");
    await confirmation(page).getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => confirmation(page).count()).toBe(0);
    expect(await tick.isChecked()).toBe(false);
    expect((await storedTask(context, project.id, demolition.id)).completed).toBe(false);

    await tick.click();
    await confirmation(page).getByRole("button", { name: "Complete Anyway" }).click();
    await expect
      .poll(async () => (await storedTask(context, project.id, demolition.id)).completed)
      .toBe(true);
    // A task waiting for nothing completes at once.
    await page.getByRole("checkbox", { name: 'Mark "Site survey" as completed' }).click();
    await expect
      .poll(() => page.getByRole("checkbox", { name: 'Mark "Site survey" as completed' }).isChecked())
      .toBe(true);
    expect(await confirmation(page).count()).toBe(0);
    await context.close();
  });

  it("asks in the graph, on kanban (where the card carries a Waiting badge) and in My Tasks", async () => {
    const { context } = await signedInContext();
    const { project, survey, demolition } = await seedWaiting(context, "Bathroom");
    const page = await context.newPage();

    await page.goto(`/projects/${project.slug}/graph`);
    await expect.poll(() => graphCard(page, "Demolition").isVisible()).toBe(true);
    await graphCard(page, "Demolition")
      .getByRole("checkbox", { name: 'Mark "Demolition" as completed' })
      .click();
    await expect.poll(shown(page, CONFIRM_QUESTION)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => confirmation(page).count()).toBe(0);
    expect((await storedTask(context, project.id, demolition.id)).completed).toBe(false);

    await page.goto(`/projects/${project.slug}/kanban`);
    await expect.poll(() => kanbanCard(page, demolition.id).isVisible()).toBe(true);
    expect(await kanbanCard(page, demolition.id).textContent()).toContain("Waiting for 1");
    expect(await kanbanCard(page, survey.id).textContent()).not.toContain("Waiting");
    await screenshot(page, "edits-kanban-waiting");
    await dragOnto(page, kanbanCard(page, demolition.id), column(page, "completed"));
    await expect.poll(shown(page, CONFIRM_QUESTION)).toBe(true);
    await confirmation(page).getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => column(page, "not-started").locator(`[data-kanban-card="${demolition.id}"]`).isVisible())
      .toBe(true);
    expect((await storedTask(context, project.id, demolition.id)).completed).toBe(false);

    // My Tasks lists the survey; a prerequisite added since (by someone else) makes it wait. The
    // page hears of it too late on purpose (its live notices are cut): a fast page would drop the
    // survey, which no longer can start, before the tick; the server still asks.
    const prerequisite = await createTaskViaApi(context, project.id, "Order the skip");
    await page.route("**/api/my-tasks/events", (route) => route.abort());
    await page.goto("/my-tasks");
    await expect.poll(shown(page, "Site survey")).toBe(true);
    await createDependencyViaApi(context, prerequisite, survey);
    await page.getByRole("checkbox", { name: /Site survey/ }).click();
    await expect.poll(shown(page, CONFIRM_QUESTION)).toBe(true);
    await confirmation(page).getByRole("button", { name: "Complete Anyway" }).click();
    await expectToast(page, "Task completed");
    await expect.poll(async () => (await storedTask(context, project.id, survey.id)).completed).toBe(true);
    await context.close();
  });
});

describe("My Tasks", () => {
  it("says what a tick did, and shows the snoozed tasks on request", async () => {
    const { context } = await signedInContext();
    const project = await createProjectViaApi(context, "Garden");
    await createTaskViaApi(context, project.id, "Mow the lawn");
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    await createTaskViaApi(context, project.id, "Prune the roses", { snoozeUntil: tomorrow });
    const page = await context.newPage();
    await page.goto("/my-tasks");
    await expect.poll(shown(page, "Mow the lawn")).toBe(true);
    expect(await page.getByText("Prune the roses").count()).toBe(0);

    const toggle = page.getByRole("button", { name: "Show snoozed (1)" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    await expect.poll(shown(page, "Prune the roses")).toBe(true);
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "edits-my-tasks-snoozed");
    await toggle.click();
    await expect.poll(() => page.getByText("Prune the roses").count()).toBe(0);

    await page.getByRole("checkbox", { name: /Mow the lawn/ }).click();
    await expectToast(page, '"Mow the lawn" is done');
    await context.close();
  });
});
