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
/** The project page's views: each is a world of its own, as features are. */
const PROJECT_VIEWS = new Set(["graph", "gantt", "kanban", "list", "phases", "sharing", "public"]);
const viewOf = (file: string) => {
  const view = /^client\/features\/project\/([^/]+)\//.exec(file)?.[1] ?? null;
  return view !== null && PROJECT_VIEWS.has(view) ? view : null;
};
const routeOf = (file: string) => /^server\/routes\/([^/]+)\//.exec(file)?.[1] ?? null;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

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
    name: "the project's views are independent",
    check: (from, to) => {
      const source = viewOf(from);
      const target = viewOf(to);
      return source && target && source !== target
        ? `the project's views do not import each other (${source} imports ${target}); move the shared piece to client/features/project/components`
        : null;
    },
  },
  {
    name: "only app.ts imports a route",
    check: (from, to) => {
      if (!to.startsWith("server/routes/") || from === "server/app.ts") return null;
      // A route's own files and tests may import each other.
      const route = routeOf(to);
      if (route !== null && routeOf(from) === route) return null;
      return "only server/app.ts imports server/routes/; move what others need to a domain folder of server/";
    },
  },
  {
    name: "the database layer is below the domain",
    check: (from, to) => {
      if (!from.startsWith("server/db/") || !to.startsWith("server/")) return null;
      if (/^server\/(db|lib)\//.test(to) || to === "server/config") return null;
      if (isTest(from) && to.startsWith("server/test/")) return null;
      return "server/db imports only server/db, server/lib and server/config";
    },
  },
  {
    name: "client/lib is below client/components",
    check: (from, to) =>
      from.startsWith("client/lib/") && to.startsWith("client/components/")
        ? "client/lib does not import client/components; move the shared piece into client/lib"
        : null,
  },
  {
    name: "shared client code is below the features",
    check: (from, to) =>
      /^client\/(components|lib|entities)\//.test(from) && /^client\/(features|app)\//.test(to)
        ? "client/entities, client/components and client/lib import neither features nor app"
        : null,
  },
  {
    name: "the entities are above the generic client code",
    check: (from, to) =>
      /^client\/(components|lib)\//.test(from) && to.startsWith("client/entities/")
        ? "client/components and client/lib do not import client/entities; a piece both need moves down"
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

/** The file an import resolves to among `files` (extension or index added), or null. */
function fileOf(target: string, files: ReadonlySet<string>): string | null {
  const bare = target.replace(/\.(js|mjs)$/, "");
  for (const candidate of [
    target,
    `${bare}.ts`,
    `${bare}.tsx`,
    `${bare}.mts`,
    `${bare}/index.ts`,
    `${bare}/index.tsx`,
  ]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/**
 * The import cycles among `sources` (repo-relative file -> text): each strongly connected group of
 * files that import each other, round or through others, as one violation naming the circle.
 * Type-only imports count too: a circle of types is still two modules that cannot be read apart.
 */
export function importCycles(sources: ReadonlyMap<string, string>): Violation[] {
  const files = new Set(sources.keys());
  const edges = new Map<string, { to: string; line: number; specifier: string }[]>();
  for (const [file, source] of sources) {
    const out: { to: string; line: number; specifier: string }[] = [];
    for (const match of source.matchAll(IMPORT_PATTERN)) {
      const target = resolveImport(file, match[2]);
      const to = target === null ? null : fileOf(target, files);
      if (to === null || to === file) continue;
      out.push({ to, line: source.slice(0, match.index).split("\n").length, specifier: match[2] });
    }
    edges.set(file, out);
  }
  // Tarjan's strongly connected components, iteratively (deep import chains would overflow a recursion).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const out = edges.get(frame.file) ?? [];
      if (frame.next < out.length) {
        const { to } = out[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ file: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.file, Math.min(low.get(frame.file) as number, index.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.file, Math.min(low.get(parent.file) as number, low.get(frame.file) as number));
      if (low.get(frame.file) === index.get(frame.file)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.file);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups.map((group) => {
    const first = group[0];
    const inGroup = new Set(group);
    const edge = (edges.get(first) ?? []).find((each) => inGroup.has(each.to)) as {
      line: number;
      specifier: string;
    };
    return {
      file: first,
      line: edge.line,
      specifier: edge.specifier,
      rule: `import cycle: ${group.join(" <-> ")}; move what they share into a module both import`,
    };
  });
}

/** Checks every source file of core, client and server under `root`: the rules, then the cycles. */
export function checkBoundaries(root: string): Violation[] {
  const sources = new Map(
    ["core", "client", "server"]
      .flatMap((dir) => sourceFiles(root, dir))
      .map((file) => [file, readFileSync(path.join(root, file), "utf8")] as const),
  );
  return [...[...sources].flatMap(([file, source]) => violationsIn(file, source)), ...importCycles(sources)];
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
