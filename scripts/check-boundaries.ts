// The import boundaries of docs/architecture.md, checked by `npm run check`: every import of every
// source file is resolved to the file it names (relative, @/ or @core/), so neither an alias nor
// a `../..` gets around a rule. Exits 1 and names each offending import.
//
//   npx tsx scripts/check-boundaries.ts
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Violation = { file: string; line: number; specifier: string; rule: string };

type Rule = {
  name: string;
  /** The rule's message when `from` (a repo-relative path) imports `to`, or null when allowed. */
  check(from: string, to: string): string | null;
};

const featureOf = (file: string) => /^client\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

export const RULES: Rule[] = [
  {
    name: "core is pure",
    check: (from, to) =>
      from.startsWith("core/") && /^(client|server|e2e|bench|scripts)\//.test(to)
        ? "core imports neither client nor server"
        : null,
  },
  {
    name: "client never imports server",
    check: (from, to) =>
      from.startsWith("client/") && to.startsWith("server/") ? "client never imports server" : null,
  },
  {
    name: "server never imports client",
    check: (from, to) =>
      from.startsWith("server/") && to.startsWith("client/") ? "server never imports client" : null,
  },
  {
    name: "features are independent",
    check: (from, to) => {
      const source = featureOf(from);
      const target = featureOf(to);
      return source && target && source !== target
        ? `features do not import each other (${source} imports ${target}); move the shared piece to client/components or client/lib`
        : null;
    },
  },
  {
    name: "shared client code is below the features",
    check: (from, to) =>
      /^client\/(components|lib)\//.test(from) && /^client\/(features|app)\//.test(to)
        ? "client/components and client/lib import neither features nor app"
        : null,
  },
];

// import … from "x", export … from "x", import "x", import("x"), vi.mock("x"): any string a module
// is loaded by.
const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bmock\s*\(\s*)(["'])([^"'\n]+)\1/g;

/** The repo-relative path an import names, or null for a package. */
export function resolveImport(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith("@core/")) return path.posix.join("core", specifier.slice("@core/".length));
  if (specifier.startsWith("@/")) return path.posix.join("client", specifier.slice(2));
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(fromFile), specifier);
  return null;
}

/** Every boundary an import in `source` (the text of repo-relative `file`) crosses. */
export function violationsIn(file: string, source: string): Violation[] {
  const violations: Violation[] = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const specifier = match[2];
    const target = resolveImport(file, specifier);
    if (target === null) continue;
    const line = source.slice(0, match.index).split("\n").length;
    for (const rule of RULES) {
      const problem = rule.check(file, target);
      if (problem) violations.push({ file, line, specifier, rule: problem });
    }
  }
  return violations;
}

const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return SOURCE_FILE.test(entry.name) ? [relative] : [];
  });
}

/** Checks every source file of core, client and server under `root`. */
export function checkBoundaries(root: string): Violation[] {
  return ["core", "client", "server"]
    .flatMap((dir) => sourceFiles(root, dir))
    .flatMap((file) => violationsIn(file, readFileSync(path.join(root, file), "utf8")));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const violations = checkBoundaries(root);
  for (const { file, line, specifier, rule } of violations) {
    console.error(`${file}:${line}: import "${specifier}": ${rule}`);
  }
  if (violations.length > 0) {
    console.error(`${violations.length} import boundary violation(s) (scripts/check-boundaries.ts)`);
    process.exit(1);
  }
  console.log("Import boundaries: no violations.");
}
