// Summary tasks in the dependency graph (docs/spec/outline.md): each summary a labelled frame around
// the cards under it, following a card dragged; its chevron collapses it to one card (as the list
// remembers it) that the hidden tasks' links attach to, one arrow per pair, critical when one of its
// links is; the collapsed card dragged takes its tasks along; and a summary's dialog, whose dates
// roll up.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProjectDetailDto } from "../core/schemas/projects";
import { screenshot, setupBrowserApp } from "./fixtures";
import { card, center, counter, tool } from "./graph-fixtures";
import { createProjectViaApi, createTaskViaApi } from "./seeding";

const { signedInContext } = setupBrowserApp();

/**
 * 1 Plan: 1.1 Survey, 1.2 Budget; 2 Move; 3 Settle: 3.1 Unpack, 3.2 Party. Survey → Move (FS),
 * Budget → Move (SS), Move → Unpack, Unpack → Party.
 */
async function seedOutlinedPlan(context: BrowserContext) {
  const project = await createProjectViaApi(context, "Office move");
  const at = (x: number, y: number, duration: number) => ({ positionX: x, positionY: y, duration });
  const plan = await createTaskViaApi(context, project.id, "Plan");
  const survey = await createTaskViaApi(context, project.id, "Survey", { parentId: plan.id, ...at(0, 0, 2) });
  const budget = await createTaskViaApi(context, project.id, "Budget", {
    parentId: plan.id,
    ...at(0, 150, 1),
  });
  const move = await createTaskViaApi(context, project.id, "Move", at(420, 75, 1));
  const settle = await createTaskViaApi(context, project.id, "Settle");
  const unpack = await createTaskViaApi(context, project.id, "Unpack", {
    parentId: settle.id,
    ...at(840, 0, 1),
  });
  const party = await createTaskViaApi(context, project.id, "Party", {
    parentId: settle.id,
    ...at(840, 150, 1),
  });
  const link = async (from: { id: number }, to: { id: number }, type = "FS") => {
    const response = await context.request.post("/api/dependencies", {
      data: { sourceTaskId: from.id, targetTaskId: to.id, type },
    });
    if (response.status() !== 201) throw new Error(`link failed: ${await response.text()}`);
  };
  await link(survey, move);
  await link(budget, move, "SS");
  await link(move, unpack);
  await link(unpack, party);
  return { project, tasks: { plan, survey, budget, move, settle, unpack, party } };
}

const stored = async (context: BrowserContext, projectId: number) =>
  (await (await context.request.get(`/api/projects/${projectId}`)).json()) as ProjectDetailDto;

const frame = (page: Page, id: number) => page.locator(`[data-testid="rf__node-${id}"]`);
const edges = (page: Page) => page.locator(".react-flow__edge");
const edge = (page: Page, id: string) => page.locator(`[data-testid="rf__edge-${id}"]`);
const box = async (locator: ReturnType<Page["locator"]>) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
};
const encloses = (
  outer: { x: number; y: number; width: number; height: number },
  inner: { x: number; y: number; width: number; height: number },
) =>
  outer.x < inner.x &&
  outer.y < inner.y &&
  outer.x + outer.width > inner.x + inner.width &&
  outer.y + outer.height > inner.y + inner.height;

