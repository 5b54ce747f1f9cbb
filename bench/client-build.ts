// The built client a browser benchmark runs against. `npm run bench` (and .ci/run) build it once and
// pass it down in E2E_CLIENT_DIR; a benchmark started on its own builds a copy of its own, in a folder
// no other run uses, and removes it when done.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";

export function clientBuild(label: string): { clientDir: string; cleanUp: () => void } {
  const given = process.env.E2E_CLIENT_DIR;
  if (given && existsSync(path.join(given, "index.html")))
    return { clientDir: given, cleanUp: () => undefined };
  const clientDir = path.resolve(`dist/${label}-${process.pid}`);
  const build = ["vite", "build", "--logLevel", "warn", "--outDir", clientDir, "--emptyOutDir"];
  if (spawnSync("npx", build, { stdio: "inherit" }).status !== 0) process.exit(1);
  process.env.E2E_CLIENT_DIR = clientDir;
  return { clientDir, cleanUp: () => rmSync(clientDir, { recursive: true, force: true }) };
}
