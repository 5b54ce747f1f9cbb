import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiLiteralsIn, checkReferences, referencesIn } from "./check-references";

describe("referencesIn", () => {
  it("refuses the shared spec's decisions file and issue numbers, and passes the repo's own docs", () => {
    const source = [
      "// Undo (decisions.md section 11): an entry is reverted.",
      "// No N+1 queries (issue 10).",
      "// See Issue #21 for why.",
      "// Undo (docs/decisions/030-history-activity-and-undo.md).",
      "// The issue of the day, with no number.",
    ].join("\n");
    expect(referencesIn("server/x.ts", source).map((reference) => reference.line)).toEqual([1, 2, 3]);
  });

  it("passes this repository", () => {
    expect(checkReferences(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

describe("apiLiteralsIn", () => {
  const source = [
    'await requestJson("POST", "/api/projects", input);',
    "const url = `/api/projects/` + id;",
    "fetch('/api/health');",
    'await requestJson("POST", apiRoutes.projects.url(), input);',
    "// GET /api/projects/{id} answers the project.",
    ' * @example isProjectListKey(["/api/projects"]) // true',
  ].join("\n");

  it("refuses an API URL written in client source, and passes the table's and comments", () => {
    const found = apiLiteralsIn("client/features/a/x.tsx", source);
    expect(found.map((reference) => reference.line)).toEqual([1, 2, 3]);
    expect(found[0].problem).toMatch(/apiRoutes/);
  });

  it("leaves tests and code outside client alone", () => {
    expect(apiLiteralsIn("client/lib/x.test.ts", source)).toEqual([]);
    expect(apiLiteralsIn("client/lib/x.dom.test.tsx", source)).toEqual([]);
    expect(apiLiteralsIn("server/routes/x/index.ts", source)).toEqual([]);
  });

  const root = mkdtempSync(path.join(tmpdir(), "references-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names the file and line of a planted one in a tree", () => {
    for (const dir of ["core", "client/lib", "server", "scripts", "bench", "e2e"]) {
      mkdirSync(path.join(root, dir), { recursive: true });
    }
    writeFileSync(path.join(root, "client/lib/get-x.ts"), 'import { a } from "b";\nfetch(`/api/x`);\n');
    writeFileSync(path.join(root, "client/lib/get-x.test.ts"), 'expect(url).toBe("/api/x/1");\n');
    expect(checkReferences(root).map(({ file, line }) => `${file}:${line}`)).toEqual([
      "client/lib/get-x.ts:2",
    ]);
  });
});
