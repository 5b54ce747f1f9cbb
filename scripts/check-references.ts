// Code cites the repo's own docs, never a file outside it or an issue number: a comment naming
// "decisions.md" (the shared spec's) or "issue 21" says nothing to a reader of this repository.
// And client code builds each API URL from the route table (core/api/routes.ts), never from a
// quoted "/api/..." of its own (tests may keep literal URLs: they check the table's).
// Checked by `npm run check`; exits 1 naming each line.
//
//   npx tsx scripts/check-references.ts
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Reference = { file: string; line: number; text: string; problem: string };

/** What code may not cite: the shared spec's decisions file, and issue numbers. */
export const FORBIDDEN = [/\bdecisions\.md\b/, /\bissues? #?\d+\b/i];

/** A string or template that starts an API URL: `"/api/`, `'/api/` or `` `/api/ ``. */
export const API_URL_LITERAL = /["'`]\/api\//;
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;
const CITES = "cites a file outside the repo or an issue number";
const WRITES_API_URL = "writes an API URL; build it with apiRoutes (core/api/routes.ts)";

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const DIRS = ["core", "client", "server", "scripts", "bench", "e2e"];

/** The lines of `source` that cite what code may not. */
export function referencesIn(file: string, source: string): Reference[] {
  return source
    .split("\n")
    .flatMap((text, index) =>
      FORBIDDEN.some((pattern) => pattern.test(text))
        ? [{ file, line: index + 1, text: text.trim(), problem: CITES }]
        : [],
    );
}

/** The lines of client source (tests aside) that write an API URL themselves; comments may. */
export function apiLiteralsIn(file: string, source: string): Reference[] {
  if (!file.startsWith("client/") || /\.test\.tsx?$/.test(file)) return [];
  return source
    .split("\n")
    .flatMap((text, index) =>
      API_URL_LITERAL.test(text) && !COMMENT_LINE.test(text)
        ? [{ file, line: index + 1, text: text.trim(), problem: WRITES_API_URL }]
        : [],
    );
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(root, relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/**
 * Every forbidden citation and client-written API URL under `root` (this script and its test
 * excepted: they name them).
 */
export function checkReferences(root: string): Reference[] {
  return DIRS.flatMap((dir) => sourceFiles(root, dir))
    .filter((file) => !file.startsWith("scripts/check-references"))
    .flatMap((file) => {
      const source = readFileSync(path.join(root, file), "utf8");
      return [...referencesIn(file, source), ...apiLiteralsIn(file, source)];
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const found = checkReferences(root);
  for (const { file, line, text, problem } of found) {
    console.error(`${file}:${line}: ${problem}: ${text}`);
  }
  if (found.length > 0) {
    console.error(
      `${found.length} line(s) to fix: cite the repo's own docs, build API URLs with apiRoutes (scripts/check-references.ts)`,
    );
    process.exit(1);
  }
  console.log("References: code cites only the repo's own docs; client API URLs come from the route table.");
}
