import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { trialSignups } from "../server/db/schema";
import { screenshot, setupBrowserApp, VIEWPORTS } from "./fixtures";
import { expectNoSidewaysScroll, expectToast } from "./page-checks";

const { app, newContext, signedInPage } = setupBrowserApp();

const path = (page: Page) => new URL(page.url()).pathname;
const demo = (page: Page) => page.getByRole("region", { name: "Demo dependency graph" });
const demoCard = (page: Page, name: string) => demo(page).getByRole("listitem").filter({ hasText: name });
const cardStatus = (page: Page, name: string) => () => demoCard(page, name).getAttribute("data-status");
const cardText = (page: Page, name: string) => () => demoCard(page, name).innerText();
const completeToggle = (page: Page, name: string) =>
  demo(page).getByRole("button", { name: `Mark "${name}" complete` });

async function openLanding(page: Page) {
  await page.goto("/");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
}

describe("the landing page", () => {
  it("shows header, hero, demo, use cases, features, pricing and footer at 375, 768 and 1440 px", async () => {
    for (const [width, height] of VIEWPORTS) {
      const context = await newContext(width, height);
      const page = await context.newPage();
      await openLanding(page);

      const account = page.getByRole("navigation", { name: "Account" });
      expect(await account.getByRole("button", { name: "Log In" }).isVisible()).toBe(true);
      expect(await account.getByRole("button", { name: "Sign Up" }).isVisible()).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Plan projects as dependency graphs",
      );
      expect(await page.getByRole("button", { name: "Try It Now" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Get Started", exact: true }).isVisible()).toBe(true);

      // The demo graph: six cards, each with a complete toggle, and a reset button.
      expect(await demo(page).getByRole("listitem").count()).toBe(6);
      expect(await completeToggle(page, "Design mockups").isVisible()).toBe(true);
      expect(await demo(page).getByRole("button", { name: "Reset demo" }).isVisible()).toBe(true);

      for (const heading of [
        "Built for work that happens in order",
        "One plan, every way you need to see it",
        "Simple pricing that grows with your team",
      ]) {
        await page.getByRole("heading", { level: 2, name: heading }).scrollIntoViewIfNeeded();
        expect(await page.getByRole("heading", { level: 2, name: heading }).isVisible()).toBe(true);
      }
      for (const useCase of ["Product launches", "Software releases", "Events", "Personal goals"]) {
        expect(await page.getByRole("heading", { level: 3, name: useCase }).isVisible()).toBe(true);
      }
      for (const feature of [
        "Dependency graph",
        "Task list",
        "Execution phases",
        "Gantt timeline",
        "Kanban board",
        "Unblocked tasks",
        "Sharing by role",
        "Public read-only links",
        "Live collaboration",
        "Critical path",
      ]) {
        expect(await page.getByRole("heading", { level: 3, name: feature }).isVisible()).toBe(true);
      }
      expect(await page.locator("#features").count()).toBe(1);

      // Pricing: three plans, Team marked Most Popular.
      const plan = (name: string) => page.getByRole("group", { name: `${name} plan` });
      expect(await plan("Free").innerText()).toContain("$0");
      expect(await plan("Free").innerText()).toContain("Unlimited personal projects");
      expect(await plan("Free").innerText()).toContain("Identification of unblocked tasks");
      expect(await plan("Team").innerText()).toContain("$10");
      expect(await plan("Team").innerText()).toContain("per user per month");
      expect(await plan("Team").getByText("Most Popular").isVisible()).toBe(true);
      expect(await plan("Free").getByText("Most Popular").count()).toBe(0);
      for (const item of [
        "Unlimited shared projects",
        "Collaboration",
        "Task assignments",
        "Priority support",
      ]) {
        expect(await plan("Team").getByText(item, { exact: true }).isVisible()).toBe(true);
      }
      expect(await plan("Enterprise").innerText()).toContain("Custom");
      expect(
        await plan("Enterprise").getByRole("link", { name: "Contact Sales" }).getAttribute("href"),
      ).toMatch(/^mailto:sales@example\.com/);

      const footer = page.getByRole("contentinfo");
      await footer.scrollIntoViewIfNeeded();
      expect(await footer.getByRole("link", { name: "sales@example.com" }).isVisible()).toBe(true);
      expect(await footer.innerText()).toContain("All rights reserved.");

      // Nothing sticks out sideways, and the trial dialog is not reached from the page.
      await expectNoSidewaysScroll(page);
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(await page.locator('a[href="#trial"]').count()).toBe(0);

      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `landing-${width}`);
      await context.close();
    }
  });

  it("runs the demo: completing prerequisites unblocks a task, completed stays completed", async () => {
    const context = await newContext(1440, 900);
    const page = await context.newPage();
    await openLanding(page);

    // The brief is done, the two tasks waiting only for it are To Do, the rest are Waiting.
    await expect.poll(cardStatus(page, "Write the brief")).toBe("completed");
    expect(await cardText(page, "Write the brief")()).toContain("Completed");
    expect(await cardStatus(page, "Design mockups")()).toBe("todo");
    expect(await cardText(page, "Design mockups")()).toContain("To Do");
    expect(await cardStatus(page, "Build the site")()).toBe("waiting");
    expect(await cardText(page, "Build the site")()).toContain("Waiting");
    expect(await demo(page).innerText()).toContain("1 of 6 complete · 2 ready to start");

    // Build the site waits for the mockups and the copy: one is not enough.
    await completeToggle(page, "Design mockups").click();
    await expect.poll(cardStatus(page, "Design mockups")).toBe("completed");
    expect(await completeToggle(page, "Design mockups").getAttribute("aria-pressed")).toBe("true");
    expect(await cardStatus(page, "Build the site")()).toBe("waiting");

    // The keyboard works too.
    await completeToggle(page, "Draft the copy").focus();
    await page.keyboard.press("Enter");
    await expect.poll(cardText(page, "Build the site")).toContain("To Do");
    expect(await cardStatus(page, "Build the site")()).toBe("todo");
    expect(await cardText(page, "Write launch email")()).toContain("To Do");
    expect(await cardText(page, "Go live")()).toContain("Waiting");
    await screenshot(page, "landing-demo-unblocked");

    // A completed task keeps its state when a prerequisite is reopened.
    await completeToggle(page, "Build the site").click();
    await expect.poll(cardText(page, "Build the site")).toContain("Completed");
    await completeToggle(page, "Design mockups").click();
    await expect.poll(cardStatus(page, "Design mockups")).toBe("todo");
    expect(await cardText(page, "Build the site")()).toContain("Completed");

    // Reset brings back the starting plan.
    await demo(page).getByRole("button", { name: "Reset demo" }).click();
    await expect.poll(cardStatus(page, "Build the site")).toBe("waiting");
    expect(await cardStatus(page, "Draft the copy")()).toBe("todo");
    expect(await cardStatus(page, "Write the brief")()).toBe("completed");
    await context.close();
  });

  it("zooms the demo per screen size", async () => {
    const zoomAt = async (width: number) => {
      const context = await newContext(width, 900);
      const page = await context.newPage();
      await openLanding(page);
      const canvas = demo(page).locator("[data-zoom]");
      const zoom = {
        scale: await canvas.getAttribute("data-zoom"),
        screen: await canvas.getAttribute("data-screen"),
      };
      // The drawing fits its frame: no sideways scrolling inside the demo either.
      const demoOverflow = await demo(page)
        .getByTestId("demo-canvas")
        .evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(demoOverflow).toBeLessThanOrEqual(0);
      await context.close();
      return zoom;
    };
    expect(await zoomAt(375)).toEqual({ scale: "0.8", screen: "mobile" });
    expect(await zoomAt(768)).toEqual({ scale: "0.85", screen: "tablet" });
    expect(await zoomAt(1440)).toEqual({ scale: "1", screen: "desktop" });
  });

  it("sends Log In to /api/login and Sign Up, Try It Now, Get Started and the plans to /api/signup", async () => {
    const context = await newContext(1440, 900);
    const page = await context.newPage();
    const account = page.getByRole("navigation", { name: "Account" });
    const cases: Array<[string, (page: Page) => ReturnType<Page["getByRole"]>, string]> = [
      ["Log In", () => account.getByRole("button", { name: "Log In" }), "/api/login"],
      ["Sign Up", () => account.getByRole("button", { name: "Sign Up" }), "/api/signup"],
      ["Try It Now", (p) => p.getByRole("button", { name: "Try It Now" }), "/api/signup"],
      ["Get Started", (p) => p.getByRole("button", { name: "Get Started", exact: true }), "/api/signup"],
      ["Free plan", (p) => p.getByRole("button", { name: "Get Started Free" }), "/api/signup"],
      ["Team plan", (p) => p.getByRole("button", { name: "Start with Team" }), "/api/signup"],
    ];
    for (const [, button, target] of cases) {
      await openLanding(page);
      await button(page).click();
      await page.waitForURL((url) => url.pathname === target);
      // The server's own sign-in or sign-up page is what the visitor sees.
      await expect
        .poll(() =>
          page.getByRole("button", { name: target.endsWith("login") ? "Log In" : "Sign Up" }).isVisible(),
        )
        .toBe(true);
      expect(path(page)).toBe(target);
    }
    await context.close();
  });

  it("sends a signed-in visitor straight to My Tasks", async () => {
    const { context, page } = await signedInPage();
    await page.goto("/");
    await page.waitForURL((url) => url.pathname === "/my-tasks");
    await expect.poll(() => page.getByRole("heading", { name: "My Tasks" }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("the trial sign-up dialog", () => {
  it("opens at /#trial, asks for an email, reports a failure and records a valid email", async () => {
    const context = await newContext(375, 812);
    const page = await context.newPage();
    await page.goto("/#trial");
    const dialog = page.getByRole("dialog", { name: "Start Your Free Trial" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, "landing-trial-dialog");

    // An empty email is refused before any request.
    await dialog.getByRole("button", { name: "Start Free Trial" }).click();
    await expectToast(page, "Email required");
    await expectToast(page, "Please enter your email address to continue");

    // A server failure is reported and the dialog stays open for another try.
    const email = `trial.${Date.now().toString(36)}@example.com`;
    app.faults.add({ method: "POST", path: /^\/api\/trial-signup/, status: 500, times: 1 });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Start Free Trial" }).click();
    await expectToast(page, "Signup failed");
    await expectToast(page, "Something went wrong. Please try again.");
    expect(await dialog.isVisible()).toBe(true);

    // The second try goes through: the dialog closes, a toast confirms, the database holds the email.
    await dialog.getByRole("button", { name: "Start Free Trial" }).click();
    await expectToast(page, "Trial started");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(page.url()).not.toContain("#trial");
    const rows = await app.database.db.select().from(trialSignups);
    expect(rows.map((row) => row.email)).toContain(email);
    await context.close();
  });

  it("opens when the address changes to #trial on the page, and a malformed email is explained", async () => {
    const context = await newContext(1440, 900);
    const page = await context.newPage();
    await openLanding(page);
    const dialog = page.getByRole("dialog", { name: "Start Your Free Trial" });
    expect(await dialog.count()).toBe(0);
    await page.evaluate(() => {
      window.location.hash = "trial";
    });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Email").fill("not an email");
    await dialog.getByRole("button", { name: "Start Free Trial" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("Please enter a valid email address.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});
