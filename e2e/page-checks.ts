// What the browser tests check of a page, the same way wherever they check it: a toast shown,
// nothing sticking out sideways, a view opened full page and closed again.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot } from "./fixtures";

/**
 * Waits for a toast holding this text (title or description). Located by text, not by its region:
 * while a modal dialog is open, Radix hides everything outside it from the accessibility tree.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.locator("li[data-swipe-direction]").filter({ hasText: text }).first();
  await expect.poll(() => toast.isVisible()).toBe(true);
}

/**
 * Runs `action`, then waits for a toast saying `text` that was not on the page before it: a toast
 * left from an earlier step, saying the same, must not stand for the one the action brings.
 */
export async function expectNewToast(page: Page, text: string, action: () => Promise<void>) {
  const toasts = page.locator("li[data-swipe-direction]");
  await toasts.evaluateAll((elements) => {
    for (const element of elements) element.setAttribute("data-seen-toast", "");
  });
  await action();
  const fresh = toasts.filter({ hasText: text }).and(page.locator(":not([data-seen-toast])")).first();
  await expect.poll(() => fresh.isVisible()).toBe(true);
}

/** Nothing on the page sticks out sideways: the page is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/**
 * Opens the view full page with its Full Page button, expects the full page's heading, takes its
 * screenshot, then closes it with Escape and expects the heading gone.
 */
export async function expectFullPageView(page: Page, heading: string, screenshotName: string) {
  await page.getByRole("button", { name: "Full Page" }).click();
  await expect.poll(() => page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
  await screenshot(page, screenshotName);
  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("heading", { name: heading }).count()).toBe(0);
}
