// Code cites the repo's own docs, never a file outside it or an issue number: a comment naming
// "decisions.md" (the shared spec's) or "issue 21" says nothing to a reader of this repository.
// Checked by `npm run check`; exits 1 naming each line.
//
//   npx tsx scripts/check-references.ts
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Reference = { file: string; line: number; text: string };

/** What code may not cite: the shared spec's decisions file, and issue numbers. */
export const FORBIDDEN = [/\bdecisions\.md\b/, /\bissues? #?\d+\b/i];

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const DIRS = ["core", "client", "server", "scripts", "bench", "e2e"];

/** The lines of `source` that cite what code may not. */
export function referencesIn(file: string, source: string): Reference[] {
  return source
    .split("\n")
    .flatMap((text, index) =>
      FORBIDDEN.some((pattern) => pattern.test(text)) ? [{ file, line: index + 1, text: text.trim() }] : [],
    );
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(root, relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/** Every forbidden citation under `root` (this script and its test excepted: they name them). */
export function checkReferences(root: string): Reference[] {
  return DIRS.flatMap((dir) => sourceFiles(root, dir))
    .filter((file) => !file.startsWith("scripts/check-references"))
    .flatMap((file) => referencesIn(file, readFileSync(path.join(root, file), "utf8")));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const found = checkReferences(root);
  for (const { file, line, text } of found) {
    console.error(`${file}:${line}: cites a file outside the repo or an issue number: ${text}`);
  }
  if (found.length > 0) {
    console.error(
      `${found.length} citation(s) to replace with the repo's own docs (scripts/check-references.ts)`,
    );
    process.exit(1);
  }
  console.log("References: code cites only the repo's own docs.");
}
