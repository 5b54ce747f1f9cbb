// Browser-test fixtures in the manner of epic-stack's playwright-utils: the real app on a free port
// (PGlite in memory, or a fresh PostgreSQL database with DATABASE_URL), Debian's Chromium, and
// helpers that seed through the API. A test file starts both with setupBrowserApp, at its top:
//   const { app, newContext, signedInContext, signedInPage } = setupBrowserApp();
import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { Config } from "../server/config";
import { projectShares } from "../server/db/schema";
import { lateView, madeBy, type RunningTestApp, startTestApp } from "../server/test/test-app";
import { recordShownTexts } from "./text-recorder";

export type RunningApp = RunningTestApp;

/** `overrides` change the app's settings (the benchmark lifts the API rate limit to seed 2,500 rows). */
export async function startApp(overrides: Partial<Config> = {}): Promise<RunningApp> {
  // scripts/run-e2e.mjs builds the client into a folder of its own run.
  const clientDir = process.env.E2E_CLIENT_DIR || "./dist/client";
  return startTestApp({ clientDir, ...overrides });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    // The machine's network is closed: without these Chromium keeps dialling out and stalls.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A browser context on the app. Unless `recordTexts` is false (benchmarks), every text its pages show
 * is recorded for the message catalogue test (text-recorder.ts).
 */
export async function newContext(
  browser: Browser,
  app: RunningApp,
  width = 1440,
  height = 900,
  { recordTexts = true }: { recordTexts?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height } });
  if (recordTexts) await recordShownTexts(context);
  return context;
}

export type Account = ReturnType<typeof newAccount>;

/** A new context's viewport, and the account it signs up as (a new one unless given). */
export type SignedInOptions = { account?: Account; width?: number; height?: number };

export type BrowserApp = {
  /** The file's app (startApp); read it inside tests and hooks. */
  app: RunningApp;
  /** A new browser context on the app, as newContext makes it (its texts are recorded). */
  newContext: (width?: number, height?: number) => Promise<BrowserContext>;
  /** A new context, signed up through the API (signUpViaApi): it holds the session cookie. */
  signedInContext: (options?: SignedInOptions) => Promise<{ context: BrowserContext; account: Account }>;
  /** signedInContext, and a page opened in it. */
  signedInPage: (
    options?: SignedInOptions,
  ) => Promise<{ context: BrowserContext; page: Page; account: Account }>;
};

/**
 * The test file's app and browser: started together in a beforeAll and closed in an afterAll, both
 * registered where this is called. The answer's functions open contexts in that browser.
 */
export function setupBrowserApp(overrides: Partial<Config> = {}): BrowserApp {
  let running: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [running, browser] = await Promise.all([startApp(overrides), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });
  const app = lateView<RunningApp>(
    () => madeBy("setupBrowserApp", running),
    ["app", "database", "faults", "close", "baseUrl"],
  );
  const openContext = (width?: number, height?: number) =>
    newContext(madeBy("setupBrowserApp", browser), madeBy("setupBrowserApp", running), width, height);
  const signedInContext = async ({ account, width, height }: SignedInOptions = {}) => {
    const context = await openContext(width, height);
    return { context, account: await signUpViaApi(context, account) };
  };
  const signedInPage = async (options: SignedInOptions = {}) => {
    const signedIn = await signedInContext(options);
    return { ...signedIn, page: await signedIn.context.newPage() };
  };
  return { app, newContext: openContext, signedInContext, signedInPage };
}

/** The phone, tablet and desktop viewports (width, height) that layout tests look at. */
export const VIEWPORTS = [
  [375, 812],
  [768, 1024],
  [1440, 900],
] as const;

let accounts = 0;
export function newAccount() {
  accounts += 1;
  const tag = `${Date.now().toString(36)}${accounts}`;
  return {
    email: `e2e.${tag}@example.com`,
    username: `e2e_${tag}`,
    firstName: "Erin",
    lastName: "Tester",
    password: "a long enough password",
  };
}

/** Signs up through the API inside the browser context, so the context holds the session cookie. */
export async function signUpViaApi(context: BrowserContext, account = newAccount()) {
  const response = await context.request.post("/api/signup", { data: account });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return account;
}

/**
 * Screenshots are for a person to look at (test-results/), never compared, so CI, where nobody
 * looks, skips them (a full-page capture costs a busy machine about a second); E2E_SCREENSHOTS=1
 * takes them there too, E2E_SCREENSHOTS=0 skips them anywhere.
 */
const TAKE_SCREENSHOTS = (process.env.E2E_SCREENSHOTS ?? (process.env.CI === "true" ? "0" : "1")) === "1";

/** Screenshots land in test-results/ for a person to look at; they are never compared. */
export async function screenshot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) {
    // What the screenshot does to the page all the same: finite animations end where they would.
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY) animation.finish();
      }
    });
    return;
  }
  mkdirSync("test-results", { recursive: true });
  // Finite animations are fast-forwarded, so a dialog that is still fading in is shown as it ends up.
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true, animations: "disabled" });
}

/** Creates a project through the API with the context's session; answers the project (id, slug, ...). */
export async function createProjectViaApi(context: BrowserContext, name: string, description = "") {
  const response = await context.request.post("/api/projects", { data: { name, description } });
  if (response.status() !== 201)
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: number; name: string; slug: string };
}

/**
 * Shares a project straight in the database (the sharing routes come with their own issue); access
 * matches the invited email, with or without an account behind it yet.
 */
export async function shareProjectInDb(
  app: RunningApp,
  projectId: number,
  email: string,
  role: "viewer" | "editor" | "admin",
) {
  await app.database.db.insert(projectShares).values({ projectId, email, role });
}

export type SeededTask = { id: number; name: string; projectId: number };

/** Creates a task through the API; `fields` are the body's other fields (description, dates, ...). */
export async function createTaskViaApi(
  context: BrowserContext,
  projectId: number,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<SeededTask> {
  const response = await context.request.post(`/api/projects/${projectId}/tasks`, {
    data: { name, ...fields },
  });
  if (response.status() !== 201)
    throw new Error(`task creation failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as SeededTask;
}

/** Makes `prerequisite` a prerequisite of `dependent` through the API. */
export async function createDependencyViaApi(
  context: BrowserContext,
  prerequisite: { id: number },
  dependent: { id: number },
) {
  const response = await context.request.post("/api/dependencies", {
    data: { sourceTaskId: prerequisite.id, targetTaskId: dependent.id },
  });
  if (response.status() !== 201)
    throw new Error(`dependency creation failed: ${response.status()} ${await response.text()}`);
}

/**
 * Waits for a toast holding this text (title or description). Located by text, not by its region:
 * while a modal dialog is open, Radix hides everything outside it from the accessibility tree.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.locator("li[data-swipe-direction]").filter({ hasText: text }).first();
  await expect.poll(() => toast.isVisible()).toBe(true);
}
