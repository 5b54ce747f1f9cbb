// Helpers of the Gantt and kanban browser tests: seeds through the API, reading tasks back, and
// mouse drags in small steps (so dnd-kit and the bars see a real pointer move).
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import {
  createCategoryViaApi,
  createDependencyViaApi,
  createProjectViaApi,
  createTaskViaApi,
  signUpViaApi,
} from "./seeding";

export type StoredTask = {
  id: number;
  name: string;
  status: string;
  completed: boolean;
  completedAt: string | null;
  dueDate: string | null;
};

/** Local midnight `days` from today, as the date inputs send it. */
export const dayFromToday = (days: number) => {
  const date = new Date();
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).toISOString();
};
export const localDay = (iso: string | null) => {
  if (!iso) return null;
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
};

export async function storedTask(
  context: BrowserContext,
  projectId: number,
  taskId: number,
): Promise<StoredTask> {
  const detail = await (await context.request.get(`/api/projects/${projectId}`)).json();
  return detail.tasks.find((task: StoredTask) => task.id === taskId);
}

/** Presses on the middle of `from`, then moves the mouse by (dx, dy) in small steps and lets go. */
export async function dragBy(
  page: Page,
  from: Locator,
  dx: number,
  dy = 0,
  /** Runs with the button still held at the end of the drag, before the drop. */
  whileHeld?: () => Promise<void>,
) {
  const box = await settledBox(from);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + Math.sign(dx) * 2, y + Math.sign(dy) * 2, { steps: 2 });
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await whileHeld?.();
  await page.mouse.up();
}

/**
 * The element's box once it has stopped moving (two reads 100 ms apart agree): a card whose column
 * is still being laid out after a move would be pressed where it no longer is.
 */
async function settledBox(element: Locator) {
  let previous = await element.boundingBox();
  for (let reads = 0; reads < 50; reads++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const box = await element.boundingBox();
    if (box && previous && box.x === previous.x && box.y === previous.y) return box;
    previous = box;
  }
  throw new Error("the element to drag never came to rest");
}

/** Drags `from` onto the middle of `to`. */
export async function dragOnto(page: Page, from: Locator, to: Locator) {
  const [a, b] = [await settledBox(from), await to.boundingBox()];
  if (!a || !b) throw new Error("nothing to drag");
  await dragBy(
    page,
    from,
    b.x + b.width / 2 - (a.x + a.width / 2),
    b.y + b.height / 2 - (a.y + a.height / 2),
  );
}

export const column = (page: Page, status: string) => page.locator(`[data-kanban-column="${status}"]`);
export const card = (page: Page, id: number) => page.locator(`[data-kanban-card="${id}"]`);
export const bar = (page: Page, id: number) => page.locator(`[data-gantt-bar="${id}"]`);

export async function seedBoard(context: BrowserContext, name = "Launch") {
  await signUpViaApi(context);
  const project = await createProjectViaApi(context, name);
  const draft = await createTaskViaApi(context, project.id, "Draft the plan", {
    description: "One page, no more.",
    dueDate: dayFromToday(3),
  });
  const review = await createTaskViaApi(context, project.id, "Review the plan", { status: "in-progress" });
  const legal = await createTaskViaApi(context, project.id, "Wait for legal", { status: "blocked" });
  const old = await createTaskViaApi(context, project.id, "Old chore", { status: "todo" });
  return { project, draft, review, legal, old };
}

export async function seedTimeline(context: BrowserContext, name = "Launch") {
  await signUpViaApi(context);
  const project = await createProjectViaApi(context, name);
  const category = await createCategoryViaApi(context, project.id);
  const sketch = await createTaskViaApi(context, project.id, "Sketch the pages", {
    categoryId: category.id,
    startDate: dayFromToday(-1),
    dueDate: dayFromToday(2),
  });
  const build = await createTaskViaApi(context, project.id, "Build the pages", {
    categoryId: category.id,
    startDate: dayFromToday(1),
    dueDate: dayFromToday(5),
  });
  const launch = await createTaskViaApi(context, project.id, "Launch", {
    startDate: dayFromToday(6),
    dueDate: dayFromToday(7),
  });
  await createDependencyViaApi(context, sketch, build);
  await createDependencyViaApi(context, build, launch);
  return { project, sketch, build, launch };
}

/**
 * Carries a kanban card by keyboard one column to the right, as a keyboard user does: focus, Space
 * to lift, ArrowRight, and waits until the board says it is over `column` (answers without dropping).
 */
export async function carryRightByKeyboard(page: Page, cardLocator: Locator, over: string) {
  await cardLocator.focus();
  await page.keyboard.press("Space");
  await expect
    .poll(() => page.locator('[aria-roledescription="draggable task"][aria-pressed="true"]').count())
    .toBe(1);
  // dnd-kit listens for the arrow keys from the next tick after the pick-up.
  await page.waitForTimeout(50);
  await page.keyboard.press("ArrowRight");
  // As a screen reader hears it: where the card is now.
  await expect
    .poll(() =>
      page.evaluate(() => [...document.querySelectorAll("[aria-live]")].map((e) => e.textContent).join(" ")),
    )
    .toContain(over);
}
