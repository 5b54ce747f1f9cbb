// The dark theme (docs/spec/themes.md): chosen in the avatar menu, it applies at once, survives a
// reload, and follows the user to a new browser (saved on the account); under "System" a browser
// whose system is dark starts dark. Then every screen of the accessibility walk, the graph zoomed
// out to its canvas and the server's sign-in pages, in the dark theme at 1440 px: screenshotted
// for a person to look at and scanned by axe with no serious or critical violation (contrast first).
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appScreens,
  type Finding,
  type SeededProject,
  scanScreen,
  seedRichProject,
  seriousViolations,
  settle,
} from "./accessibility-fixtures";
import { screenshot, setupBrowserApp } from "./fixtures";
import { newAccount } from "./seeding";

const { newContext, signedInContext, signedInPage } = setupBrowserApp();

const shown = (locator: Locator) => () => locator.first().isVisible();
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
/** The page's background as the browser paints it, to tell dark from light beyond the class. */
const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** A new context signed in as `account` (already signed up), as on another computer. */
async function signInAgain(account: { email: string; password: string }) {
  const context = await newContext();
  const response = await context.request.post("/api/login", {
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return context;
}

async function chooseTheme(page: Page, theme: "System" | "Light" | "Dark") {
  await page.getByRole("button", { name: "Account menu" }).click();
  const menu = page.getByRole("menu");
  await menu.getByRole("menuitemradio", { name: theme }).click();
  await expect
    .poll(() => menu.getByRole("menuitemradio", { name: theme }).getAttribute("aria-checked"))
    .toBe("true");
  await page.keyboard.press("Escape");
  await expect.poll(() => menu.count()).toBe(0);
}

describe("choosing the theme", () => {
  it("switches to dark from the avatar menu, keeps it on reload and in a new browser for the same user", async () => {
    const { context, page, account } = await signedInPage();
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/my-tasks");
    await expect.poll(shown(page.getByRole("button", { name: "Account menu" }))).toBe(true);
    expect(await isDark(page)).toBe(false);
    const lightBackground = await backgroundOf(page);

    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/me/preferences") && response.request().method() === "PATCH",
    );
    await chooseTheme(page, "Dark");
    expect((await saved).status()).toBe(200);
    expect(await isDark(page)).toBe(true);
    expect(await backgroundOf(page)).not.toBe(lightBackground);
    await screenshot(page, "dark-theme-chosen");

    await page.reload();
    await expect.poll(shown(page.getByRole("button", { name: "Account menu" }))).toBe(true);
    expect(await isDark(page)).toBe(true);
    await context.close();

    // Another browser: nothing cached there, a light system; the account's choice wins.
    const elsewhere = await signInAgain(account);
    const other = await elsewhere.newPage();
    await other.emulateMedia({ colorScheme: "light" });
    await other.goto("/my-tasks");
    await expect.poll(() => isDark(other)).toBe(true);
    expect((await (await elsewhere.request.get("/api/auth/user")).json()).theme).toBe("dark");

    // Back to light there: the class goes at once.
    await chooseTheme(other, "Light");
    expect(await isDark(other)).toBe(false);
    await elsewhere.close();
  });

  it("follows a dark system under System, from the first page, and follows it back to light", async () => {
    const { context, page } = await signedInPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/my-tasks");
    await expect.poll(shown(page.getByRole("button", { name: "Account menu" }))).toBe(true);
    expect(await isDark(page)).toBe(true);
    expect((await (await context.request.get("/api/auth/user")).json()).theme).toBe("system");

    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => isDark(page)).toBe(false);
    await context.close();
  });

  it("shows the landing page dark to a visitor whose system is dark", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect.poll(shown(page.getByRole("button", { name: "Log In" }))).toBe(true);
    expect(await isDark(page)).toBe(true);
    await context.close();
  });
});

describe("every screen in the dark theme", () => {
  let ownerContext: BrowserContext;
  let project: SeededProject;

  beforeAll(async () => {
    ({ context: ownerContext } = await signedInContext());
    project = await seedRichProject(ownerContext, newAccount().email);
    const saved = await ownerContext.request.patch("/api/me/preferences", { data: { theme: "dark" } });
    if (!saved.ok()) throw new Error(`theme not saved: ${saved.status()} ${await saved.text()}`);
  });

  it("has no serious or critical axe violation at 1440 px, every screen screenshotted", async () => {
    const signedIn = await ownerContext.newPage();
    // The account's choice, not the system's, makes these pages dark.
    await signedIn.emulateMedia({ colorScheme: "light" });
    const guestContext = await newContext();
    const guest = await guestContext.newPage();
    // A visitor has no account: a dark system makes the signed-out pages dark.
    await guest.emulateMedia({ colorScheme: "dark" });
    const findings: Finding[] = [];
    // The zoomed-out graph's canvas needs a large plan: graph-at-scale.e2e.ts checks it in the dark.
    const screens = appScreens(() => project);
    for (const screen of screens) {
      const page = screen.signedOut ? guest : signedIn;
      findings.push(...(await scanScreen(page, screen, "dark-1440")));
      expect(await isDark(page), screen.name).toBe(true);
    }

    // The server's own sign-up and sign-in pages follow the system's scheme.
    for (const [name, path, title] of [
      ["sign-up", "/api/signup", "Create your account"],
      ["sign-in", "/api/login", "Welcome back"],
    ] as const) {
      await guest.goto(path);
      await expect.poll(shown(guest.getByRole("heading", { name: title }))).toBe(true);
      await settle(guest);
      await screenshot(guest, `a11y-${name}-dark-1440`);
      findings.push(...(await seriousViolations(guest, `${name} at dark-1440`)));
    }
    await signedIn.close();
    await guestContext.close();
    expect(findings).toEqual([]);
  });
});
