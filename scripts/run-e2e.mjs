#!/usr/bin/env node
// Runs the browser tests in e2e/ with Debian's Chromium. Where no browser is installed, a laptop run
// says loudly that it skipped them; CI (CI=true) or REQUIRE_BROWSER=1 fails instead.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

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

// The tests drive the built client, so build what is there now.
if (run("npx", ["vite", "build", "--logLevel", "warn"]) !== 0) process.exit(1);
process.exit(run("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)]));
