import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp, VIEWPORTS } from "./fixtures";
import {
  card,
  center,
  counter,
  drag,
  handle,
  headerOf,
  openGraph,
  project,
  seedChain,
  tool,
} from "./graph-fixtures";
import { expectToast } from "./page-checks";
import {
  createCategoryViaApi,
  createDependencyViaApi,
  createProjectViaApi,
  createTaskViaApi,
} from "./seeding";

const { newContext, signedInContext, seededPage, sharedPage } = setupBrowserApp();

describe("the dependency graph in the browser", () => {
  it("adds a task on the canvas, connects it by dragging, and shows Blocked until the prerequisite is done", async () => {
    const { context } = await signedInContext();
    const created = await createProjectViaApi(context, "Garden");
    const first = await createTaskViaApi(context, created.id, "Buy seeds", { positionX: 0, positionY: 0 });
    const page = await context.newPage();
    await openGraph(page, created.slug, first.name);
    expect(await headerOf(page, first.name)()).toBe("To Do");
    expect(await counter(page)).toBe("0 tasks, 0 connections selected");

    // With one task there is nothing to connect to.
    await tool(page, "Add connection").click();
    await expectToast(page, "You need at least two tasks to create a dependency.");
    expect(await tool(page, "Select and move").getAttribute("aria-pressed")).toBe("true");

    await tool(page, "Add node").click();
    await expectToast(page, "Click on the canvas to add a new task");
    const canvas = (await page.locator(".react-flow").boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height * 0.75);
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(() => dialog.getByLabel("Task Name").inputValue()).toBe("Task 2");
    // Update keeps the new card as it is (Cancel or Escape would take it away again).
    await dialog.getByRole("button", { name: "Update" }).click();
    // Back in select mode (the dialog hides the page from the accessibility tree while it is open).
    await expect.poll(() => tool(page, "Select and move").getAttribute("aria-pressed")).toBe("true");
    const saved = (await project(context, created.id)).tasks.find((task) => task.name === "Task 2");
    expect(saved).toMatchObject({ status: "todo" });
    expect(saved?.positionY).toBeGreaterThan(0);

    await drag(page, handle(page, first.name, "out"), handle(page, "Task 2", "in"));
    await expect.poll(headerOf(page, "Task 2")).toBe("Waiting");
    expect((await project(context, created.id)).dependencies).toEqual([
      expect.objectContaining({ sourceTaskId: first.id, targetTaskId: saved?.id }),
    ]);
    await screenshot(page, "graph-connected");

    await card(page, first.name)
      .getByRole("checkbox", { name: `Mark "${first.name}" as completed` })
      .click();
    await expect.poll(headerOf(page, first.name)).toBe("Completed");
    await expect.poll(headerOf(page, "Task 2")).toBe("To Do");

    // The Show filter, named as in every view: Completed, then the rest.
    const show = page.getByLabel("Show");
    await show.selectOption({ label: "Completed" });
    await expect.poll(() => card(page, "Task 2").count()).toBe(0);
    expect(await card(page, first.name).isVisible()).toBe(true);
    await show.selectOption({ label: "Not Completed" });
    await expect.poll(() => card(page, first.name).count()).toBe(0);
    await show.selectOption({ label: "All Tasks" });
    await expect.poll(() => card(page, first.name).isVisible()).toBe(true);
    await context.close();
  });

  it("refuses a dependency that would close a cycle, naming the cycle", async () => {
    const { context, page, project: created, a, c } = await seededPage(seedChain);
    await openGraph(page, created.slug, a.name);
    expect(await headerOf(page, c.name)()).toBe("Waiting");

    // In connect mode a drag from anywhere on one card to anywhere on another connects them.
    await tool(page, "Add connection").click();
    await expectToast(page, "Drag from one task to another to create a dependency");
    await drag(page, card(page, c.name).getByText(c.name), card(page, a.name).getByText(a.name));
    await expectToast(page, "Failed to create dependency");
    await expectToast(page, `This dependency would create a cycle: "Ship" → "Draft" → "Review" → "Ship".`);
    await screenshot(page, "graph-cycle-refused");
    expect((await project(context, created.id)).dependencies).toHaveLength(2);
    await context.close();
  });

  it("deletes a selection after the confirmation, and a connection on its own", async () => {
    const { context, page, project: created, a, b, c } = await seededPage(seedChain);
    const extra = await createTaskViaApi(context, created.id, "Celebrate", { positionX: 0, positionY: 300 });
    await openGraph(page, created.slug, a.name);

    await tool(page, "Delete selected").click();
    await expectToast(page, "Select a task or dependency first, then press the delete button.");

    await card(page, c.name).getByText(c.name).click();
    await page.keyboard.press("Backspace");
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect
      .poll(() =>
        confirm
          .getByText(
            "Are you sure you want to delete 1 task? This will also remove any dependencies connected to this task.",
          )
          .isVisible(),
      )
      .toBe(true);
    // The question names the task, not only how many.
    expect(await confirm.getByTestId("deleted-task-names").textContent()).toBe(`"${c.name}"`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    // The dialog and its overlay gone (a click while it fades out would land on the overlay), the
    // task still selected.
    await expect.poll(() => page.locator('[role="alertdialog"]').count()).toBe(0);
    await expect.poll(() => counter(page)).toBe("1 task, 0 connections selected");

    await card(page, extra.name)
      .getByText(extra.name)
      .click({ modifiers: ["Control"] });
    await expect.poll(() => counter(page)).toBe("2 tasks, 0 connections selected");
    await tool(page, "Delete selected").click();
    const confirmMany = page.getByRole("alertdialog", { name: "Delete Tasks" });
    expect(
      await confirmMany
        .getByText(
          "Are you sure you want to delete 2 tasks? This will also remove any dependencies connected to these tasks.",
        )
        .isVisible(),
    ).toBe(true);
    expect(await confirmMany.getByTestId("deleted-task-names").textContent()).toMatch(
      new RegExp(`^"(${c.name}|${extra.name})" and "(${c.name}|${extra.name})"$`),
    );
    await confirmMany.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Successfully deleted 2 items.");
    await expect.poll(() => card(page, c.name).count()).toBe(0);
    expect(await card(page, extra.name).count()).toBe(0);

    // The arrow between A and B (both at y 0, so its middle is on the line), once the deleted
    // cards' arrows have left the page.
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(1);
    await page.locator(".react-flow__edge").first().click();
    await expect.poll(() => counter(page)).toBe("0 tasks, 1 connection selected");
    await tool(page, "Delete selected").click();
    // A link goes without a question (Ctrl+Z brings it back); the toast names it.
    await expectToast(page, `Deleted "${a.name}" → "${b.name}". Press Ctrl+Z to undo.`);
    await expect.poll(headerOf(page, b.name)).toBe("To Do");
    const left = await project(context, created.id);
    expect(left.tasks.map((task) => task.name).sort()).toEqual([a.name, b.name]);
    expect(left.dependencies).toEqual([]);
    await context.close();
  });

  it("auto-lays out the tasks, keeps the positions after a reload, and keeps a dragged card where it lands", async () => {
    const { context } = await signedInContext();
    const created = await createProjectViaApi(context, "Layout");
    // No stored positions: the cards start in free space (placeUnpositioned).
    const a = await createTaskViaApi(context, created.id, "First");
    const b = await createTaskViaApi(context, created.id, "Second");
    const loose = await createTaskViaApi(context, created.id, "On its own");
    await createDependencyViaApi(context, a, b);
    const page = await context.newPage();
    await openGraph(page, created.slug, a.name);

    await tool(page, "Auto-layout").click();
    const expected = [
      [a.name, 0, 0],
      [b.name, 380, 0],
      [loose.name, 0, 140],
    ];
    const positions = async () =>
      (await project(context, created.id)).tasks
        .map((task) => [task.name, task.positionX, task.positionY])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    await expect
      .poll(positions)
      .toEqual([...expected].sort((x, y) => String(x[0]).localeCompare(String(y[0]))));

    await page.reload();
    await expect.poll(() => card(page, b.name).getAttribute("style")).toContain("translate(380px, 0px)");
    expect(await card(page, loose.name).getAttribute("style")).toContain("translate(0px, 140px)");

    // A drag is saved once it ends, snapped to the 15 px grid, with no toast.
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") requests.push(request.url());
    });
    const from = await center(card(page, loose.name).getByText(loose.name));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 90, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => requests.length).toBe(1);
    await page.waitForTimeout(800); // past the arrow-key save delay: still one request
    expect(requests).toHaveLength(1);
    const moved = (await project(context, created.id)).tasks.find((task) => task.id === loose.id);
    expect([moved?.positionX, moved?.positionY].every((value) => (value ?? 1) % 15 === 0)).toBe(true);
    expect(moved?.positionY).toBeGreaterThan(140);
    expect(await page.locator("li[data-swipe-direction]").count()).toBe(0);

    // The keyboard path: arrow keys move the focused card 15 px a press, saved once they rest.
    await card(page, b.name).getByText(b.name).click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => requests.length).toBe(2);
    const nudged = (await project(context, created.id)).tasks.find((task) => task.id === b.id);
    expect([nudged?.positionX, nudged?.positionY]).toEqual([405, 0]); // 380 -> 390 (onto the grid) -> 405
    await context.close();
  });

  it("lets a viewer try the tools and refuses each write with its Permission denied toast", async () => {
    const owner = await newContext();
    const { project: created, a, b } = await seedChain(owner, "Shared roadmap");
    const { context, page } = await sharedPage(created, "viewer");
    await openGraph(page, created.slug, a.name);

    // The toolbar is hidden only on public links; a member viewer is told no instead.
    expect(await page.getByRole("toolbar", { name: "Graph tools" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Fit view" }).isVisible()).toBe(true);

    const before = await card(page, a.name).getAttribute("style");
    await drag(page, card(page, a.name).getByText(a.name), page.locator(".react-flow__pane"));
    expect(await card(page, a.name).getAttribute("style")).toBe(before);

    await card(page, a.name).getByRole("checkbox").click();
    await expectToast(page, "You don't have permission to edit this task");

    await card(page, a.name).getByText(a.name).click();
    await page.keyboard.press("Backspace");
    await expectToast(page, "You don't have permission to delete items");

    await page.locator(".react-flow__edge").first().click({ force: true });
    await expect.poll(() => counter(page)).toBe("0 tasks, 1 connection selected");
    await tool(page, "Delete selected").click();
    await expectToast(page, "You don't have permission to delete dependencies");

    await tool(page, "Add node").click();
    const canvas = (await page.locator(".react-flow").boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height * 0.8);
    await expectToast(page, "You don't have permission to create tasks");

    await tool(page, "Add connection").click();
    await expect.poll(() => page.locator(".graph-canvas").getAttribute("data-mode")).toBe("connect");
    await drag(page, card(page, b.name).getByText(b.name), card(page, a.name).getByText(a.name));
    await expectToast(page, "You don't have permission to create dependencies");

    // Nothing changed on the server.
    const after = await project(owner, created.id);
    expect(after.tasks).toHaveLength(3);
    expect(after.dependencies).toHaveLength(2);
    expect(after.tasks.every((task) => !task.completed)).toBe(true);

    await tool(page, "Select and move").click();
    await card(page, a.name).getByText(a.name).dblclick();
    await expect.poll(() => page.getByRole("dialog", { name: "Task Details" }).isVisible()).toBe(true);
    await screenshot(page, "graph-viewer");
    await owner.close();
    await context.close();
  });

  it("looks right at phone, tablet and desktop widths, full page and with the critical path", async () => {
    const { context, page, project: created, a } = await seededPage(seedChain, "Website relaunch");
    const category = await createCategoryViaApi(context, created.id);
    await context.request.put(`/api/tasks/${a.id}`, { data: { categoryId: category.id } });
    for (const [width, height] of VIEWPORTS) {
      await page.setViewportSize({ width, height });
      await openGraph(page, created.slug, a.name);
      await screenshot(page, `graph-${width}`);
    }
    await page.getByRole("button", { name: "Critical path" }).click();
    await expect.poll(() => page.getByText("Critical path: 3 tasks, 0 days").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Full Page" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Website relaunch - Dependency Graph" }).isVisible())
      .toBe(true);
    expect((await page.locator(".react-flow").boundingBox())?.height).toBeGreaterThan(600);
    await screenshot(page, "graph-full-page-critical-path");
    await page.keyboard.press("Escape");

    const empty = await createProjectViaApi(context, "Empty plan");
    await page.goto(`/projects/${empty.slug}/graph`);
    await expect.poll(() => page.getByText("No tasks yet", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("toolbar", { name: "Graph tools" }).isVisible()).toBe(true);
    await screenshot(page, "graph-empty");
    await context.close();
  });

  it("shows the plan in the minimap, and pans and zooms the canvas from it", async () => {
    const { context, page, project: created, a } = await seededPage(seedChain, "Minimap plan");
    await openGraph(page, created.slug, a.name);
    const minimap = page.getByRole("img", { name: "Minimap" });
    expect(await minimap.boundingBox()).toMatchObject({ width: 200, height: 150 });
    // Pixels of the card colour (graph.css: the theme's --graph-minimap-node) the minimap's canvas
    // holds; the colour is read as a canvas paints it, so the count follows the token.
    const cardPixels = () =>
      minimap.evaluate((canvas: HTMLCanvasElement) => {
        const probe = document.createElement("canvas").getContext("2d")!;
        probe.fillStyle = getComputedStyle(canvas)
          .getPropertyValue("--xy-minimap-node-background-color")
          .trim();
        probe.fillRect(0, 0, 1, 1);
        const [red, green, blue] = probe.getImageData(0, 0, 1, 1).data;
        const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
        let count = 0;
        for (let at = 0; at < data.length; at += 4)
          if (data[at] === red && data[at + 1] === green && data[at + 2] === blue) count++;
        return count;
      });
    // The canvas draws on the frame after the cards are measured: a busy machine may be a frame late.
    await expect.poll(cardPixels).toBeGreaterThan(100);
    const allCards = await cardPixels();
    // A selected card is drawn in the selection colour instead: a third of the card pixels go.
    await card(page, a.name).click();
    await expect.poll(cardPixels).toBeLessThan(allCards * 0.8);
    expect(await cardPixels()).toBeGreaterThan(allCards * 0.4);

    const transform = () =>
      page.evaluate(
        () => document.querySelector<HTMLElement>(".react-flow__viewport")?.style.transform ?? "",
      );
    const parse = (value: string) => value.match(/-?[\d.]+/g)?.map(Number) ?? [];
    const [x, y, zoom] = parse(await transform());
    const middle = await center(minimap);
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + 30, middle.y + 10, { steps: 5 });
    await page.mouse.up();
    // Dragging right and down over the minimap shows what lies right of and below the view.
    const [pannedX, pannedY, pannedZoom] = parse(await transform());
    expect(pannedX).toBeLessThan(x - 20);
    expect(pannedY).toBeLessThan(y - 5);
    expect(pannedZoom).toBe(zoom);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => parse(await transform())[2]).toBeGreaterThan(zoom);
    await screenshot(page, "graph-minimap");
    await context.close();
  });
});
