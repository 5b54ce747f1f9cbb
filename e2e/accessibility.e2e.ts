// Accessibility: every screen at 375, 768 and 1440 px is screenshotted and scanned by
// axe-core with no serious or critical violation; the app works by keyboard alone; the avatar menu
// and its Logout Error toast; tooltips open after the spec's 700 ms.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appScreens,
  type Finding,
  type SeededProject,
  scanScreen,
  seedRichProject,
  seriousViolations,
  WIDTHS,
} from "./accessibility-fixtures";
import { screenshot, setupBrowserApp } from "./fixtures";
import { expectToast } from "./page-checks";
import { newAccount } from "./seeding";

const { app, newContext, signedInContext, signedInPage } = setupBrowserApp();
let ownerContext: BrowserContext;
let project: SeededProject;

beforeAll(async () => {
  ({ context: ownerContext } = await signedInContext());
  project = await seedRichProject(ownerContext, newAccount().email);
});

const shown = (locator: Locator) => () => locator.first().isVisible();
const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const path = (page: Page) => new URL(page.url()).pathname;

const SCREENS = appScreens(() => project);

describe("accessibility of every screen", () => {
  it("finds a serious violation where there is one (the scan itself works)", async () => {
    const page = await ownerContext.newPage();
    await page.goto("/no-such-page");
    await expect.poll(shown(heading(page, "404 Page Not Found"))).toBe(true);
    // A button with no name, and grey text on white far below the contrast minimum.
    await page.evaluate(() => {
      const main = document.querySelector("main") ?? document.body;
      main.insertAdjacentHTML(
        "beforeend",
        '<button type="button"></button><p style="color:#ddd;background:#fff">faint</p>',
      );
    });
    const findings = await seriousViolations(page, "planted");
    await page.close();
    expect(findings.some((finding) => finding.includes("button-name"))).toBe(true);
    expect(findings.some((finding) => finding.includes("color-contrast"))).toBe(true);
  });

  it.each(WIDTHS)("has no serious or critical axe violation at %i px", async (width) => {
    const signedIn = await ownerContext.newPage();
    await signedIn.setViewportSize({ width, height: 900 });
    const guestContext = await newContext(width, 900);
    const guest = await guestContext.newPage();
    const findings: Finding[] = [];
    for (const screen of SCREENS) {
      const page = screen.signedOut ? guest : signedIn;
      findings.push(...(await scanScreen(page, screen, `${width}`)));
    }
    await signedIn.close();
    await guestContext.close();
    expect(findings).toEqual([]);
  });
});

/** Whether the element this locator finds has the keyboard focus. */
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusInside = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement));

