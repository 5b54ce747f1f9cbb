// What a new user ran into reaching their tasks
// (docs/decisions/023-edits-that-meet-and-reaching-tasks.md): long unbroken names never push a
// dialog's buttons off screen; Fit view shows a whole plan; new tasks land in free space; the
// graph's Delete key and an abandoned new card; dependencies made from the dialog by keyboard; the
// list's sort and columns; and a task's checkbox a few Tab presses from page load.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp } from "./fixtures";
import { card, openGraph, project as storedProject, tool } from "./graph-fixtures";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

// The fit tests seed 215 tasks through the API: the per-client limit is lifted out of their way.
const { signedInContext } = setupBrowserApp({ apiRateLimitPerMinute: 20_000 });

const shown = (locator: Locator) => () => locator.first().isVisible();
const PHONE_AND_DESKTOP = [
  [375, 812],
  [1440, 900],
] as const;

/** Whether the element's box lies inside the viewport (a pixel of rounding allowed). */
async function insideViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.x >= -1 &&
    box.y >= -1 &&
    box.x + box.width <= viewport.width + 1 &&
    box.y + box.height <= viewport.height + 1
  );
}

/** Every button of the dialog lies inside the viewport. */
async function expectButtonsInView(page: Page, dialog: Locator, what: string) {
  await expect.poll(shown(dialog), { message: what }).toBe(true);
  const buttons = await dialog.getByRole("button").all();
  expect(buttons.length, what).toBeGreaterThan(0);
  for (const button of buttons) {
    const label = (await button.getAttribute("aria-label")) ?? (await button.textContent());
    // A tall dialog scrolls: a button below the fold is in reach once scrolled to, never off to
    // the side (the bug drew them 3,900 px to the right).
    await button.scrollIntoViewIfNeeded();
    expect(await insideViewport(page, button), `${what}: ${label}`).toBe(true);
  }
}

/** A point of the graph's canvas where a click lands on the empty pane (no card, minimap or panel). */
async function emptyCanvasPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const canvas = document.querySelector(".react-flow")?.getBoundingClientRect();
    if (!canvas) return null;
    for (let row = 1; row < 10; row += 1) {
      for (let column = 1; column < 10; column += 1) {
        const x = canvas.left + (canvas.width * column) / 10;
        const y = canvas.top + (canvas.height * row) / 10;
        if (document.elementFromPoint(x, y)?.classList.contains("react-flow__pane")) return { x, y };
      }
    }
    return null;
  });
  if (!point) throw new Error("no empty spot on the canvas");
  return point;
}

/** Lays `count` tasks out in rows of `perRow`, 380 by 140 px apart, through the API. */
async function seedGrid(context: BrowserContext, projectId: number, count: number, perRow: number) {
  const made = [];
  for (let index = 0; index < count; index += 1) {
    made.push(
      await createTaskViaApi(context, projectId, `Step ${index + 1}`, {
        positionX: (index % perRow) * 380,
        positionY: Math.floor(index / perRow) * 140,
      }),
    );
  }
  return made;
}

