#!/usr/bin/env node
// Runs the browser tests in e2e/ with Debian's Chromium. Where no browser is installed, a laptop run
// says loudly that it skipped them; CI (CI=true) or REQUIRE_BROWSER=1 fails instead.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const browser = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const required = process.env.CI === "true" || process.env.REQUIRE_BROWSER === "1";

if (!existsSync(browser)) {
  const banner = "!".repeat(72);
  const message = [
    banner,
    `!!  BROWSER TESTS SKIPPED: no Chromium at ${browser}`,
    "!!  Install it with `apt-get install -y chromium` (or set CHROMIUM_PATH) to run them.",
    banner,
  ].join("\n");
  console.error(message);
  process.exit(required ? 1 : 0);
}

const run = (command, args) => spawnSync(command, args, { stdio: "inherit", env: process.env }).status ?? 1;

// The tests drive the built client, so build what is there now, into a folder of this run's own:
// another run on the same machine (a second terminal, a helper) must not swap the files under it.
// .ci/run builds once for all its runs and passes the folder in E2E_CLIENT_DIR.
const given = process.env.E2E_CLIENT_DIR;
const ownBuild = !(given && existsSync(`${given}/index.html`));
const clientDir = ownBuild ? resolve(`dist/e2e-client-${process.pid}`) : given;
process.env.E2E_CLIENT_DIR = clientDir;
if (
  ownBuild &&
  run("npx", ["vite", "build", "--logLevel", "warn", "--outDir", clientDir, "--emptyOutDir"]) !== 0
)
  process.exit(1);

// The message catalogue check (e2e/text-catalogue.e2e.ts) reads the texts this run's flows showed;
// it applies only when every file runs, that is when no file name was given. The flows run two
// files at a time, so the check runs after them, in a vitest run of its own.
const CATALOGUE = "e2e/text-catalogue.e2e.ts";
const args = process.argv.slice(2);
const pickedFiles = args.some((arg) => !arg.startsWith("-"));
// One folder per run, so that two runs on one machine never mix their recordings.
const seenTextsDir = `test-results/seen-texts-${process.pid}`;
process.env.E2E_SEEN_TEXTS_DIR = seenTextsDir;
process.env.E2E_FULL_RUN = pickedFiles ? "0" : "1";
const vitest = (extra) => run("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...extra]);
let status;
if (pickedFiles) {
  status = vitest(args);
} else {
  status = vitest(["--exclude", CATALOGUE, ...args]);
  // Its own report file beside the flows' (CI sums every report of its folder).
  const catalogueArgs = args.map((arg) =>
    arg.startsWith("--outputFile=") ? arg.replace(/(\.json)?$/, "-catalogue.json") : arg,
  );
  const catalogueStatus = vitest([CATALOGUE, ...catalogueArgs]);
  status = status || catalogueStatus;
}
rmSync(seenTextsDir, { recursive: true, force: true });
if (ownBuild) rmSync(clientDir, { recursive: true, force: true });
process.exit(status);
