import { describe, expect, it } from "vitest";
import { screenshot, setupBrowserApp, VIEWPORTS } from "./fixtures";
import { expectNoSidewaysScroll } from "./page-checks";
import { newAccount, signUpViaApi } from "./seeding";

const { newContext, signedInContext, signedInPage } = setupBrowserApp();

describe("accounts in the browser", () => {
  it("signs up, lands on My Tasks, stays signed in after a reload, logs out and is kept out", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const account = newAccount();

    await page.goto("/");
    await page.getByRole("button", { name: "Sign Up" }).first().click();
    await page.waitForURL("**/api/signup");
    await screenshot(page, "signup-page");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("First name").fill(account.firstName);
    await page.getByLabel("Last name").fill(account.lastName);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign Up" }).click();

    await page.waitForURL("**/my-tasks");
    await expect.poll(() => page.getByRole("heading", { name: "My Tasks" }).isVisible()).toBe(true);
    const initials = account.username.slice(0, 2).toUpperCase();
    expect(await page.getByRole("button", { name: "Account menu" }).textContent()).toBe(initials);
    await screenshot(page, "my-tasks-signed-in");

    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "My Tasks" }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/my-tasks");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const me = await context.request.get("/api/auth/user");
    expect(me.status()).toBe(401);

    await page.goto("/projects");
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("button", { name: "Log In" }).first().isVisible()).toBe(true);
    await context.close();
  });

  it("shows the reason on the sign-up page and keeps what was typed except the password", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/api/signup");
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Username").fill("someone");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Password must be at least 8 characters.");
    expect(await page.getByLabel("Username").inputValue()).toBe("someone");
    expect(await page.getByLabel("Password").inputValue()).toBe("");
    await context.close();
  });

  it("logs in with the form and sends a signed-in visitor of / on to /my-tasks", async () => {
    const { context, account } = await signedInContext();
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto("/api/login");
    await page.getByLabel("Email or username").fill(account.username);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password.");

    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL("**/my-tasks");
    await page.goto("/");
    await page.waitForURL("**/my-tasks");
    await context.close();
  });
});

describe("the app shell", () => {
  it("shows the not-found page for an unknown path", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/no/such/page");
    await expect.poll(() => page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).toBe(true);
    expect(await page.getByText("There is no page at this address.", { exact: false }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it("collapses the sidebar and remembers it across a reload", async () => {
    const { context, page } = await signedInPage();
    await page.goto("/my-tasks");
    const showAll = page.getByRole("button", { name: "Show all projects" });
    await expect.poll(() => showAll.isVisible()).toBe(true);

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect.poll(() => showAll.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("sidebar_collapsed"))).toBe("true");
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "My Tasks" }).isVisible()).toBe(true);
    expect(await showAll.isVisible()).toBe(false);

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await showAll.click();
    await page.waitForURL("**/projects");
    await context.close();
  });

  it("looks right at phone, tablet and desktop widths", async () => {
    for (const [width, height] of VIEWPORTS) {
      const context = await newContext(width, height);
      const page = await context.newPage();
      await page.goto("/");
      await expect.poll(() => page.getByRole("button", { name: "Log In" }).first().isVisible()).toBe(true);
      await screenshot(page, `auth-landing-${width}`);
      await signUpViaApi(context);
      await page.goto("/my-tasks");
      await expect.poll(() => page.getByRole("heading", { name: "My Tasks" }).isVisible()).toBe(true);
      // Nothing may stick out sideways at any width.
      await expectNoSidewaysScroll(page);
      await screenshot(page, `my-tasks-${width}`);
      await context.close();
    }
  });
});