describe("long names", () => {
  it("keeps every dialog's buttons on screen with long unbroken names and texts, at phone and desktop widths", async () => {
    const { context } = await signedInContext();
    // A name may hold 500 characters, a description 20,000: both unbroken here.
    const longName = "W".repeat(500);
    const created = await createProjectViaApi(context, "M".repeat(100));
    await createTaskViaApi(context, created.id, longName, {
      positionX: 0,
      positionY: 0,
      description: "D".repeat(5_000),
    });
    const page = await context.newPage();
    for (const [width, height] of PHONE_AND_DESKTOP) {
      await page.setViewportSize({ width, height });
      await page.goto(`/projects/${created.slug}/list`);
      const row = page.getByRole("button", { name: longName, exact: true });
      await expect.poll(shown(row)).toBe(true);
      expect(await insideViewport(page, page.getByRole("checkbox", { name: /Mark "W+" as completed/ }))).toBe(
        true,
      );

      await row.click();
      const edit = page.getByRole("dialog", { name: "Edit Task" });
      await expectButtonsInView(page, edit, `task dialog at ${width}`);
      await edit.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
      await expectButtonsInView(page, confirm, `delete confirmation at ${width}`);
      await screenshot(page, `reach-long-name-delete-${width}`);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => page.locator('[role="alertdialog"]').count()).toBe(0);
      await page.keyboard.press("Escape");
      // By CSS: while a modal is open, the roles outside it are hidden from getByRole.
      await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);

      // 5,000 characters typed into a new task's name: refused, with the buttons still in reach.
      await page.getByRole("button", { name: "New Task" }).first().click();
      const add = page.getByRole("dialog", { name: "Add New Task" });
      await add.getByLabel("Task Name").fill("N".repeat(5_000));
      await add.getByRole("button", { name: "Add Task" }).click();
      await expect.poll(shown(add.getByText("Task name must be 500 characters or less."))).toBe(true);
      await expectButtonsInView(page, add, `new task dialog at ${width}`);
      // What was typed is not dropped without a question.
      await page.keyboard.press("Escape");
      const discard = page.getByRole("alertdialog", { name: "Discard changes?" });
      await expectButtonsInView(page, discard, `discard question at ${width}`);
      await discard.getByRole("button", { name: "Discard" }).click();
      await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);

      await page.getByRole("button", { name: `Actions for "${longName}"` }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await expectButtonsInView(page, page.getByRole("alertdialog"), `list delete at ${width}`);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.locator('[role="alertdialog"]').count()).toBe(0);

      await page.goto(`/projects/${created.slug}/graph`);
      await expect.poll(shown(page.locator(".react-flow__node"))).toBe(true);
      await page
        .locator(".react-flow__node")
        .first()
        .click({ position: { x: 20, y: 40 } });
      await page.keyboard.press("Delete");
      await expectButtonsInView(
        page,
        page.getByRole("alertdialog", { name: "Delete Task" }),
        `graph delete at ${width}`,
      );
      await page.keyboard.press("Escape");
    }
    expect((await storedProject(context, created.id)).tasks).toHaveLength(1);
    await context.close();
  });
});

