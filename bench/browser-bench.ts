// What the browser benchmarks share: the client built (client-build.ts), the real app on it
// (e2e/fixtures startApp, PGlite in memory) and Debian's Chromium, all three closed when the run
// ends; and their pages' contexts, 1440 x 900, whose texts are not recorded.
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, newContext, type RunningApp, startApp } from "../e2e/fixtures";
import { signUpViaApi } from "../e2e/seeding";
import type { Config } from "../server/config";
import { clientBuild } from "./client-build";

export type BrowserBench = {
  app: RunningApp;
  browser: Browser;
  /** A new context of the browser on the app, 1440 x 900, whose texts are not recorded. */
  newBenchContext: () => Promise<BrowserContext>;
  /** newBenchContext, signed up as a new account (signUpViaApi). */
  signedInBenchContext: () => Promise<{ context: BrowserContext; account: { email: string } }>;
};

/**
 * Builds the client into a folder named after `label` (unless one is given), starts the app with
 * `overrides` and Chromium, and answers what `run` answers with them; closes all three after it,
 * whatever happens.
 */
export async function withBrowserBench<T>(
  label: string,
  overrides: Partial<Config>,
  run: (bench: BrowserBench) => Promise<T>,
): Promise<T> {
  const { cleanUp } = clientBuild(label);
  const app = await startApp(overrides);
  const browser = await launchBrowser();
  try {
    const newBenchContext = () => newContext(browser, app, 1440, 900, { recordTexts: false });
    const signedInBenchContext = async () => {
      const context = await newBenchContext();
      return { context, account: await signUpViaApi(context) };
    };
    return await run({ app, browser, newBenchContext, signedInBenchContext });
  } finally {
    await browser.close();
    await app.close();
    cleanUp();
  }
}
