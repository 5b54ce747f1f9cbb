import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp, VIEWPORTS } from "./fixtures";
import { expectNoSidewaysScroll, expectToast } from "./page-checks";
import { createProjectViaApi } from "./seeding";

const { signedInContext, signedInPage, sharedPage } = setupBrowserApp();

const visible = (page: Page, text: string) => () => page.getByText(text, { exact: true }).first().isVisible();
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });
const sidebarRow = (page: Page, name: string) =>
  sidebar(page).getByRole("listitem").filter({ hasText: name });
const path = (page: Page) => new URL(page.url()).pathname;

describe("projects in the browser", () => {
  it("creates, renames, archives, unarchives, categorises and deletes a project", async () => {
    const { context, page } = await signedInPage();
    await page.goto("/my-tasks");
    await expect.poll(visible(page, "No projects yet")).toBe(true);
    await expect.poll(visible(page, "No shared projects")).toBe(true);

    // Create from the sidebar; an empty name is refused with the spec's message.
    await sidebar(page).getByRole("button", { name: "New Project" }).click();
    const newProject = page.getByRole("dialog", { name: "New Project" });
    await newProject.getByRole("button", { name: "Create Project" }).click();
    await expect.poll(() => newProject.getByRole("alert").textContent()).toBe("Project name is required");
    await newProject.getByLabel("Name").fill("  Launch Plan  ");
    await newProject.getByLabel("Description").fill("Everything for the spring launch.");
    await newProject.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL(/\/projects\/[^/]+\/graph$/);
    await expectToast(page, "Project created successfully");
    await expect.poll(() => page.getByRole("heading", { name: "Launch Plan" }).isVisible()).toBe(true);
    expect(await page.title()).toContain("Launch Plan");
    const projectUrl = path(page);
    const row = sidebarRow(page, "Launch Plan");
    expect(await row.getByRole("button", { name: "Launch Plan" }).getAttribute("aria-current")).toBe("page");
    await screenshot(page, "project-page-new");

    // Rename from the sidebar's Project Options menu.
    await row.getByRole("button", { name: "Project Options" }).click();
    expect(await page.getByRole("menu").getByText("Project Options").isVisible()).toBe(true);
    await page.getByRole("menuitem", { name: "Rename Project" }).click();
    const rename = page.getByRole("dialog", { name: "Rename Project" });
    expect(await rename.getByText("Enter a new name for your project.").isVisible()).toBe(true);
    await rename.getByPlaceholder("Project name").fill("Launch Plan v2");
    await rename.getByRole("button", { name: "Rename Project" }).click();
    await expectToast(page, "Project renamed successfully");
    await expect.poll(() => page.getByRole("heading", { name: "Launch Plan v2" }).isVisible()).toBe(true);
    await expect.poll(() => sidebarRow(page, "Launch Plan v2").isVisible()).toBe(true);
    expect(path(page)).toBe(projectUrl);

    // Switching views saves the preferred view.
    await page
      .getByRole("navigation", { name: "Project views" })
      .getByRole("link", { name: "Kanban" })
      .click();
    await page.waitForURL(/\/kanban$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("preferred_view_mode"))).toBe("kanban");
    const projectId = (await (await context.request.get("/api/projects")).json())[0].id;
    await expect
      .poll(
        async () =>
          (await (await context.request.get(`/api/projects/${projectId}`)).json()).project.preferredView,
      )
      .toBe("kanban");

    // Archive from the project menu: lands on All Projects, in the Archived tab.
    await page.getByRole("button", { name: "Project menu" }).click();
    await page.getByRole("menuitem", { name: "Archive Project" }).click();
    await page.waitForURL((url) => url.pathname === "/projects");
    await expectToast(page, "Project archived successfully");
    await expect.poll(visible(page, "No projects yet")).toBe(true);
    await page.getByRole("tab", { name: "Archived (1)" }).click();
    const archivedRow = page
      .getByRole("tabpanel")
      .getByRole("listitem")
      .filter({ hasText: "Launch Plan v2" });
    await expect.poll(() => archivedRow.getByText("Archived", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Active (0)" }).isVisible()).toBe(true);
    await screenshot(page, "all-projects-archived");

    // Unarchive from the project page: it stays there.
    await archivedRow.getByRole("link", { name: "Launch Plan v2" }).click();
    await page.waitForURL(`**${projectUrl}`);
    await page.getByRole("button", { name: "Project menu" }).click();
    await page.getByRole("menuitem", { name: "Unarchive Project" }).click();
    await expectToast(page, "Project unarchived successfully");
    expect(path(page)).toBe(projectUrl);
    await expect.poll(() => sidebarRow(page, "Launch Plan v2").isVisible()).toBe(true);

    // Categories: the validation messages, then create and edit.
    await page.getByRole("button", { name: "Project menu" }).click();
    await page.getByRole("menuitem", { name: "Project Categories" }).click();
    const categories = page.getByRole("dialog", { name: "Project Categories" });
    const newCategory = categories.getByRole("form", { name: "New category" });
    await newCategory.getByLabel("Hex color").fill("#12");
    await newCategory.getByRole("button", { name: "Add Category" }).click();
    await expect.poll(() => newCategory.getByText("Category name is required").isVisible()).toBe(true);
    expect(await newCategory.getByText("Please enter a valid hex color code").isVisible()).toBe(true);
    await newCategory.getByLabel("Name").fill("x".repeat(51));
    await expect
      .poll(() => newCategory.getByText("Category name must be 50 characters or less").isVisible())
      .toBe(true);
    await newCategory.getByLabel("Name").fill("Design");
    await newCategory.getByRole("button", { name: "Color #3357FF" }).click();
    await newCategory.getByRole("button", { name: "Add Category" }).click();
    await expectToast(page, "Category created");
    await expect
      .poll(() => categories.getByRole("listitem").filter({ hasText: "Design" }).isVisible())
      .toBe(true);
    expect(await categories.getByText("#3357FF").isVisible()).toBe(true);

    await categories.getByRole("button", { name: "Edit Design" }).click();
    const editCategory = categories.getByRole("form", { name: "Edit Design" });
    await editCategory.getByLabel("Name").fill("Design & UX");
    await editCategory.getByRole("button", { name: "Color #FF33F1" }).click();
    await editCategory.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Category updated");
    await expect.poll(() => categories.getByText("Design & UX", { exact: true }).isVisible()).toBe(true);
    expect(await categories.getByText("#FF33F1").isVisible()).toBe(true);
    await screenshot(page, "project-categories");
    // Not Escape: the toast just shown is the top layer, and Escape dismisses it first.
    await categories.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => categories.isVisible()).toBe(false);

    // Delete from the sidebar: the confirmation, then My Tasks and an empty sidebar.
    await sidebarRow(page, "Launch Plan v2").getByRole("button", { name: "Project Options" }).click();
    await page.getByRole("menuitem", { name: "Delete Project" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Project" });
    const text = await confirm.textContent();
    expect(text).toContain('Are you sure you want to delete "Launch Plan v2"?');
    expect(text).toContain("permanently delete the project and all its tasks and dependencies");
    expect(text).toContain("cannot be undone");
    await confirm.getByRole("button", { name: "Delete Project" }).click();
    await page.waitForURL("**/my-tasks");
    await expectToast(page, "Project deleted successfully");
    await expect.poll(visible(page, "No projects yet")).toBe(true);
    const left = await context.request.get("/api/projects?includeArchived=true");
    expect(await left.json()).toEqual([]);
    await context.close();
  });

  it("renaming to the same or an empty name closes the dialog without a call", async () => {
    const { context } = await signedInContext();
    const project = await createProjectViaApi(context, "Quiet");
    const page = await context.newPage();
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH" || request.method() === "PUT") writes.push(request.url());
    });
    await page.goto(`/projects/${project.slug}/graph`);
    await expect.poll(() => page.getByRole("heading", { name: "Quiet" }).isVisible()).toBe(true);
    for (const name of [" Quiet ", "   "]) {
      await page.getByRole("button", { name: "Project menu" }).click();
      await page.getByRole("menuitem", { name: "Rename Project" }).click();
      const rename = page.getByRole("dialog", { name: "Rename Project" });
      await rename.getByPlaceholder("Project name").fill(name);
      await rename.getByRole("button", { name: "Rename Project" }).click();
      await expect.poll(() => rename.isVisible()).toBe(false);
    }
    expect(writes).toEqual([]);
    await context.close();
  });

  it("says 'Project Not Found' for a project the user cannot see", async () => {
    const { context: owner } = await signedInContext();
    const hidden = await createProjectViaApi(owner, "Private plans");
    await owner.close();

    const { context, page } = await signedInPage();
    await page.goto(`/projects/${hidden.slug}/graph`);
    await expect.poll(() => page.getByRole("heading", { name: "Project Not Found" }).isVisible()).toBe(true);
    expect(await page.getByText("Private plans").count()).toBe(0);
    await context.close();
  });

  it("says 'Error Loading Project' when loading fails, and tells why a rename failed", async () => {
    const { context } = await signedInContext();
    const project = await createProjectViaApi(context, "Flaky");
    const page = await context.newPage();
    const failure = { status: 500, contentType: "application/json", body: '{"message":"Database down"}' };
    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === "GET" ? route.fulfill(failure) : route.continue(),
    );
    await page.goto(`/projects/${project.slug}/graph`);
    await expect
      .poll(() => page.getByRole("heading", { name: "Error Loading Project" }).isVisible())
      .toBe(true);
    expect(await page.getByText("Database down").isVisible()).toBe(true);

    await page.unroute(`**/api/projects/${project.id}`);
    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === "PATCH" ? route.fulfill({ ...failure, status: 403 }) : route.continue(),
    );
    await page.getByRole("button", { name: "Try again" }).click();
    await sidebarRow(page, "Flaky").getByRole("button", { name: "Project Options" }).click();
    await page.getByRole("menuitem", { name: "Rename Project" }).click();
    const rename = page.getByRole("dialog", { name: "Rename Project" });
    await rename.getByPlaceholder("Project name").fill("Steady");
    await rename.getByRole("button", { name: "Rename Project" }).click();
    await expectToast(page, "Failed to rename project");
    await expectToast(page, "Database down");
    expect(await rename.isVisible()).toBe(true);
    await context.close();
  });

  it("shows a viewer the shared project read-only, with role and invited date", async () => {
    const { context: owner } = await signedInContext();
    const project = await createProjectViaApi(owner, "Team roadmap");
    await owner.close();

    const { context, page } = await sharedPage(project, "viewer");
    await page.goto("/projects");
    await page.getByRole("tab", { name: "Shared (1)" }).click();
    const row = page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: "Team roadmap" });
    await expect.poll(() => row.getByText("Viewer", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(/^Invited [A-Z][a-z]{2} \d{1,2}, \d{4}$/).isVisible()).toBe(true);
    // A viewer may neither archive nor delete, so the row offers no actions.
    expect(await row.getByRole("button").count()).toBe(0);

    await sidebarRow(page, "Team roadmap").getByRole("button", { name: "Team roadmap" }).click();
    await page.waitForURL(`**/projects/${project.slug}/graph`);
    await expect.poll(() => page.getByRole("heading", { name: "Team roadmap" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "New Task" }).count()).toBe(0);
    await page.getByRole("button", { name: "Project menu" }).click();
    for (const item of ["Rename Project", "Archive Project", "Delete Project"]) {
      expect(await page.getByRole("menuitem", { name: item }).getAttribute("aria-disabled")).toBe("true");
    }
    await page.getByRole("menuitem", { name: "Project Categories" }).click();
    const categories = page.getByRole("dialog", { name: "Project Categories" });
    await expect.poll(() => categories.getByText("No categories yet").isVisible()).toBe(true);
    expect(await categories.getByRole("button", { name: "Add Category" }).count()).toBe(0);
    await context.close();
  });

  it("looks right at phone, tablet and desktop widths", async () => {
    for (const [width, height] of VIEWPORTS) {
      const { context } = await signedInContext({ width, height });
      const first = await createProjectViaApi(context, "Website relaunch with a rather long project name");
      await createProjectViaApi(context, "Annual report");
      const archived = await createProjectViaApi(context, "Office move");
      await context.request.patch(`/api/projects/${archived.id}`, { data: { archived: true } });
      const page = await context.newPage();

      await page.goto("/projects");
      await expect.poll(() => page.getByRole("tab", { name: "Active (2)" }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `all-projects-${width}`);

      await page.goto(`/projects/${first.slug}/list`);
      await expect.poll(() => page.getByRole("button", { name: "Project menu" }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `project-page-${width}`);

      await page.getByRole("button", { name: "Project menu" }).click();
      await page.getByRole("menuitem", { name: "Project Categories" }).click();
      await expect
        .poll(() => page.getByRole("dialog", { name: "Project Categories" }).isVisible())
        .toBe(true);
      await screenshot(page, `project-categories-${width}`);
      await page.keyboard.press("Escape");

      if (width < 768) await page.getByRole("button", { name: "Toggle sidebar" }).click();
      await expect.poll(() => sidebarRow(page, "Annual report").isVisible()).toBe(true);
      await sidebar(page).getByRole("button", { name: "New Project" }).click();
      await expect.poll(() => page.getByRole("dialog", { name: "New Project" }).isVisible()).toBe(true);
      await screenshot(page, `new-project-${width}`);
      await context.close();
    }
  });
});