describe("the graph", () => {
  it.each([15, 200])(
    "fits a plan of %i tasks so every card is in view, at phone and desktop widths",
    async (count) => {
      const { context } = await signedInContext();
      const created = await createProjectViaApi(context, `Plan of ${count}`);
      await seedGrid(context, created.id, count, count === 15 ? 5 : 10);
      const page = await context.newPage();
      for (const [width, height] of PHONE_AND_DESKTOP) {
        await page.setViewportSize({ width, height });
        await openGraph(page, created.slug, "Step 1");
        await page.getByRole("button", { name: "Fit view" }).click();
        const canvas = (await page.locator(".react-flow").boundingBox())!;
        await expect
          .poll(
            async () => {
              const boxes = await page
                .locator(".react-flow__node")
                .evaluateAll((nodes) =>
                  nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
                );
              return (
                boxes.length === count &&
                boxes.every(
                  (box) =>
                    box.left >= canvas.x - 1 &&
                    box.top >= canvas.y - 1 &&
                    box.right <= canvas.x + canvas.width + 1 &&
                    box.bottom <= canvas.y + canvas.height + 1,
                )
              );
            },
            { message: `${count} cards at ${width} px` },
          )
          .toBe(true);
        await screenshot(page, `reach-fit-${count}-${width}`);
        // A plan this size needs less than the buttons' 50 % on a phone; never less than 5 %.
        const zoom = Number((await page.getByLabel("Zoom level").textContent())?.replace("%", ""));
        expect(zoom).toBeGreaterThanOrEqual(5);
        if (width === 375) expect(zoom).toBeLessThan(50);
      }
      await context.close();
    },
  );

  it("places tasks made outside the graph in free space, names connections, deletes with Delete, and drops an abandoned new card", async () => {
    const { context } = await signedInContext();
    const created = await createProjectViaApi(context, "Renovation");
    const survey = await createTaskViaApi(context, created.id, "Site survey", { positionX: 0, positionY: 0 });
    const page = await context.newPage();
    // Three tasks from the New Task dialog: no position of their own.
    await page.goto(`/projects/${created.slug}/list`);
    for (const name of ["Demolition", "Rewiring", "Plastering"]) {
      await page.getByRole("button", { name: "New Task" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add New Task" });
      await dialog.getByLabel("Task Name").fill(name);
      if (name === "Demolition") {
        await dialog.getByLabel("Add a task it waits for").selectOption({ label: "Site survey" });
        await dialog.getByRole("button", { name: "Add to Waits for" }).click();
        await expect
          .poll(shown(dialog.getByRole("list", { name: "Waits for" }).getByText("Site survey")))
          .toBe(true);
      }
      await dialog.getByRole("button", { name: "Add Task" }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    }
    await openGraph(page, created.slug, "Plastering");
    const boxes = await page
      .locator(".react-flow__node")
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(4);
    for (const [index, box] of boxes.entries()) {
      for (const other of boxes.slice(index + 1)) {
        const apart =
          box.right <= other.left ||
          other.right <= box.left ||
          box.bottom <= other.top ||
          other.bottom <= box.top;
        expect(apart).toBe(true);
      }
    }
    // Demolition waits for the survey, so it stands to its right.
    expect((await card(page, "Demolition").boundingBox())!.x).toBeGreaterThan(
      (await card(page, "Site survey").boundingBox())!.x,
    );
    await screenshot(page, "reach-placed-in-free-space");
    expect(await page.locator(".react-flow__edge").first().getAttribute("aria-label")).toBe(
      "Site survey blocks Demolition",
    );

    // Node mode, a click, then Escape: the new card goes away again.
    await tool(page, "Add node").click();
    const spot = await emptyCanvasPoint(page);
    await page.mouse.click(spot.x, spot.y);
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(() => dialog.getByLabel("Task Name").inputValue()).toBe("Task 5");
    // A toast shown after the dialog opened takes the first Escape (Radix closes the newest layer).
    for (let press = 0; press < 3 && (await dialog.count()) > 0; press += 1) {
      await page.keyboard.press("Escape");
      await expect
        .poll(() => dialog.count(), { timeout: 3_000 })
        .toBe(0)
        .catch(() => undefined);
    }
    expect(await dialog.count()).toBe(0);
    await expect.poll(async () => (await storedProject(context, created.id)).tasks.length).toBe(4);
    await expect.poll(() => card(page, "Task 5").count()).toBe(0);

    // Delete works as Backspace does.
    await card(page, "Plastering").getByText("Plastering").click();
    await page.keyboard.press("Delete");
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(async () => (await storedProject(context, created.id)).tasks.length).toBe(3);
    expect(survey.name).toBe("Site survey");
    await context.close();
  });
});

describe("keyboard and list", () => {
  it("reaches a task's checkbox in a few Tab presses, moves between rows with the arrows, and makes a dependency from the dialog", async () => {
    const { context } = await signedInContext();
    const created = await createProjectViaApi(context, "Loft conversion");
    // Many projects in the sidebar: they must not stand between the page and its tasks.
    for (let index = 0; index < 8; index += 1) await createProjectViaApi(context, `Other project ${index}`);
    const survey = await createTaskViaApi(context, created.id, "Structural survey");
    const stairs = await createTaskViaApi(context, created.id, "Fit the stairs");
    await createTaskViaApi(context, created.id, "Insulate the roof");
    const page = await context.newPage();
    await page.goto(`/projects/${created.slug}/list`);
    await expect
      .poll(shown(page.getByRole("checkbox", { name: 'Mark "Structural survey" as completed' })))
      .toBe(true);

    const focusedLabel = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
      });
    let presses = 0;
    while (presses < 10 && !(await focusedLabel()).startsWith("Mark ")) {
      if ((await focusedLabel()) === "Skip to tasks") await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      presses += 1;
    }
    expect(await focusedLabel()).toBe('Mark "Structural survey" as completed');
    expect(presses).toBeLessThanOrEqual(10);

    // The list is one Tab stop: the arrows move to the next row's checkbox, Tab leaves the row.
    await page.keyboard.press("ArrowDown");
    expect(await focusedLabel()).toBe('Mark "Fit the stairs" as completed');
    await page.keyboard.press("Tab");
    expect(await focusedLabel()).toBe("Fit the stairs");

    // Enter opens the task; Waits for is filled by keyboard alone.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(shown(dialog)).toBe(true);
    const picker = dialog.getByLabel("Add a task it waits for");
    for (
      let tab = 0;
      tab < 60 && !(await picker.evaluate((element) => element === document.activeElement));
      tab += 1
    ) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await picker.inputValue()).toBe(String(survey.id));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect
      .poll(shown(dialog.getByRole("list", { name: "Waits for" }).getByText("Structural survey")))
      .toBe(true);
    // The focus stays in the dialog, on the picker, not on the page behind it.
    await expect.poll(() => picker.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, "reach-waits-for-picker");
    await expect
      .poll(async () => (await storedProject(context, created.id)).dependencies)
      .toEqual([expect.objectContaining({ sourceTaskId: survey.id, targetTaskId: stairs.id })]);
    await context.close();
  });

  it("sorts the list and shows dates, assignee and category, which fold away at phone width", async () => {
    const { context, account } = await signedInContext();
    const created = await createProjectViaApi(context, "Extension");
    const category = await (
      await context.request.post(`/api/projects/${created.id}/categories`, {
        data: { name: "Build", color: "#3357FF" },
      })
    ).json();
    const me = await (await context.request.get("/api/auth/user")).json();
    await createTaskViaApi(context, created.id, "Pour the footings", {
      dueDate: "2031-05-01T00:00:00.000Z",
      startDate: "2031-04-01T00:00:00.000Z",
      categoryId: category.id,
      assigneeId: me.id,
    });
    await createTaskViaApi(context, created.id, "Apply for permits", { dueDate: "2031-01-15T00:00:00.000Z" });
    await createTaskViaApi(context, created.id, "Choose the windows");
    const page = await context.newPage();
    await page.goto(`/projects/${created.slug}/list`);
    const names = () =>
      page
        .locator('ul[aria-label="Tasks"] > li')
        .evaluateAll((rows) =>
          rows.map((row) => row.querySelector('[data-row-control="open"]')?.textContent ?? ""),
        );
    await expect.poll(names).toEqual(["Pour the footings", "Apply for permits", "Choose the windows"]);
    await page.getByLabel("Sort tasks").selectOption("name");
    await expect.poll(names).toEqual(["Apply for permits", "Choose the windows", "Pour the footings"]);
    await page.getByLabel("Sort tasks").selectOption("due");
    await expect.poll(names).toEqual(["Apply for permits", "Pour the footings", "Choose the windows"]);

    const footings = page.locator('ul[aria-label="Tasks"] > li').filter({ hasText: "Pour the footings" });
    const columns = footings.locator("dl");
    expect(await columns.isVisible()).toBe(true);
    const text = (await columns.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Build");
    expect(text).toContain(`${account.firstName} ${account.lastName}`);
    expect(text).toContain("Apr 1, 2031");
    expect(text).toContain("May 1, 2031");
    await screenshot(page, "reach-list-columns");
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => columns.isVisible()).toBe(false);
    await context.close();
  });
});