describe("summary tasks in the dependency graph", () => {
  it("frames each summary's cards, collapses it to one card its links attach to, and opens its dialog", async () => {
    const { context } = await signedInContext();
    const { project, tasks } = await seedOutlinedPlan(context);
    const page = await context.newPage();
    await page.goto(`/projects/${project.slug}/graph`);
    await expect.poll(() => card(page, "Survey").isVisible()).toBe(true);

    // Two frames, each around its cards and behind them; no completion toggle on a summary.
    const plan = frame(page, tasks.plan.id);
    await expect.poll(() => plan.locator("[data-summary-frame]").count()).toBe(1);
    expect(await frame(page, tasks.settle.id).locator("[data-summary-frame]").count()).toBe(1);
    expect(await plan.getAttribute("aria-label")).toBe('Summary task "Plan"');
    expect(await plan.locator("[data-wbs]").innerText()).toContain("1");
    await expect.poll(async () => encloses(await box(plan), await box(card(page, "Budget")))).toBe(true);
    expect(encloses(await box(plan), await box(card(page, "Survey")))).toBe(true);
    const zOf = (locator: ReturnType<Page["locator"]>) =>
      locator.evaluate((element) => Number(getComputedStyle(element).zIndex));
    expect(await zOf(plan)).toBeLessThan(await zOf(card(page, "Survey")));
    expect(await page.getByRole("checkbox", { name: 'Mark "Plan" as completed' }).count()).toBe(0);
    expect(await edges(page).count()).toBe(4);
    await screenshot(page, "outline-graph-frames");

    // A card dragged down: its frame follows, and the card's place is stored as it stands.
    const planBefore = await box(plan);
    const budget = await center(card(page, "Budget").locator(".task-node__status"));
    await page.mouse.move(budget.x, budget.y);
    await page.mouse.down();
    await page.mouse.move(budget.x, budget.y + 20, { steps: 4 });
    await page.mouse.move(budget.x, budget.y + 90, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await box(plan)).height).toBeGreaterThan(planBefore.height + 40);
    expect(encloses(await box(plan), await box(card(page, "Budget")))).toBe(true);
    await expect
      .poll(
        async () =>
          (await stored(context, project.id)).tasks.find((t) => t.id === tasks.budget.id)?.positionY,
      )
      .toBeGreaterThan(150);

    // Collapsed: Plan is one card, Survey's and Budget's links one arrow from it, with no label
    // (FS and SS disagree); the list remembers it.
    await page.getByRole("button", { name: 'Collapse "Plan" (2 tasks under it)' }).click();
    await expect.poll(() => card(page, "Survey").count()).toBe(0);
    expect(await card(page, "Budget").count()).toBe(0);
    const planCard = page.locator(`[data-summary-card="${tasks.plan.id}"]`);
    expect(await planCard.innerText()).toContain("2 tasks");
    expect(await planCard.getByRole("checkbox").count()).toBe(0);
    const joined = edge(page, `links-${tasks.plan.id}-${tasks.move.id}`);
    await expect.poll(() => joined.count()).toBe(1);
    expect(await joined.getAttribute("aria-label")).toBe("Plan blocks Move");
    expect(await joined.locator(".react-flow__edge-text").count()).toBe(0);
    expect(await edges(page).count()).toBe(3);
    // The card stands where the frame began.
    const cardBox = await box(planCard);
    expect(Math.abs(cardBox.x - planBefore.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(cardBox.y - planBefore.y)).toBeLessThanOrEqual(2);

    // Settle collapsed too: Move's link now ends on its card, Unpack → Party is inside it.
    await page.getByRole("button", { name: 'Collapse "Settle" (2 tasks under it)' }).click();
    await expect.poll(() => edges(page).count()).toBe(2);
    expect(await page.locator(`[data-summary-card="${tasks.settle.id}"]`).isVisible()).toBe(true);
    // The critical path runs through Survey, hidden in Plan: Plan's card and its arrow are amber.
    await page.getByRole("button", { name: "Critical path" }).click();
    await expect.poll(() => planCard.getAttribute("class")).toContain("is-critical");
    expect(await joined.getAttribute("class")).toContain("is-critical");
    // The keyboard reaches the collapsed card and selects it.
    await frame(page, tasks.plan.id).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => counter(page)).toBe("1 task, 0 connections selected");
    await screenshot(page, "outline-graph-collapsed");

    // Dragging the collapsed card moves the tasks in it by as much.
    const before = await stored(context, project.id);
    const surveyX = before.tasks.find((t) => t.id === tasks.survey.id)?.positionX ?? 0;
    const grip = await center(planCard.locator(".task-node__status"));
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x + 20, grip.y, { steps: 4 });
    await page.mouse.move(grip.x - 150, grip.y, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(
        async () =>
          (await stored(context, project.id)).tasks.find((t) => t.id === tasks.survey.id)?.positionX,
      )
      .toBeLessThan(surveyX - 30);
    const after = await stored(context, project.id);
    const moved = (id: number) =>
      (after.tasks.find((t) => t.id === id)?.positionX ?? 0) -
      (before.tasks.find((t) => t.id === id)?.positionX ?? 0);
    expect(moved(tasks.budget.id)).toBe(moved(tasks.survey.id));

    // Remembered as the list has it; expanding brings the cards back in their frame.
    await page.goto(`/projects/${project.slug}/list`);
    await expect.poll(() => page.getByRole("button", { name: /^Expand "Plan"/ }).isVisible()).toBe(true);
    await page.goto(`/projects/${project.slug}/graph`);
    await expect.poll(() => planCard.isVisible()).toBe(true);
    await page.getByRole("button", { name: 'Expand "Plan" (2 tasks under it)' }).click();
    await expect.poll(() => card(page, "Survey").isVisible()).toBe(true);
    expect(encloses(await box(plan), await box(card(page, "Survey")))).toBe(true);
    expect(await edge(page, `links-${tasks.plan.id}-${tasks.move.id}`).count()).toBe(0);
    await expect.poll(() => edges(page).count()).toBe(3);

    // A summary's dialog: its dates roll up, no duration, dates or mode to type.
    await plan.getByRole("button", { name: 'Edit "Plan"' }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect
      .poll(() => dialog.getByText("Dates roll up from the tasks under it.").isVisible())
      .toBe(true);
    expect(await dialog.getByLabel("Due Date").count()).toBe(0);
    expect(await dialog.getByLabel("Duration (working days)").count()).toBe(0);
    // Its constraint: only the two a summary may take, start no earlier than among them.
    const constraint = dialog.getByLabel("Constraint", { exact: true });
    expect(await constraint.isEnabled()).toBe(true);
    expect(await constraint.locator("option").allTextContents()).toEqual([
      "As soon as possible",
      "Start no earlier than",
    ]);
    await screenshot(page, "outline-graph-summary-dialog");
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("puts a card added inside a summary's frame under that summary", async () => {
    const { context } = await signedInContext();
    const { project, tasks } = await seedOutlinedPlan(context);
    const page = await context.newPage();
    await page.goto(`/projects/${project.slug}/graph`);
    await expect.poll(() => card(page, "Survey").isVisible()).toBe(true);
    // Between Survey and Budget, inside Plan's frame.
    const survey = await box(card(page, "Survey"));
    const budget = await box(card(page, "Budget"));
    await tool(page, "Add node").click();
    await page.mouse.click(survey.x + 20, (survey.y + survey.height + budget.y) / 2);
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect.poll(() => dialog.getByLabel("Task Name").inputValue()).toBe("Task 8");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect
      .poll(
        async () =>
          (await stored(context, project.id)).tasks.find((task) => task.name === "Task 8")?.parentId,
      )
      .toBe(tasks.plan.id);
    // Outside every frame, a card stays at the top level.
    const canvas = (await page.locator(".react-flow").boundingBox())!;
    await tool(page, "Add node").click();
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height - 25);
    await expect.poll(() => dialog.getByLabel("Task Name").inputValue()).toBe("Task 9");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect
      .poll(
        async () =>
          (await stored(context, project.id)).tasks.find((task) => task.name === "Task 9")?.parentId,
      )
      .toBeNull();
    await context.close();
  });

  it("lays out each summary's cards inside its frame, the frames side by side in the links' order", async () => {
    const { context } = await signedInContext();
    const { project, tasks } = await seedOutlinedPlan(context);
    // Every card on one spot: the frames of Plan and Settle overlap each other and Move.
    const piled = Object.values(tasks).map((task) => ({ taskId: task.id, positionX: 0, positionY: 0 }));
    const response = await context.request.put(`/api/projects/${project.id}/tasks/positions`, {
      data: { positions: piled },
    });
    expect(response.status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/projects/${project.slug}/graph`);
    await expect.poll(() => card(page, "Survey").isVisible()).toBe(true);

    await tool(page, "Auto-layout").click();
    await expect
      .poll(async () => {
        const { tasks: saved } = await stored(context, project.id);
        return saved.find((task) => task.id === tasks.unpack.id)?.positionX ?? 0;
      })
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Fit view" }).click();
    // Plan holds Survey and Budget, Settle holds Unpack and Party; Plan, then Move, then Settle,
    // left to right, none over another (polled: the fit moves everything for a moment).
    const placed = async () => {
      const plan = await box(frame(page, tasks.plan.id));
      const settle = await box(frame(page, tasks.settle.id));
      const move = await box(card(page, "Move"));
      const held = async (outer: typeof plan, names: string[]) => {
        for (const name of names) if (!encloses(outer, await box(card(page, name)))) return false;
        return true;
      };
      return {
        planHolds: await held(plan, ["Survey", "Budget"]),
        settleHolds: await held(settle, ["Unpack", "Party"]),
        planBeforeMove: plan.x + plan.width < move.x,
        moveBeforeSettle: move.x + move.width < settle.x,
      };
    };
    await expect
      .poll(placed)
      .toEqual({ planHolds: true, settleHolds: true, planBeforeMove: true, moveBeforeSettle: true });
    await screenshot(page, "outline-graph-auto-layout");
    await context.close();
  });
});