/** Presses Tab until `target` has the focus, failing after `max` presses (it is not reachable). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs past the last control of an open dialog: the focus must stay inside it all the way round. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const controls = await dialog.locator("button, input, textarea, select, a[href]").count();
  for (let presses = 0; presses <= controls + 1; presses += 1) {
    await page.keyboard.press("Tab");
    expect(await focusInside(dialog)).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await focusInside(dialog)).toBe(true);
}

describe("keyboard alone", () => {
  it("creates a project and a task, and opens the avatar menu, without a pointer", async () => {
    const { context, page } = await signedInPage();
    await page.goto("/my-tasks");
    await expect.poll(shown(page.getByText("No projects yet"))).toBe(true);

    // The sidebar's New Project button opens its dialog; the focus is trapped and Escape gives it back.
    const sidebarNewProject = page
      .getByRole("complementary", { name: "Sidebar" })
      .getByRole("button", { name: "New Project" });
    await tabTo(page, sidebarNewProject);
    await page.keyboard.press("Enter");
    const newProject = page.getByRole("dialog", { name: "New Project" });
    await expect.poll(shown(newProject)).toBe(true);
    await expect.poll(() => focusInside(newProject)).toBe(true);
    await expectFocusTrapped(page, newProject);
    await page.keyboard.press("Escape");
    await expect.poll(() => newProject.count()).toBe(0);
    await expect.poll(() => isFocused(sidebarNewProject)).toBe(true);

    // Space opens it again; the name is typed and Enter submits.
    await page.keyboard.press("Space");
    await expect.poll(shown(newProject)).toBe(true);
    await tabTo(page, newProject.getByLabel("Name"));
    await page.keyboard.type("Keyboard Project");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/projects\/[^/]+\/graph$/);
    await expect.poll(shown(heading(page, "Keyboard Project"))).toBe(true);

    // New Task opens the task dialog; its focus is trapped, Escape returns to the button.
    const newTaskButton = page.getByRole("button", { name: "New Task" });
    await tabTo(page, newTaskButton);
    await page.keyboard.press("Enter");
    const taskDialog = page.getByRole("dialog", { name: "Add New Task" });
    await expect.poll(shown(taskDialog)).toBe(true);
    await expectFocusTrapped(page, taskDialog);
    await page.keyboard.press("Escape");
    await expect.poll(() => taskDialog.count()).toBe(0);
    await expect.poll(() => isFocused(newTaskButton)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(shown(taskDialog)).toBe(true);
    await tabTo(page, taskDialog.getByLabel("Task Name"));
    await page.keyboard.type("Typed without a mouse");
    await page.keyboard.press("Enter");
    await expect.poll(() => taskDialog.count()).toBe(0);
    await page.goto(page.url().replace(/\/graph$/, "/list"));
    await expect.poll(shown(page.getByText("Typed without a mouse"))).toBe(true);

    // A row mounts its menu when approached; the focus landing on the plain button survives that,
    // Enter opens the menu, and Escape gives the focus back to the button.
    const rowActions = page.getByRole("button", { name: 'Actions for "Typed without a mouse"' });
    await rowActions.focus();
    await expect.poll(() => isFocused(rowActions)).toBe(true);
    await page.keyboard.press("Enter");
    const rowMenu = page.getByRole("menu");
    await expect.poll(shown(rowMenu)).toBe(true);
    expect(await rowMenu.getByRole("menuitem").allTextContents()).toEqual(["Edit", "Delete"]);
    await page.keyboard.press("Escape");
    await expect.poll(() => rowMenu.count()).toBe(0);
    await expect.poll(() => isFocused(rowActions)).toBe(true);

    // The avatar menu opens with Enter, its items are reached with the arrows, Escape closes it.
    const avatar = page.getByRole("button", { name: "Account menu" });
    await tabTo(page, avatar);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect.poll(shown(menu)).toBe(true);
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
      "My Account",
      "Settings",
      "Calendar Feed",
      "Logout",
    ]);
    await expect.poll(() => isFocused(menu.getByRole("menuitem", { name: "My Account" }))).toBe(true);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(menu.getByRole("menuitem", { name: "Settings" }))).toBe(true);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(menu.getByRole("menuitem", { name: "Calendar Feed" }))).toBe(true);
    // The theme's choices come next (menuitemradio), then Logout.
    for (const theme of ["System", "Light", "Dark"]) {
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => isFocused(menu.getByRole("menuitemradio", { name: theme }))).toBe(true);
    }
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(menu.getByRole("menuitem", { name: "Logout" }))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => isFocused(avatar)).toBe(true);
    await context.close();
  });
});

describe("avatar menu", () => {
  it("shows the initials, the spec's three items and Calendar Feed, a Logout Error toast when logout fails, and logs out", async () => {
    const account = { ...newAccount(), username: `mo_${Date.now().toString(36)}` };
    const { context, page } = await signedInPage({ account });
    await page.goto("/my-tasks");
    const avatar = page.getByRole("button", { name: "Account menu" });
    await expect.poll(shown(avatar)).toBe(true);
    expect(await avatar.textContent()).toBe("MO");

    await avatar.click();
    const menu = page.getByRole("menu");
    await expect
      .poll(() => menu.getByRole("menuitem").allTextContents())
      .toEqual(["My Account", "Settings", "Calendar Feed", "Logout"]);
    await screenshot(page, "a11y-avatar-menu-open");

    // The server fails the logout once: the destructive toast, and the person is still signed in.
    app.faults.add({ method: "POST", path: /^\/api\/logout/, status: 500, times: 1 });
    await menu.getByRole("menuitem", { name: "Logout" }).click();
    // The menu closes first (its exit animation ends before focus returns to the avatar).
    await expect.poll(() => menu.count()).toBe(0);
    await expectToast(page, "Logout Error");
    await expectToast(page, "There was a problem logging out. Please try again.");
    const toast = page.locator("li[data-swipe-direction]").filter({ hasText: "Logout Error" });
    expect(await toast.getAttribute("class")).toContain("destructive");
    expect(path(page)).toBe("/my-tasks");
    expect((await context.request.get("/api/auth/user")).status()).toBe(200);

    // Again, it works: the browser goes to /api/logout and ends on the landing page, signed out.
    await avatar.click();
    const navigation = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).pathname === "/api/logout",
    );
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await navigation;
    await page.waitForURL((url) => url.pathname === "/");
    expect((await context.request.get("/api/auth/user")).status()).toBe(401);
    await context.close();
  });
});

describe("tooltips", () => {
  it("open on hover only after the spec's 700 ms delay", async () => {
    const page = await ownerContext.newPage();
    await page.goto("/my-tasks");
    const toggle = page.getByRole("button", { name: "Toggle sidebar" });
    await expect.poll(shown(toggle)).toBe(true);
    const tooltip = page.locator('[data-slot="tooltip-content"]');
    const box = await toggle.boundingBox();
    if (!box) throw new Error("the sidebar toggle has no box");

    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hoveredAt = Date.now();
    // The one deliberate wait: at about 300 ms the tooltip must not be there yet.
    await page.waitForTimeout(300);
    expect(await tooltip.count()).toBe(0);
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(650);
    expect(await tooltip.textContent()).toMatch(/sidebar/);
    await page.close();
  });
});
