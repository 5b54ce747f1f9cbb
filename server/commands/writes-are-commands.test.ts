// Every write of a route is a command: a route opens no transaction, records no activity entry and
// publishes no event of its own (runCommand does those), so a new write cannot skip its entry or
// its event, and its undo can run the same code. The undo route publishes the event its reverter
// said, after undoEntry's own transaction.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.resolve(import.meta.dirname, "../routes");
const ALLOWED: Record<string, RegExp> = { "activity/index.ts": /events\.publish\(event\)/ };

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("routes write through commands", () => {
  it("opens no transaction, records no entry and publishes no event in a route file", () => {
    const offences: string[] = [];
    for (const file of routeFiles(ROUTES)) {
      const name = path.relative(ROUTES, file);
      const source = readFileSync(file, "utf8");
      for (const pattern of [/\.transaction\(/g, /\brecord\w*Activity\(/g, /\.events\.publish\(/g]) {
        for (const match of source.matchAll(pattern)) {
          const line = source.slice(0, match.index).split("\n").length;
          const text = source.split("\n")[line - 1];
          if (ALLOWED[name]?.test(text)) continue;
          offences.push(`${name}:${line}: ${text.trim()}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
