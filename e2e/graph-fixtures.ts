// Helpers of e2e/graph.e2e.ts: cards, tools and drags on the dependency graph's canvas.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { seedTaskChain } from "./seeding";

/** A task card on the canvas, found by its label. */
export const card = (page: Page, name: string) =>
  page.locator(".react-flow__node").filter({ has: page.getByText(name, { exact: true }) });
/** The status its header shows: To Do, In Progress, Blocked or Completed. */
export const headerOf = (page: Page, name: string) => () =>
  card(page, name).locator(".task-node__status").textContent();
export const handle = (page: Page, name: string, id: "in" | "out") =>
  card(page, name).locator(`.react-flow__handle[data-handleid="${id}"]`);
export const tool = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Graph tools" }).getByRole("button", { name, exact: true });
export const counter = (page: Page) =>
  page
    .getByRole("toolbar")
    .getByText(/selected$/)
    .textContent();

export async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses at the centre of `from`, moves in steps, releases over `to`: what a person's drag does. */
export async function drag(page: Page, from: Locator, to: Locator) {
  const start = await center(from);
  const end = await center(to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 8, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.up();
}

export async function project(context: BrowserContext, id: number) {
  return (await (await context.request.get(`/api/projects/${id}`)).json()) as {
    tasks: {
      id: number;
      name: string;
      status: string;
      completed: boolean;
      positionX: number | null;
      positionY: number | null;
    }[];
    dependencies: { sourceTaskId: number; targetTaskId: number }[];
  };
}

export async function openGraph(page: Page, slug: string, firstCard: string) {
  await page.goto(`/projects/${slug}/graph`);
  await expect.poll(() => card(page, firstCard).isVisible()).toBe(true);
}

/** A project holding A -> B -> C in a row, 380 px apart. */
export async function seedChain(context: BrowserContext, name = "Launch") {
  const at = (x: number) => ({ positionX: x, positionY: 0 });
  const chain = await seedTaskChain(context, name, [
    ["Draft", { ...at(0), description: "One page." }],
    ["Review", at(380)],
    ["Ship", at(760)],
  ]);
  const [a, b, c] = chain.tasks;
  return { project: chain.project, a, b, c };
}
