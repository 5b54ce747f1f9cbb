// The failure toasts, each reached by making the real server fail the request
// (app.faults, server/test/fault-switch.ts) and checked by the toast a person sees. Each test also
// checks that the failure changed nothing on the server.
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { setupBrowserApp } from "./fixtures";
import { card as boardCard, column, dragBy, dragOnto, seedBoard } from "./gantt-kanban-fixtures";
import { card as graphCard, openGraph, seedChain, project as storedProject, tool } from "./graph-fixtures";
import { expectToast } from "./page-checks";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi, shareProjectInDb } from "./seeding";

const { app, newContext, signedInContext, seededPage } = setupBrowserApp();
afterEach(() => app.faults.clear());

const projectMenu = (page: Page) => page.getByRole("button", { name: "Project menu" });
const visible = (page: Page, text: string) => () => page.getByText(text, { exact: true }).first().isVisible();

describe("failure toasts when the server fails", () => {
  it("tells why project lists, creation, details, archiving and deletion failed", async () => {
    const { context } = await signedInContext();
    const created = await createProjectViaApi(context, "Shed", "A small wooden shed.");
    const page = await context.newPage();

    // One list at a time: at most one toast shows at a time, so two failing together would
    // leave only the later one on screen.
    app.faults.add({ method: "GET", path: /^\/api\/projects(\?|$)/, status: 500, message: "Lists are down" });
    await page.goto("/my-tasks");
    await expect.poll(visible(page, "Failed to fetch projects")).toBe(true);
    await expectToast(page, "Lists are down");
    app.faults.clear();
    app.faults.add({
      method: "GET",
      path: /^\/api\/shared-projects/,
      status: 500,
      message: "Shares are down",
    });
    await page.reload();
    await expect.poll(visible(page, "Failed to fetch shared projects")).toBe(true);
    await expectToast(page, "Shares are down");
    app.faults.clear();

    await page.goto(`/projects/${created.slug}/graph`);
    await expect.poll(() => page.getByRole("heading", { name: "Shed" }).isVisible()).toBe(true);
    expect(await page.getByText("A small wooden shed.").isVisible()).toBe(true);

    // New Project.
    app.faults.add({
      method: "POST",
      path: /^\/api\/projects$/,
      status: 500,
      message: "Disk full",
      times: 1,
    });
    await page
      .getByRole("complementary", { name: "Sidebar" })
      .getByRole("button", { name: "New Project" })
      .click();
    const newProject = page.getByRole("dialog", { name: "New Project" });
    await newProject.getByLabel("Name").fill("Greenhouse");
    await newProject.getByRole("button", { name: "Create Project" }).click();
    await expectToast(page, "Failed to create project: Disk full");
    await newProject.getByRole("button", { name: "Cancel" }).click();

    // Edit Details: a failure, then a success that the header shows.
    const detailsPath = new RegExp(`^/api/projects/${created.id}$`);
    app.faults.add({ method: "PUT", path: detailsPath, status: 503, message: "Try later", times: 1 });
    await projectMenu(page).click();
    await page.getByRole("menuitem", { name: "Edit Details" }).click();
    const details = page.getByRole("dialog", { name: "Project Details" });
    await details.getByLabel("Description").fill("A shed with a green roof.");
    await details.getByRole("button", { name: "Save Details" }).click();
    await expectToast(page, "Failed to update project: Try later");
    expect((await storedProject(context, created.id)) as unknown).toMatchObject({
      project: { description: "A small wooden shed." },
    });
    await details.getByRole("button", { name: "Save Details" }).click();
    await expectToast(page, "Project updated successfully");
    await expect.poll(() => page.getByText("A shed with a green roof.").isVisible()).toBe(true);

    // Archive.
    app.faults.add({ method: "PATCH", path: detailsPath, status: 500, times: 1 });
    await projectMenu(page).click();
    await page.getByRole("menuitem", { name: "Archive Project" }).click();
    await expectToast(page, "Failed to update project status");

    // Delete.
    app.faults.add({ method: "DELETE", path: detailsPath, status: 500, message: "Locked", times: 1 });
    await projectMenu(page).click();
    await page.getByRole("menuitem", { name: "Delete Project" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Project" }).click();
    await expectToast(page, "Failed to delete project: Locked");
    const after = (await storedProject(context, created.id)) as unknown as {
      project: { archived: boolean; description: string };
    };
    expect(after.project).toMatchObject({ archived: false, description: "A shed with a green roof." });
    await context.close();
  });

  it("says the connection is the problem when a save cannot reach the server, without a status code", async () => {
    const { context, page, project: created, a } = await seededPage(seedChain, "Offline");
    await page.goto(`/projects/${created.slug}/list`);
    await page.getByRole("button", { name: a.name, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await dialog.getByLabel("Task Name").fill("Draft the plan, offline");
    await context.setOffline(true);
    await dialog.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "The server could not be reached. Check your connection and try again.");
    // The dialog stays, with what was typed, and its button is Update again.
    expect(await dialog.getByLabel("Task Name").inputValue()).toBe("Draft the plan, offline");
    await expect.poll(() => dialog.getByRole("button", { name: "Update" }).isEnabled()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it("tells why task and dependency writes failed, in the dialog, the list and the graph", async () => {
    const { context, page, project: created, a, b } = await seededPage(seedChain, "Launch");
    await openGraph(page, created.slug, a.name);

    // A new node on the canvas.
    app.faults.add({ method: "POST", path: /\/tasks$/, status: 500, message: "No room", times: 1 });
    await tool(page, "Add node").click();
    const canvas = (await page.locator(".react-flow").boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height * 0.8);
    await expectToast(page, "Failed to create task");

    // Deleting a connection.
    app.faults.add({ method: "DELETE", path: /^\/api\/dependencies\//, status: 500, times: 1 });
    await page.locator(".react-flow__edge").first().click({ force: true });
    await tool(page, "Delete selected").click();
    await expectToast(page, "Failed to delete dependency");

    // The task dialog: saving and deleting.
    await graphCard(page, b.name).getByText(b.name).dblclick();
    const edit = page.getByRole("dialog", { name: "Edit Task" });
    await edit.getByLabel("Task Name").fill("Review twice");
    app.faults.add({ method: "PUT", path: /^\/api\/tasks\/\d+$/, status: 500, delayMs: 400, times: 1 });
    await edit.getByRole("button", { name: "Update" }).click();
    await expect.poll(() => edit.getByRole("button", { name: "Updating..." }).isVisible()).toBe(true);
    await expectToast(page, "There was an error saving the task");
    app.faults.add({ method: "DELETE", path: /^\/api\/tasks\/\d+$/, status: 500, times: 1 });
    await edit.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete Task" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectToast(page, "There was an error deleting the task.");
    await page.keyboard.press("Escape");

    // The list's row menu.
    await page.goto(`/projects/${created.slug}/list`);
    app.faults.add({ method: "DELETE", path: /^\/api\/tasks\/\d+$/, status: 500, times: 1 });
    await page.getByRole("button", { name: `Actions for "${a.name}"` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete Task" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectToast(page, "Failed to delete task");

    const after = await storedProject(context, created.id);
    expect(after.tasks.map((task) => task.name).sort()).toEqual(["Draft", "Review", "Ship"]);
    expect(after.dependencies).toHaveLength(2);
    await context.close();
  });

  it("tells a kanban move failed or had no column, and a category change failed", async () => {
    const { context, page, project: created, draft } = await seededPage(seedBoard, "Board");
    await page.goto(`/projects/${created.slug}/kanban`);
    await expect.poll(() => boardCard(page, draft.id).isVisible()).toBe(true);

    app.faults.add({ method: "PUT", path: /^\/api\/tasks\/\d+$/, status: 500, times: 1 });
    await dragOnto(page, boardCard(page, draft.id), column(page, "completed"));
    await expectToast(page, "Could not move the task. Please try again.");
    await expect
      .poll(() => column(page, "not-started").locator(`[data-kanban-card="${draft.id}"]`).count())
      .toBe(1);

    // Up onto the page's header, where no column is, at once: the board takes a new drag right
    // after a failed move (with dnd-kit's drop animation it took none for about 250 ms, and the
    // press selected the page's text instead).
    const cardBox = await boardCard(page, draft.id).boundingBox();
    if (!cardBox) throw new Error("no card");
    await dragBy(page, boardCard(page, draft.id), 0, 10 - (cardBox.y + cardBox.height / 2));
    await expectToast(page, "Please drop the task on a valid column.");

    // The Gantt zoom slider at its lowest shows the Years scale.
    await page.goto(`/projects/${created.slug}/gantt`);
    await page.getByLabel("Zoom").focus();
    await page.keyboard.press("Home");
    await expect.poll(() => page.locator("[data-gantt-scale]").textContent()).toBe("Years");

    // Categories: create, update and delete each fail once, then deleting works.
    await page.getByRole("button", { name: "Project menu" }).click();
    await page.getByRole("menuitem", { name: "Project Categories" }).click();
    const categories = page.getByRole("dialog", { name: "Project Categories" });
    const newCategory = categories.getByRole("form", { name: "New category" });
    app.faults.add({ method: "POST", path: /\/categories$/, status: 500, times: 1 });
    await newCategory.getByLabel("Name").fill("Design");
    await newCategory.getByRole("button", { name: "Add Category" }).click();
    await expectToast(page, "Error creating category");
    await newCategory.getByRole("button", { name: "Add Category" }).click();
    await expectToast(page, "Category created");
    await categories.getByRole("button", { name: "Edit Design" }).click();
    app.faults.add({ method: "PUT", path: /^\/api\/categories\/\d+$/, status: 500, times: 1 });
    await categories.getByRole("form", { name: "Edit Design" }).getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Error updating category");
    await categories
      .getByRole("form", { name: "Edit Design" })
      .getByRole("button", { name: "Cancel" })
      .click();
    app.faults.add({ method: "DELETE", path: /^\/api\/categories\/\d+$/, status: 500, times: 1 });
    await categories.getByRole("button", { name: "Delete Design" }).click();
    const confirm = page.getByRole("alertdialog");
    expect(await confirm.textContent()).toContain(
      "Are you sure you want to delete this category? This will remove the category from all tasks that use it.",
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Error deleting category");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Category deleted");
    const stored = await (await context.request.get(`/api/projects/${created.id}/categories`)).json();
    expect(stored).toEqual([]);
    await context.close();
  });

  it("tells why member and public link changes failed, and what a broken public link shows", async () => {
    const { context: ownerContext } = await signedInContext();
    const created = await createProjectViaApi(ownerContext, "Garden");
    const dig = await createTaskViaApi(ownerContext, created.id, "Dig");
    const plant = await createTaskViaApi(ownerContext, created.id, "Plant");
    await createDependencyViaApi(ownerContext, dig, plant);
    await shareProjectInDb(app, created.id, "member@example.com", "viewer");
    const page = await ownerContext.newPage();
    await page.goto(`/projects/${created.slug}/sharing`);
    const memberActions = page.getByRole("button", { name: /^Actions for member@example.com/ });
    await expect.poll(() => memberActions.isVisible()).toBe(true);

    app.faults.add({ method: "PUT", path: /^\/api\/project-shares\//, status: 500, times: 1 });
    await memberActions.click();
    await page.getByRole("menuitem", { name: "Make Admin" }).click();
    await expectToast(page, "Failed to update role");

    app.faults.add({ method: "DELETE", path: /^\/api\/project-shares\//, status: 500, times: 1 });
    await memberActions.click();
    await page.getByRole("menuitem", { name: "Remove User" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove User" });
    await confirm.getByRole("button", { name: "Remove User" }).click();
    await expectToast(page, "Failed to remove user");
    if (await confirm.isVisible()) await confirm.getByRole("button", { name: "Remove User" }).click();
    else {
      await memberActions.click();
      await page.getByRole("menuitem", { name: "Remove User" }).click();
      await confirm.getByRole("button", { name: "Remove User" }).click();
    }
    await expectToast(page, "User removed");
    await expect.poll(() => memberActions.count()).toBe(0);

    const publicAccess = page.getByRole("region", { name: "Public Access" });
    app.faults.add({ method: "POST", path: /\/generate-share$/, status: 500, times: 1 });
    await publicAccess.getByRole("button", { name: "Generate Link" }).click();
    await expectToast(page, "Failed to generate share link");
    await publicAccess.getByRole("button", { name: "Generate Link" }).click();
    await expectToast(page, "Share link generated");

    // No clipboard permission in this context: the browser refuses the copy.
    await page.evaluate(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new Error("Write permission denied.")) },
      });
    });
    await publicAccess.getByRole("button", { name: "Copy link" }).click();
    await expectToast(page, "Failed to copy");

    app.faults.add({ method: "DELETE", path: /\/share-token$/, status: 500, times: 1 });
    await publicAccess.getByRole("button", { name: "Revoke Link" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke Link" }).click();
    await expectToast(page, "Failed to revoke share link");
    const { shareUrl } = (await (
      await ownerContext.request.get(`/api/projects/${created.id}/share-token`)
    ).json()) as {
      shareUrl: string;
    };
    expect(shareUrl).toContain("/share/");

    // A visitor of the link while the server fails.
    const visitorContext = await newContext();
    const visitor = await visitorContext.newPage();
    // The page loads the share, and loads it again when its live stream connects (a resync): both
    // fail, or the message would show only for the moment between the two.
    app.faults.add({ method: "GET", path: /^\/api\/share\/[^/]+$/, status: 500, times: 3 });
    await visitor.goto(new URL(shareUrl).pathname);
    await expect.poll(visible(visitor, "Failed to load shared project")).toBe(true);
    await visitorContext.close();
    await ownerContext.close();
  });
});
