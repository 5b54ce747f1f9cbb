import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { tasks } from "../server/db/schema";
import { screenshot, setupBrowserApp, VIEWPORTS } from "./fixtures";
import { expectFullPageView, expectNoSidewaysScroll, expectToast } from "./page-checks";
import { createCategoryViaApi, createProjectViaApi, createTaskViaApi, seedTaskChain } from "./seeding";

const { app, newContext, signedInContext, seededPage, sharedPage } = setupBrowserApp();

const visible = (page: Page, text: string) => () => page.getByText(text, { exact: true }).first().isVisible();
const checkbox = (page: Page, name: string) =>
  page.getByRole("checkbox", { name: `Mark "${name}" as completed` });
/** The names of the task list's rows, top to bottom. */
const listedNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('ul[aria-label="Tasks"] > li')].map(
      (row) => row.querySelector("button")?.textContent ?? "",
    ),
  );
const phase = (page: Page, n: number) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Phase ${n}`, exact: true }) });

/** The calendar day of an instant in this machine's time zone, which the browser shares. */
const localDay = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** A signed-up user with a project holding the chain A -> B -> C. */
async function seedChain(context: BrowserContext, projectName = "Launch") {
  const chain = await seedTaskChain(context, projectName, [
    ["Draft the plan", { description: "One page, no more." }],
    ["Review the plan"],
    ["Ship it"],
  ]);
  const [a, b, c] = chain.tasks;
  return { project: chain.project, a, b, c };
}

describe("tasks in the browser", () => {
  it("shows a chain in phases 1 to 3, and My Tasks unblocks the next task once the first is done", async () => {
    const { context, page, project, a, b, c } = await seededPage(seedChain);

    await page.goto(`/projects/${project.slug}/phases`);
    await expect
      .poll(() => page.getByRole("heading", { name: "Project Execution Phases" }).isVisible())
      .toBe(true);
    expect(
      await page
        .getByText("Tasks grouped by when they can be started based on their dependencies.")
        .isVisible(),
    ).toBe(true);
    const phases = [
      [1, "Can start immediately", a.name],
      [2, "1 dependency level", b.name],
      [3, "2 dependency levels", c.name],
    ] as const;
    for (const [n, label, name] of phases) {
      expect(await phase(page, n).getByText(label, { exact: true }).isVisible()).toBe(true);
      expect(await phase(page, n).getByRole("button").allTextContents()).toEqual([
        expect.stringContaining(name),
      ]);
    }
    expect(await page.getByRole("checkbox").count()).toBe(0);

    await page.goto("/my-tasks");
    const group = page.getByRole("list", { name: "Tasks in Launch" });
    await expect.poll(() => group.getByRole("button", { name: a.name }).isVisible()).toBe(true);
    expect(await group.getByText("One page, no more.").isVisible()).toBe(true);
    expect(await page.getByText(b.name).count()).toBe(0);
    expect(await page.getByRole("link", { name: "View Project" }).getAttribute("href")).toBe(
      `/projects/${project.slug}/graph`,
    );

    await checkbox(page, a.name).click();
    // Optimistic: ticked at once, still listed until the refresh two seconds later.
    expect(await checkbox(page, a.name).isChecked()).toBe(true);
    await expect
      .poll(() => group.getByRole("button", { name: b.name }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    // Gone from the list (the tick's toast still names it).
    expect(await group.getByText(a.name).count()).toBe(0);
    expect(await page.getByText(c.name).count()).toBe(0);
    const detail = await (await context.request.get(`/api/projects/${project.id}`)).json();
    expect(detail.tasks.find((task: { id: number }) => task.id === a.id).completed).toBe(true);

    // Collapsing a group is remembered.
    const header = page.getByRole("main").getByRole("button", { name: /^Launch/ });
    await header.click();
    expect(await group.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("expanded_projects"))).toBe(
      `{"${project.id}":false}`,
    );
    await page.reload();
    await expect.poll(() => header.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("edits a task's dates and shows each date rule", async () => {
    const { context, page, project, a } = await seededPage(seedChain);
    const category = await createCategoryViaApi(context, project.id);
    await context.request.put(`/api/tasks/${a.id}`, {
      data: { categoryId: category.id, status: "in-progress" },
    });
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: a.name, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    // The dialog shows the task's category (its options load after the form is filled) and status.
    await expect.poll(() => dialog.getByLabel("Category").inputValue()).toBe(String(category.id));
    expect(await dialog.getByLabel("Status").inputValue()).toBe("in-progress");
    const date = (label: string) => dialog.getByLabel(label, { exact: true });
    const message = () => dialog.getByRole("alert").allTextContents();
    const update = dialog.getByRole("button", { name: "Update" });

    await date("Start Date").fill("2026-05-10");
    await date("Due Date").fill("2026-05-01");
    await update.click();
    await expect.poll(message).toEqual(["Due date must be on or after the start date."]);
    await screenshot(page, "task-dialog-date-rule");

    await dialog.getByRole("button", { name: "Clear Start Date" }).click();
    await date("Snooze Until").fill("2026-05-10");
    await update.click();
    await expect.poll(message).toEqual(["Due date must be on or after the snooze until date"]);

    await dialog.getByRole("button", { name: "Clear Due Date" }).click();
    await date("Start Date").fill("2026-05-20");
    await update.click();
    await expect.poll(message).toEqual(["Snooze until date must be on or after the start date"]);

    await date("Snooze Until").fill("2026-05-25");
    await date("Due Date").fill("2026-05-30");
    await update.click();
    await expectToast(page, `"${a.name}" has been updated successfully`);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const saved = (await (await context.request.get(`/api/projects/${project.id}`)).json()).tasks.find(
      (task: { id: number }) => task.id === a.id,
    );
    expect([saved.startDate, saved.snoozeUntil, saved.dueDate].map(localDay)).toEqual([
      "2026-05-20",
      "2026-05-25",
      "2026-05-30",
    ]);
    await context.close();
  });

  it("asks before Escape or a click outside drops what was typed in the task dialog", async () => {
    const { context, page, project, a } = await seededPage(seedChain);
    await page.goto(`/projects/${project.slug}/list`);
    const question = page.getByRole("alertdialog", { name: "Discard changes?" });

    // Nothing changed: Escape closes at once, with no question.
    await page.getByRole("button", { name: a.name, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await question.count()).toBe(0);

    // A description typed: Escape asks; "Cancel" keeps the dialog and the text.
    await page.getByRole("button", { name: a.name, exact: true }).click();
    await dialog.getByLabel("Description").fill("Two pages after all.");
    await page.keyboard.press("Escape");
    await expect.poll(() => question.isVisible()).toBe(true);
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Description").inputValue()).toBe("Two pages after all.");
    await screenshot(page, "task-dialog-typed");

    // A click outside asks too; Discard closes, and nothing was saved.
    await page.mouse.click(5, 5);
    await expect.poll(() => question.isVisible()).toBe(true);
    await question.getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const saved = (await (await context.request.get(`/api/projects/${project.id}`)).json()) as {
      tasks: { id: number; description: string }[];
    };
    expect(saved.tasks.find((task) => task.id === a.id)?.description).toBe("One page, no more.");

    // Cancel is a choice, not a slip: it closes without asking.
    await page.getByRole("button", { name: a.name, exact: true }).click();
    await dialog.getByLabel("Description").fill("Three pages.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await question.count()).toBe(0);
    await context.close();
  });

  it("offers in Waits for and Blocks no task that would close a cycle", async () => {
    const { context, page, project, b, c } = await seededPage(seedChain);
    const extra = await createTaskViaApi(context, project.id, "Order the paper");
    await page.goto(`/projects/${project.slug}/list`);
    await page.getByRole("button", { name: c.name, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    const offered = (label: string) =>
      dialog
        .getByLabel(label)
        .evaluate((select) =>
          [...(select as HTMLSelectElement).options]
            .map((option) => option.textContent)
            .filter((text) => text),
        );
    // "Ship it" comes after both others: it may wait for the first, and block neither.
    await expect.poll(() => offered("Add a task it waits for")).toContain("Draft the plan");
    expect(await offered("Add a task it blocks")).toEqual(
      expect.not.arrayContaining(["Draft the plan", "Review the plan"]),
    );
    expect(await offered("Add a task it blocks")).toContain(extra.name);
    await page.keyboard.press("Escape");

    // The middle one may neither wait for the last nor block the first.
    await page.getByRole("button", { name: b.name, exact: true }).click();
    await expect.poll(() => offered("Add a task it waits for")).toContain(extra.name);
    expect(await offered("Add a task it waits for")).not.toContain("Ship it");
    expect(await offered("Add a task it blocks")).not.toContain("Draft the plan");
    await context.close();
  });

  it("keeps the focus on a task's checkbox after ticking it with Space", async () => {
    const { context, page, project, a } = await seededPage(seedChain);
    await page.goto(`/projects/${project.slug}/list`);
    const box = checkbox(page, a.name);
    await box.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect
      .poll(async () => {
        const stored = (await (await context.request.get(`/api/projects/${project.id}`)).json()) as {
          tasks: { id: number; completed: boolean }[];
        };
        return stored.tasks.find((task) => task.id === a.id)?.completed;
      })
      .toBe(true);
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    // And again: Space unticks it, the focus still there.
    await page.keyboard.press("Space");
    await expect.poll(() => box.isChecked()).toBe(false);
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("filters, searches, ticks and deletes in the list, and goes full page", async () => {
    const { context, page, project, a, b, c } = await seededPage(seedChain, "Roadmap");
    const d = await createTaskViaApi(context, project.id, "Order stickers", {
      description: "Ship them to the office",
    });
    await context.request.put(`/api/tasks/${a.id}`, { data: { completed: true } });
    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => page.getByRole("heading", { name: "Tasks (4)" }).isVisible()).toBe(true);
    expect(await listedNames(page)).toEqual([a.name, b.name, c.name, d.name]);

    const filter = page.getByLabel("Filter tasks");
    for (const [label, names] of [
      ["Unblocked", [b.name, d.name]],
      ["Completed", [a.name]],
      ["Waiting", [c.name]],
      ["Blocked", []],
      ["All Tasks", [a.name, b.name, c.name, d.name]],
    ] as const) {
      await filter.selectOption({ label });
      await expect.poll(() => listedNames(page)).toEqual(names);
      expect(await page.getByRole("heading", { name: `Tasks (${names.length})` }).isVisible()).toBe(true);
    }

    const search = page.getByPlaceholder("Search tasks...");
    await search.fill("  SHIP ");
    await expect.poll(() => listedNames(page)).toEqual([c.name, d.name]);
    await filter.selectOption({ label: "Waiting" });
    await expect.poll(() => listedNames(page)).toEqual([c.name]);
    await search.fill("nothing like this");
    await expect.poll(visible(page, "No tasks match your current filter.")).toBe(true);
    await search.fill("");
    await filter.selectOption({ label: "All Tasks" });

    await checkbox(page, d.name).click();
    await expectToast(page, "Task has been updated successfully");
    await expect.poll(() => checkbox(page, d.name).isChecked()).toBe(true);

    await page.getByRole("button", { name: `Actions for "${c.name}"` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    expect(
      await confirm.getByText(`Are you sure you want to delete "${c.name}"?`, { exact: true }).isVisible(),
    ).toBe(true);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Task has been removed from the project");
    await expect.poll(() => listedNames(page)).toEqual([a.name, b.name, d.name]);

    await expectFullPageView(page, "Roadmap - Task List", "task-list-full-page");
    await context.close();
  });

  it("adds tasks from the project page and from My Tasks, and moves one between projects", async () => {
    const { context } = await signedInContext();
    const home = await createProjectViaApi(context, "Home");
    const garden = await createProjectViaApi(context, "Garden");
    const page = await context.newPage();

    await page.goto("/my-tasks");
    await expect.poll(visible(page, "No unblocked tasks")).toBe(true);
    await screenshot(page, "my-tasks-empty");

    await page.goto(`/projects/${home.slug}/list`);
    await expect.poll(visible(page, "No tasks yet. Create your first task to get started.")).toBe(true);
    await screenshot(page, "task-list-empty");
    await page.getByRole("button", { name: "New Task" }).first().click();
    const add = page.getByRole("dialog", { name: "Add New Task" });
    expect(await add.getByLabel("Project", { exact: true }).count()).toBe(0);
    expect(await add.getByLabel("Status").inputValue()).toBe("not-started");
    await add.getByRole("button", { name: "Add Task" }).click();
    await expect.poll(() => add.getByRole("alert").allTextContents()).toEqual(["Task name is required."]);
    await add.getByLabel("Task Name").fill("Paint the fence");
    await add.getByRole("button", { name: "Add Task" }).click();
    await expectToast(page, "New task has been added to the project");
    await expect.poll(() => listedNames(page)).toEqual(["Paint the fence"]);

    await page.goto("/my-tasks");
    await page.getByRole("button", { name: "New Task" }).click();
    const fromMyTasks = page.getByRole("dialog", { name: "Add New Task" });
    await fromMyTasks.getByLabel("Task Name").fill("Plant tulips");
    await fromMyTasks.getByRole("button", { name: "Add Task" }).click();
    await expect.poll(() => fromMyTasks.getByText("Please select a project.").isVisible()).toBe(true);
    await expectToast(page, "Please select a project.");
    await fromMyTasks.getByLabel("Project", { exact: true }).selectOption({ label: "Garden" });
    await fromMyTasks.getByRole("button", { name: "Add Task" }).click();
    await expectToast(page, '"Plant tulips" has been added successfully');
    await expect.poll(() => page.getByRole("list", { name: "Tasks in Garden" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Paint the fence" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Task" });
    await edit.getByLabel("Project", { exact: true }).selectOption({ label: "Garden" });
    await edit.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Task has been moved to another project");
    await expect
      .poll(() => page.getByRole("list", { name: "Tasks in Garden" }).getByRole("listitem").count())
      .toBe(2);
    expect(await page.getByRole("list", { name: "Tasks in Home" }).count()).toBe(0);

    await page.getByRole("button", { name: "Plant tulips" }).click();
    await page.getByRole("dialog", { name: "Edit Task" }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    expect(await confirm.textContent()).toContain(
      'Are you sure you want to delete "Plant tulips"? This action cannot be undone.',
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, '"Plant tulips" has been removed');
    expect((await (await context.request.get(`/api/projects/${garden.id}`)).json()).tasks).toHaveLength(1);
    await context.close();
  });

  it("shows a viewer the tasks read-only", async () => {
    const owner = await newContext();
    const { project, a } = await seedChain(owner, "Shared plan");
    await owner.close();
    const { context, page } = await sharedPage(project, "viewer");

    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => page.getByRole("heading", { name: "Tasks (3)" }).isVisible()).toBe(true);
    expect(await checkbox(page, a.name).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);
    await page.getByRole("button", { name: a.name, exact: true }).click();
    const details = page.getByRole("dialog", { name: "Task Details" });
    await expect.poll(() => details.isVisible()).toBe(true);
    expect(await details.getByLabel("Task Name").isDisabled()).toBe(true);
    // Read, not typed in: no field's box, and no select's arrow.
    expect(
      await details.getByLabel("Task Name").evaluate((input) => getComputedStyle(input).borderTopColor),
    ).toBe("rgba(0, 0, 0, 0)");
    expect(
      await details
        .getByLabel("Status")
        .evaluate((select) => getComputedStyle(select.nextElementSibling as Element).display),
    ).toBe("none");
    expect(await details.getByRole("button", { name: "Update" }).count()).toBe(0);
    expect(await details.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await screenshot(page, "task-dialog-read-only");
    await details.getByRole("button", { name: "Close", exact: true }).first().click();
    await page.goto(`/projects/${project.slug}/phases`);
    await phase(page, 1)
      .getByRole("button", { name: new RegExp(a.name) })
      .click();
    await expect.poll(() => page.getByRole("dialog", { name: "Task Details" }).isVisible()).toBe(true);
    await context.close();
  });

  it("looks right at phone, tablet and desktop widths", async () => {
    for (const [width, height] of VIEWPORTS) {
      const context = await newContext(width, height);
      const { project, a } = await seedChain(context, "Website relaunch with a rather long project name");
      const soon = new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString();
      await createTaskViaApi(context, project.id, "Book the venue", {
        dueDate: soon,
        description: "Due soon",
      });
      await createTaskViaApi(context, project.id, "Pay the printer", { dueDate: "2026-01-05T00:00:00Z" });
      const page = await context.newPage();

      await page.goto(`/projects/${project.slug}/list`);
      await expect.poll(() => page.getByRole("heading", { name: "Tasks (5)" }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `task-list-${width}`);

      await page.goto(`/projects/${project.slug}/phases`);
      await expect.poll(() => phase(page, 3).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `phases-${width}`);

      await page.goto("/my-tasks");
      await expect.poll(() => page.getByRole("button", { name: "Book the venue" }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `my-tasks-${width}`);

      await page.getByRole("button", { name: a.name }).click();
      await expect.poll(() => page.getByRole("dialog", { name: "Edit Task" }).isVisible()).toBe(true);
      await screenshot(page, `task-dialog-${width}`);
      await context.close();
    }
  });

  it("draws only the rows in view of a 5,000-task list, and scrolls to the last one", async () => {
    const { context } = await signedInContext();
    const big = await createProjectViaApi(context, "Big list");
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      projectId: big.id,
      name: `Row ${String(index + 1).padStart(4, "0")}`,
      description: index % 3 === 0 ? "A description long enough to take a second line on a phone." : "",
      order: index,
    }));
    for (let at = 0; at < rows.length; at += 1000) {
      await app.database.db.insert(tasks).values(rows.slice(at, at + 1000));
    }
    const page = await context.newPage();
    await page.goto(`/projects/${big.slug}/list`);
    await page.getByLabel("Filter tasks").selectOption({ label: "All Tasks" });
    await expect.poll(() => page.getByRole("heading", { name: "Tasks (5000)" }).isVisible()).toBe(true);
    const list = page.getByRole("list", { name: "Tasks" });
    await expect.poll(() => list.getByRole("listitem").first().isVisible()).toBe(true);
    // Only the rows in view plus a few either side are in the page.
    expect(await list.getByRole("listitem").count()).toBeLessThan(60);

    await page.locator('[data-virtualised="true"]').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect
      .poll(() => list.getByRole("button", { name: "Row 5000", exact: true }).isVisible())
      .toBe(true);
    expect(await list.getByRole("listitem").count()).toBeLessThan(60);

    // Searching narrows it to a plain list again.
    await page.getByRole("searchbox", { name: "Search tasks" }).fill("Row 0042");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    expect(await page.locator('[data-virtualised="true"]').count()).toBe(0);
    await screenshot(page, "task-list-5000");
    await context.close();
  });
});
