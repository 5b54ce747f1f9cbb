// Browser-test fixtures in the manner of epic-stack's playwright-utils: the real app on a free port
// (PGlite in memory, or a fresh PostgreSQL database with DATABASE_URL), Debian's Chromium, and
// contexts and pages on them, signed in and seeded through the API (seeding.ts) as a test asks. A
// test file starts the app and browser with setupBrowserApp, at its top:
//   const { app, newContext, signedInContext, signedInPage } = setupBrowserApp();
// What the tests check of a page (toasts, layout, full page views) is in page-checks.ts.
import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { ShareRole } from "../core/access/permissions";
import type { Config } from "../server/config";
import { lateView, madeBy, type RunningTestApp, startTestApp } from "../server/test/test-app";
import { type Account, shareProjectInDb, signUpViaApi } from "./seeding";
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
  /**
   * A new context, `seed` run in it with `args`, and a page opened in it: what the seed answers,
   * with the context and the page.
   */
  seededPage: <Seeded extends object, Args extends unknown[]>(
    seed: (context: BrowserContext, ...args: Args) => Promise<Seeded>,
    ...args: Args
  ) => Promise<Seeded & { context: BrowserContext; page: Page }>;
  /** signedInContext of a new account that the project is shared with in `role` (shareProjectInDb). */
  sharedContext: (
    project: { id: number },
    role: ShareRole,
  ) => Promise<{ context: BrowserContext; account: Account }>;
  /** sharedContext, and a page opened in it. */
  sharedPage: (
    project: { id: number },
    role: ShareRole,
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
  const seededPage = async <Seeded extends object, Args extends unknown[]>(
    seed: (context: BrowserContext, ...args: Args) => Promise<Seeded>,
    ...args: Args
  ) => {
    const context = await openContext();
    const seeded = await seed(context, ...args);
    return { ...seeded, context, page: await context.newPage() };
  };
  const sharedContext = async (project: { id: number }, role: ShareRole) => {
    const shared = await signedInContext();
    await shareProjectInDb(app, project.id, shared.account.email, role);
    return shared;
  };
  const sharedPage = async (project: { id: number }, role: ShareRole) => {
    const shared = await sharedContext(project, role);
    return { ...shared, page: await shared.context.newPage() };
  };
  return {
    app,
    newContext: openContext,
    signedInContext,
    signedInPage,
    seededPage,
    sharedContext,
    sharedPage,
  };
}

/** The phone, tablet and desktop viewports (width, height) that layout tests look at. */
export const VIEWPORTS = [
  [375, 812],
  [768, 1024],
  [1440, 900],
] as const;

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
